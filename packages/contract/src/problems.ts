// Every problem `code` the API answers with, and what a person should do about it. The server publishes
// one page per code at the problem's `type` URI (`<origin>/problems/<code-with-dashes>`).

import { LIMITS } from './constants.ts';

export interface ProblemKind {
  title: string;
  /** What happened, in general. */
  meaning: string;
  /** What to do next. */
  action: string;
}

const RETRY = 'Retry later; the answer says `retryable: true` and, where known, how long to wait in `Retry-After`.';

export const PROBLEM_KINDS = {
  validation_failed: {
    title: 'Validation failed',
    meaning:
      'A field of the request is missing or has a value the API does not accept, or the request carries a field or query parameter the API does not have (unknown ones are refused, never ignored).',
    action:
      'Read `errors[]`: each entry names the field (`pointer`) and why (`detail`); `message` repeats the first reasons. Fix them and send again.',
  },
  bad_request: {
    title: 'Bad request',
    meaning: `The request as a whole could not be read (for example JSON that does not parse, JSON nesting arrays and objects deeper than ${LIMITS.jsonBodyDepth} levels, or a malformed HTTP request).`,
    action: 'Send valid JSON with `Content-Type: application/json`, or check the client that builds the request.',
  },
  unauthorized: {
    title: 'Authentication required',
    meaning: 'No valid session or API token came with the request, or the token was deleted or disabled.',
    action: 'Sign in again, or send `Authorization: Bearer nbk_...` with an active token from the /api page.',
  },
  invalid_credentials: {
    title: 'Sign-in failed',
    meaning: 'The username or the password is wrong.',
    action: 'Check both and try again; after repeated failures from your address sign-in pauses for a while.',
  },
  account_disabled: {
    title: 'Account disabled',
    meaning: 'An administrator disabled this account.',
    action: 'Contact support.',
  },
  forbidden: {
    title: 'Forbidden',
    meaning: 'You are signed in but this action needs rights you do not have (for example an admin page).',
    action: 'Use an account with those rights.',
  },
  csrf_rejected: {
    title: 'Cross-site request refused',
    meaning: "A write carrying the session cookie came from another site's page.",
    action: 'Reload the page on this site and try again; integrations should use an API token instead of a cookie.',
  },
  url_not_allowed: {
    title: 'Address not allowed',
    meaning: 'The address points to a private, loopback or otherwise protected network, or to a host not on the allow-list.',
    action: 'Use a public http(s) address.',
  },
  not_found: {
    title: 'Not found',
    meaning: "Nothing of yours exists at this address (another user's task is a 404 too).",
    action: 'Check the id or the path.',
  },
  method_not_allowed: {
    title: 'Method not allowed',
    meaning: 'The path exists but not with this HTTP method.',
    action: 'Use one of the methods listed in the `Allow` header.',
  },
  request_timeout: {
    title: 'Request timeout',
    meaning: 'The request took too long to arrive.',
    action: 'Send it again, over a faster connection if you can.',
  },
  conflict: {
    title: 'Conflict',
    meaning: 'The request conflicts with the current state of the resource.',
    action: 'Reload the resource and decide again.',
  },
  too_many_packages: {
    title: 'Too many packages',
    meaning: 'The most credit packages the catalogue may hold exist already (active or not).',
    action: 'Delete or reuse a package you no longer sell.',
  },
  too_many_kie_apis: {
    title: 'Too many KIE accounts',
    meaning: 'The most KIE provider accounts that may be added exist already.',
    action: 'Delete an account you no longer use, then add the new one.',
  },
  username_taken: {
    title: 'Username taken',
    meaning: 'Another account already uses this username.',
    action: 'Choose another username.',
  },
  cannot_change_self: {
    title: 'You cannot do this to your own account',
    meaning: 'Admins cannot remove their own admin rights, disable or delete themselves.',
    action: 'Ask another admin to do it.',
  },
  task_in_progress: {
    title: 'Task still in progress',
    meaning: 'The task has not ended yet.',
    action: 'Wait for it to end; a failed task is refunded automatically.',
  },
  task_not_completed: {
    title: 'Task not completed',
    meaning: 'The task has no finished image yet (still running, or failed), so there is nothing to download or share.',
    action: 'Leave it out of the download, or wait until it has completed before downloading or sharing it.',
  },
  idempotency_in_progress: {
    title: 'Request in progress',
    meaning: 'The first request with this `Idempotency-Key` is still running.',
    action: `Send the same request again shortly to get its answer. ${RETRY}`,
  },
  length_required: {
    title: 'Length required',
    meaning: 'The request had a body without a length.',
    action: 'Send `Content-Length` (most clients do this for you).',
  },
  payload_too_large: {
    title: 'Payload too large',
    meaning: 'The request body is larger than this call accepts.',
    action: 'Send less: smaller images (at most 10 MB each) or fewer at once.',
  },
  image_too_large: {
    title: 'Image too large',
    meaning: 'An image is larger than 10 MB.',
    action: 'Resize or compress it, then try again.',
  },
  board_name_taken: {
    title: 'Name in use',
    meaning: 'One of your boards already has this name (names are compared ignoring case).',
    action: 'Choose another name, or use the board that has it.',
  },
  too_many_boards: {
    title: 'Too many boards',
    meaning: 'You have as many boards as one user may have.',
    action: 'Delete a board you no longer need (its images stay), then try again.',
  },
  upload_quota_exceeded: {
    title: 'Upload storage full',
    meaning: 'Your stored reference uploads reached your quota.',
    action: 'Uploads no task used are deleted after a day: try again later, or upload smaller images.',
  },
  unsupported_media_type: {
    title: 'Unsupported media type',
    meaning: 'The body is not in a format this call accepts.',
    action: 'Send JSON (`application/json`) or, for uploads, `multipart/form-data`.',
  },
  invalid_image: {
    title: 'Invalid image',
    meaning: 'An image could not be fetched or is not a complete PNG, JPEG or WebP image.',
    action: 'Check the address answers with the image itself (not a web page) and that the file opens.',
  },
  insufficient_credits: {
    title: 'Insufficient credits',
    meaning: 'Your balance is lower than the price of this task. Nothing was charged.',
    action: 'Buy credits on the pricing page, then send the request again.',
  },
  package_unavailable: {
    title: 'Package not available',
    meaning: 'The credit package cannot be bought (inactive, or not set up for this payment method).',
    action: 'Choose another package or payment method.',
  },
  idempotency_key_reused: {
    title: 'Idempotency key reused',
    meaning: 'This `Idempotency-Key` was already used with a different request body.',
    action: 'Use a new key for a new request; reuse a key only to repeat the very same request.',
  },
  unprocessable: {
    title: 'Cannot process',
    meaning: 'The request is well formed but cannot be carried out in the current state.',
    action: 'Read `message` for the reason.',
  },
  payment_declined: {
    title: 'Payment declined',
    meaning: 'The payment provider declined the payment. No credits were added and nothing was charged by us.',
    action: 'Try another card or account, or contact your bank.',
  },
  instrument_declined: {
    title: 'Payment declined',
    meaning: 'PayPal declined the card or account chosen for this payment. No credits were added.',
    action: 'Choose another way to pay in the PayPal window and try again.',
  },
  payment_not_completed: {
    title: 'Payment not completed',
    meaning: 'The payment has not been completed (yet).',
    action: 'Finish the payment with the provider; if you did, wait a moment: the credits arrive once it is confirmed.',
  },
  payment_mismatch: {
    title: 'Payment does not match the order',
    meaning: 'The confirmed payment differs from the order (amount, currency or package).',
    action: 'Contact support with the order id; no credits were added.',
  },
  unknown_order: {
    title: 'Unknown order',
    meaning: 'The payment event does not belong to any order of ours.',
    action: 'Nothing to do for a buyer; providers should stop sending it.',
  },
  invalid_signature: {
    title: 'Invalid signature',
    meaning: 'A webhook or return address did not carry a valid signature.',
    action: 'Providers: check the signing secret. Buyers: use the link the provider returned you with.',
  },
  rate_limited: {
    title: 'Too many requests',
    meaning: 'You used up the requests allowed in the current window (automation API: per token, see the `RateLimit` field).',
    action: `Wait the seconds in \`Retry-After\`, then continue.`,
  },
  token_cap_reached: {
    title: 'Token spending cap reached',
    meaning:
      'This API token would pass the credit cap its owner set: per UTC day (429, with `Retry-After` until the day ends) or in all (402). Nothing was charged.',
    action: 'Wait for the next UTC day, or raise or remove the cap on the API page (API tokens).',
  },
  too_many_tasks: {
    title: 'Too many tasks in progress',
    meaning: 'You have the most images in progress at once that an account may have.',
    action: 'Wait for one to finish, then submit again.',
  },
  headers_too_large: {
    title: 'Request header fields too large',
    meaning: 'The request line or headers are larger than the server accepts.',
    action: 'Send fewer or shorter headers, or a shorter address.',
  },
  internal_error: {
    title: 'Internal server error',
    meaning: 'Something failed on our side; nothing was charged for work that did not happen.',
    action: `${RETRY} If it persists, contact support with the \`instance\` id of the answer.`,
  },
  upstream_failed: {
    title: 'Upstream provider failed',
    meaning: 'A service we depend on answered with an error.',
    action: RETRY,
  },
  generation_failed: {
    title: 'Generation failed',
    meaning: 'The image task was accepted and ran, but the provider could not make the image. Its credits were refunded.',
    action: 'Change the prompt or the reference pictures if the detail suggests it, then send a new request.',
  },
  task_still_running: {
    title: 'Task still running',
    meaning: 'The image is not ready within the time this call waits. The task goes on and is charged once.',
    action: 'Send the same request with the same `Idempotency-Key` to keep waiting without a second charge, or poll the task by its id.',
  },
  payment_provider_failed: {
    title: 'Payment provider failed',
    meaning: 'The payment provider did not answer as expected. Nothing was charged by us.',
    action: RETRY,
  },
  kie_failed: {
    title: 'KIE request failed',
    meaning: 'The image provider KIE refused or failed the admin request.',
    action: 'Check the provider account (key, credits), then retry.',
  },
  telegram_failed: {
    title: 'Telegram test failed',
    meaning: 'Telegram refused the test message.',
    action: 'Check the bot token and the chat id (the bot must be a member of the chat).',
  },
  unavailable: {
    title: 'Service unavailable',
    meaning: 'The service is starting, stopping or overloaded.',
    action: RETRY,
  },
  no_provider: {
    title: 'Image generation is unavailable',
    meaning: 'No image provider account can take work right now. Nothing was charged.',
    action: RETRY,
  },
  storage_unavailable: {
    title: 'File storage unavailable',
    meaning:
      'The file storage (the bucket) cannot be reached right now, so the upload was not stored. Nothing was kept and nothing was charged.',
    action: RETRY,
  },
  studio_busy: {
    title: 'Image generation is busy',
    meaning: 'More images are waiting to start than the studio takes on at once, so this one was not accepted. Nothing was charged.',
    action: RETRY,
  },
  studio_unavailable: {
    title: 'Studio unavailable',
    meaning: 'The image studio is not running in the process that answered.',
    action: RETRY,
  },
  payment_method_unavailable: {
    title: 'Payment method unavailable',
    meaning: 'This payment method is not set up right now.',
    action: 'Choose another payment method, or contact support.',
  },
  step_up_required: {
    title: 'Confirm it is you',
    meaning: 'This call moves money or power and needs a second-factor check of this session within the last 10 minutes.',
    action:
      'Confirm with `POST /api/auth/step-up` (an authenticator code, a recovery code or a passkey; the password for an account without a second factor), then send the call again.',
  },
  second_factor_required: {
    title: 'Second factor required',
    meaning: 'Admins must have a second factor (an authenticator app or a passkey) before any admin page or call answers.',
    action: 'Set one up under My Account, Security, then come back.',
  },
  second_factor_invalid: {
    title: 'Code not accepted',
    meaning: 'The authenticator code, recovery code or passkey answer was not right (or was already used).',
    action: 'Enter the code your authenticator app shows now, or an unused recovery code; repeated failures pause sign-in for a while.',
  },
  passkey_invalid: {
    title: 'Passkey not accepted',
    meaning:
      'The passkey answer could not be verified: the passkey was removed from the account, the request expired or was already used, or it came from another site.',
    action: 'Ask the browser for a passkey again; use a password if the passkey was removed.',
  },
  sign_in_expired: {
    title: 'Sign in again',
    meaning: 'The sign-in waiting for its second factor is over (after 5 minutes) or was finished elsewhere.',
    action: 'Enter your username and password again.',
  },
  link_invalid: {
    title: 'Link not valid',
    meaning: 'The mailed link was already used, has expired (after 30 minutes) or was replaced by a newer one.',
    action: 'Ask for a new link and use the latest mail.',
  },
  no_email: {
    title: 'No email address',
    meaning: 'The account has no email address to send the link to.',
    action: 'Add an email address to your account first.',
  },
  google_disabled: {
    title: 'Google sign-in is off',
    meaning: 'Google sign-in is not set up on this server.',
    action: 'Sign in with a username and password.',
  },
  google_unavailable: {
    title: 'Google sign-in unavailable',
    meaning: 'Google could not be reached.',
    action: 'Try again in a moment, or sign in with a username and password.',
  },
  telegram_not_configured: {
    title: 'Telegram is not configured',
    meaning: 'The Telegram bot token or chat id is missing.',
    action: 'Set both in the admin settings first.',
  },
} as const satisfies Record<string, ProblemKind>;

export type ProblemCode = keyof typeof PROBLEM_KINDS;

/** `validation_failed` -> `validation-failed`, the last segment of the problem's type URI. */
export const problemSlug = (code: string): string => code.replaceAll('_', '-');

export function problemKindOfSlug(slug: string): (ProblemKind & { code: ProblemCode }) | undefined {
  const code = slug.replaceAll('-', '_');
  return Object.hasOwn(PROBLEM_KINDS, code) ? { code: code as ProblemCode, ...PROBLEM_KINDS[code as ProblemCode] } : undefined;
}
