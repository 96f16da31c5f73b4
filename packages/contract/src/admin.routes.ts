// Admin routes (spec 001 §7). Every one requires an active admin session: 401 without, 403 for non-admins.
import {
  AdminCreditPackage,
  AdminCreditPackageList,
  AdminCreditsUpdate,
  AdminSettings,
  AdminSettingsUpdate,
  AdminTransactionList,
  AdminTransactionListQuery,
  AdminUser,
  AdminUserCreate,
  AdminUserDeleted,
  AdminUserList,
  AdminUserListQuery,
  AdminUserToggle,
  AdminUserUpdate,
  CreditPackageCreate,
  CreditPackageDeleted,
  CreditPackageUpdate,
  DeleteFailedResult,
  FailedTaskList,
  FailedTaskListQuery,
  KieApiAccount,
  KieApiAccountList,
  KieApiCreate,
  KieApiUpdate,
  RecheckResult,
  RefundResult,
  TaskIdParams,
  TelegramSettingsUpdate,
  TelegramTestResult,
  UserIdParams,
} from './admin.ts';
import { IdParams, MessageResponse } from './common.ts';
import { LIMITS } from './constants.ts';
import { defineRoute, type ProblemExample } from './route.ts';

const tags = ['Admin'];

const conflictOn = (field: string, detail: string, code = 'conflict'): ProblemExample => ({
  code,
  title: 'Conflict',
  detail,
  errors: [{ pointer: `/body/${field}`, detail }],
});
const cannotChangeSelf = (detail: string): ProblemExample => ({
  code: 'cannot_change_self',
  title: 'You cannot do this to your own account',
  detail,
});
const USERNAME_TAKEN = conflictOn('username', 'Username is already taken', 'username_taken');
const KIE_TOKEN_TAKEN = conflictOn('token', 'This API token is already added', 'kie_token_taken');
const HASHING_BUSY: ProblemExample = {
  code: 'rate_limited',
  title: 'Too many requests',
  detail: 'The server is busy checking passwords. Try again in a moment.',
  retryable: true,
};
const STUDIO_UNAVAILABLE: ProblemExample = {
  code: 'studio_unavailable',
  title: 'Studio unavailable',
  detail: 'The image studio is not running in this process.',
};

// ---------------------------------------------------------------- settings

export const getAdminSettings = defineRoute({
  method: 'get',
  path: '/api/admin/settings',
  operationId: 'getAdminSettings',
  summary: 'All admin settings (secrets masked)',
  description: 'Secrets are never answered: each appears as `<name>Set` and `<name>Hint` (`••••` plus its last 4 characters).',
  tags,
  role: 'admin',
  responses: { 200: { description: 'The settings.', schema: AdminSettings } },
});

export const updateAdminSettings = defineRoute({
  method: 'put',
  path: '/api/admin/settings',
  operationId: 'updateAdminSettings',
  summary: 'Change admin settings',
  description:
    'A partial update. A secret left out or sent as an empty string keeps its stored value; `null` removes it. Secrets are stored encrypted (AES-256-GCM under a key derived from `SECRET_KEY`). Answers the settings as `GET` does.',
  tags,
  role: 'admin',
  request: { body: AdminSettingsUpdate },
  responses: { 200: { description: 'The settings after the change.', schema: AdminSettings } },
});

export const updateTelegramSettings = defineRoute({
  method: 'put',
  path: '/api/admin/settings/telegram',
  operationId: 'updateTelegramSettings',
  summary: 'Change the Telegram bot settings',
  description:
    'Bot token (write-only, same rules as the other secrets) and chat id. Answers all settings as `GET /api/admin/settings` does.',
  tags,
  role: 'admin',
  request: { body: TelegramSettingsUpdate },
  responses: { 200: { description: 'The settings after the change.', schema: AdminSettings } },
});

export const testTelegram = defineRoute({
  method: 'post',
  path: '/api/test-telegram',
  operationId: 'testTelegram',
  summary: 'Send a Telegram test message',
  description:
    'Sends a test message with the stored bot token to the stored chat, right now (not queued). 503 `telegram_not_configured` when the token or chat id is missing; 502 `telegram_failed` with Telegram\'s reason (e.g. "Bad Request: chat not found") when Telegram refuses or cannot be reached. Any request body is ignored.',
  tags,
  role: 'admin',
  responses: { 200: { description: 'Telegram accepted the message.', schema: TelegramTestResult } },
  problems: [502, 503],
  problemExamples: {
    502: [{ code: 'telegram_failed', title: 'Telegram test failed', detail: 'Telegram: Bad Request: chat not found' }],
    503: [
      { code: 'telegram_not_configured', title: 'Telegram is not configured', detail: 'Set the Telegram bot token and chat id first.' },
    ],
  },
});

// ---------------------------------------------------------------- credit packages

export const listAdminCreditPackages = defineRoute({
  method: 'get',
  path: '/api/admin/credit-packages',
  operationId: 'listAdminCreditPackages',
  summary: 'Every credit package, active or not',
  description: 'Cheapest first, like the public list, but including inactive packages and the Creem product id.',
  tags,
  role: 'admin',
  responses: { 200: { description: 'All packages.', schema: AdminCreditPackageList } },
});

export const createCreditPackage = defineRoute({
  method: 'post',
  path: '/api/admin/credit-packages',
  operationId: 'createCreditPackage',
  summary: 'Add a credit package',
  description: `Validation messages: 'Package name is required', 'Credits must be positive', 'Price must be valid'. At most ${LIMITS.maxCreditPackages} packages exist, active or not: beyond that 409 \`too_many_packages\`.`,
  tags,
  role: 'admin',
  request: { body: CreditPackageCreate },
  responses: { 201: { description: 'Created.', schema: AdminCreditPackage } },
  problems: [409],
  problemExamples: {
    409: [
      {
        code: 'too_many_packages',
        title: 'Too many packages',
        detail: `There are already ${LIMITS.maxCreditPackages} credit packages. Delete one first.`,
      },
    ],
  },
});

export const updateCreditPackage = defineRoute({
  method: 'put',
  path: '/api/admin/credit-packages/{id}',
  operationId: 'updateCreditPackage',
  summary: 'Change a credit package',
  description: 'Existing orders keep the name, credits and price they were sold with.',
  tags,
  role: 'admin',
  request: { params: IdParams, body: CreditPackageUpdate },
  responses: { 200: { description: 'The package after the change.', schema: AdminCreditPackage } },
});

export const deleteCreditPackage = defineRoute({
  method: 'delete',
  path: '/api/admin/credit-packages/{id}',
  operationId: 'deleteCreditPackage',
  summary: 'Delete a credit package',
  description:
    'Deletes the package, unless orders or ledger entries refer to it: then it is deactivated instead (hidden and no longer for sale) so no history points at a missing package, and `deactivated` is true.',
  tags,
  role: 'admin',
  request: { params: IdParams },
  responses: { 200: { description: 'Deleted or deactivated.', schema: CreditPackageDeleted } },
});

// ---------------------------------------------------------------- provider accounts

export const listKieApis = defineRoute({
  method: 'get',
  path: '/api/admin/kie-apis',
  operationId: 'listKieApis',
  summary: 'KIE provider accounts',
  description: 'Oldest first. Tokens are never answered, only a hint.',
  tags,
  role: 'admin',
  responses: { 200: { description: 'All accounts.', schema: KieApiAccountList } },
});

export const createKieApi = defineRoute({
  method: 'post',
  path: '/api/admin/kie-apis',
  operationId: 'createKieApi',
  summary: 'Add a KIE provider account',
  description: `The token is stored encrypted. A token that is already added answers 409 with the pointer \`/body/token\`; beyond ${LIMITS.maxKieAccounts} accounts 409 \`too_many_kie_apis\`.`,
  tags,
  role: 'admin',
  request: { body: KieApiCreate },
  responses: { 201: { description: 'Created.', schema: KieApiAccount } },
  problems: [409],
  problemExamples: {
    409: [
      KIE_TOKEN_TAKEN,
      {
        code: 'too_many_kie_apis',
        title: 'Too many KIE accounts',
        detail: `There are already ${LIMITS.maxKieAccounts} KIE accounts. Delete one first.`,
      },
    ],
  },
});

export const updateKieApi = defineRoute({
  method: 'put',
  path: '/api/admin/kie-apis/{id}',
  operationId: 'updateKieApi',
  summary: 'Change a KIE provider account',
  description: 'Fields left out keep their value; an empty or missing token keeps the stored one.',
  tags,
  role: 'admin',
  request: { params: IdParams, body: KieApiUpdate },
  responses: { 200: { description: 'The account after the change.', schema: KieApiAccount } },
  problems: [409],
  problemExamples: { 409: [KIE_TOKEN_TAKEN] },
});

export const deleteKieApi = defineRoute({
  method: 'delete',
  path: '/api/admin/kie-apis/{id}',
  operationId: 'deleteKieApi',
  summary: 'Delete a KIE provider account',
  description:
    'Its tasks keep their history (their account reference is cleared). Tasks still running on it can no longer be polled and end by their time limit, refunded.',
  tags,
  role: 'admin',
  request: { params: IdParams },
  responses: { 200: { description: 'Deleted.', schema: MessageResponse } },
});

export const refreshKieApiCredits = defineRoute({
  method: 'post',
  path: '/api/admin/kie-apis/{id}/refresh-credits',
  operationId: 'refreshKieApiCredits',
  summary: "Read an account's real balance from KIE",
  description:
    "Asks KIE's credit endpoint with the account's token and stores the answer as `totalCredits`. 502 `kie_failed` when KIE refuses (e.g. a revoked token) or cannot be reached. Any request body is ignored.",
  tags,
  role: 'admin',
  request: { params: IdParams },
  responses: { 200: { description: 'The account with its refreshed balance.', schema: KieApiAccount } },
  problems: [502],
  problemExamples: { 502: [{ code: 'kie_failed', title: 'KIE request failed', detail: 'KIE: Unauthorized' }] },
});

// ---------------------------------------------------------------- users

export const listAdminUsers = defineRoute({
  method: 'get',
  path: '/api/admin/users',
  operationId: 'listAdminUsers',
  summary: 'Users with their image counts',
  description: `Newest first. Without \`limit\` every matching user up to the newest ${LIMITS.maxUnpagedUsers} is answered (the dashboard filters and pages them itself); \`total\` counts them all.`,
  tags,
  role: 'admin',
  request: { query: AdminUserListQuery },
  responses: { 200: { description: 'Matching users.', schema: AdminUserList } },
});

export const createAdminUser = defineRoute({
  method: 'post',
  path: '/api/admin/users',
  operationId: 'createAdminUser',
  summary: 'Add a user',
  description: 'A username taken in any letter case answers 409 with the pointer `/body/username`.',
  tags,
  role: 'admin',
  request: { body: AdminUserCreate },
  responses: { 201: { description: 'Created.', schema: AdminUser } },
  problems: [409, 429],
  problemExamples: { 409: [USERNAME_TAKEN], 429: [HASHING_BUSY] },
});

export const updateAdminUser = defineRoute({
  method: 'put',
  path: '/api/admin/users/{id}',
  operationId: 'updateAdminUser',
  summary: 'Change a user',
  description:
    "Removing your own admin rights or disabling yourself answers 409 (`cannot_change_self`). A taken username answers 409 with `/body/username`. A new password or disabling ends the user's sessions. A credits change is written to the ledger as an `adjustment`.",
  tags,
  role: 'admin',
  request: { params: IdParams, body: AdminUserUpdate },
  responses: { 200: { description: 'The user after the change.', schema: AdminUser } },
  problems: [409, 429],
  problemExamples: {
    409: [
      {
        ...cannotChangeSelf('You cannot remove your own admin rights.'),
        errors: [{ pointer: '/body/isAdmin', detail: 'You cannot remove your own admin rights.' }],
      },
      USERNAME_TAKEN,
    ],
    429: [HASHING_BUSY],
  },
});

export const deleteAdminUser = defineRoute({
  method: 'delete',
  path: '/api/admin/users/{id}',
  operationId: 'deleteAdminUser',
  summary: 'Delete a user',
  description:
    'A soft delete that keeps the books: the account stays as an anonymous, disabled row (username `deleted:<id>`, which no one can choose; no email, password, Google link or admin rights) and leaves the user list; its sessions and API tokens are deleted; its image tasks and their stored files (results, thumbnails, uploads they used) are deleted; its orders and ledger entries stay for accounting (ledger entries keep task ids as historical references). Deleting yourself answers 409 (`cannot_change_self`).',
  tags,
  role: 'admin',
  request: { params: IdParams },
  responses: { 200: { description: 'Deleted.', schema: AdminUserDeleted } },
  problems: [409],
  problemExamples: { 409: [cannotChangeSelf('You cannot delete your own account.')] },
});

export const toggleAdminUser = defineRoute({
  method: 'put',
  path: '/api/admin/users/{userId}/toggle',
  operationId: 'toggleAdminUser',
  summary: 'Enable or disable a user',
  description: "Disabling ends the user's sessions at once. Disabling yourself answers 409 (`cannot_change_self`).",
  tags,
  role: 'admin',
  request: { params: UserIdParams, body: AdminUserToggle },
  responses: { 200: { description: 'The user after the change.', schema: AdminUser } },
  problems: [409],
  problemExamples: { 409: [cannotChangeSelf('You cannot disable your own account.')] },
});

export const setUserCredits = defineRoute({
  method: 'put',
  path: '/api/admin/users/{userId}/credits',
  operationId: 'setUserCredits',
  summary: "Set a user's balance",
  description:
    "Writes the signed difference to the ledger as one `adjustment` entry (nothing when unchanged), with the user row locked, so the balance always equals the sum of the ledger. The optional `reason` goes into that entry's description. Credits that are not a whole number of at least 0 answer 400 at `/body/credits` and change nothing.",
  tags,
  role: 'admin',
  request: { params: UserIdParams, body: AdminCreditsUpdate },
  responses: { 200: { description: 'The user with the new balance.', schema: AdminUser } },
  problemExamples: {
    400: [
      {
        code: 'validation_failed',
        title: 'Validation failed',
        detail: 'Invalid request body.',
        errors: [{ pointer: '/body/credits', detail: 'Credits must be a whole number of at least 0' }],
      },
    ],
  },
});

// ---------------------------------------------------------------- transactions, refunds, recovery

export const listAdminTransactions = defineRoute({
  method: 'get',
  path: '/api/admin/transactions',
  operationId: 'listAdminTransactions',
  summary: 'Every ledger entry of every user',
  description: "Newest first, with the user's name and email; `search` matches username, email or description (any letter case).",
  tags,
  role: 'admin',
  request: { query: AdminTransactionListQuery },
  responses: { 200: { description: 'One page of entries.', schema: AdminTransactionList } },
});

export const listFailedTasks = defineRoute({
  method: 'get',
  path: '/api/admin/failed-tasks',
  operationId: 'listFailedTasks',
  summary: 'The newest failed tasks',
  description:
    "Newest first, with the owner's username, the reason and whether the credits went back, so Image Recovery can refund one without knowing its id beforehand; `total` counts every failed task.",
  tags,
  role: 'admin',
  request: { query: FailedTaskListQuery },
  responses: { 200: { description: 'The newest failed tasks.', schema: FailedTaskList } },
});

export const refundTask = defineRoute({
  method: 'post',
  path: '/api/admin/refund/{taskId}',
  operationId: 'refundTask',
  summary: "Refund a task's credits",
  description:
    'Returns the credits a finished task (failed or completed) was charged, once per task (ledger key `refund:<task id>`): a second call answers 200 with `amount: 0`, as does a free task. A task still in progress answers 409 `task_in_progress` (the pipeline refunds it if it fails). Any request body is ignored.',
  tags,
  role: 'admin',
  request: { params: TaskIdParams },
  responses: { 200: { description: 'Refunded (or already refunded: amount 0).', schema: RefundResult } },
  problems: [409],
  problemExamples: {
    409: [
      {
        code: 'task_in_progress',
        title: 'Task still in progress',
        detail: 'The task is still running; it is refunded automatically if it fails.',
      },
    ],
  },
});

export const recheckFailedTasks = defineRoute({
  method: 'post',
  path: '/api/admin/recheck-failed-videos',
  operationId: 'recheckFailedTasks',
  summary: 'Re-check failed tasks of the last 24 hours',
  description:
    'Asks the provider again (KIE with the account that ran the task; the sandbox for sandbox tasks) about every task that failed in the last 24 hours. A task that in fact finished is completed with its images stored by us. Its refund stands: the user was told it failed and got the credits back, so a recovered task is delivered free and nothing is charged behind their back. 503 `studio_unavailable` when the studio does not run in this process. Any request body is ignored.',
  tags,
  role: 'admin',
  responses: { 200: { description: 'What was checked and recovered.', schema: RecheckResult } },
  problems: [503],
  problemExamples: { 503: [STUDIO_UNAVAILABLE] },
});

export const deleteFailedTasks = defineRoute({
  method: 'delete',
  path: '/api/admin/delete-failed-videos',
  operationId: 'deleteFailedTasks',
  summary: 'Delete every failed task',
  description:
    'Deletes failed tasks whose credits are settled (refunded, or free) with their stored results and thumbnails; a failed task still owed a refund stays until it is refunded. Uploaded reference pictures are kept (other tasks may use them). Ledger entries keep the task id as a historical reference. 503 `studio_unavailable` when the studio does not run in this process.',
  tags,
  role: 'admin',
  responses: { 200: { description: 'How many were deleted.', schema: DeleteFailedResult } },
  problems: [503],
  problemExamples: { 503: [STUDIO_UNAVAILABLE] },
});

export const adminSettingsRoutes = [getAdminSettings, updateAdminSettings, updateTelegramSettings, testTelegram] as const;
export const adminPackageRoutes = [listAdminCreditPackages, createCreditPackage, updateCreditPackage, deleteCreditPackage] as const;
export const adminKieApiRoutes = [listKieApis, createKieApi, updateKieApi, deleteKieApi, refreshKieApiCredits] as const;
export const adminUserRoutes = [
  listAdminUsers,
  createAdminUser,
  updateAdminUser,
  deleteAdminUser,
  toggleAdminUser,
  setUserCredits,
] as const;
export const adminTransactionRoutes = [listAdminTransactions] as const;
export const adminTaskRoutes = [listFailedTasks, refundTask, recheckFailedTasks, deleteFailedTasks] as const;

/** Every admin route; joins `allRoutes` section by section as the handlers land. */
export const adminRoutes = [
  ...adminSettingsRoutes,
  ...adminPackageRoutes,
  ...adminKieApiRoutes,
  ...adminUserRoutes,
  ...adminTransactionRoutes,
  ...adminTaskRoutes,
] as const;
