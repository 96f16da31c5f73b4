// Shared set-up for the admin route tests: the real app on a fresh database, one admin and one ordinary
// user with sessions, a request helper that fails on any plaintext secret in an answer, and role checks.
import { expect } from 'vitest';
import {
  createUser,
  type RequestOptions,
  signIn,
  startTestServer,
  type TestResponse,
  type TestServer,
  type TestServerOptions,
  type TestUser,
} from '../../../test/index.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { type OperatorAlerts, operatorNotifier } from '../billing/index.ts';
import { applyLedgerEntry } from '../ledger/index.ts';
import { AdminSettingsRepository } from '../settings/index.ts';
import { ImageTask, newTaskId, usageKey } from '../studio/index.ts';

export interface SignedIn extends TestUser {
  /** `sid=...` for the `cookie` request option. */
  cookie: string;
}

/** Fields of a test task; `kieApi` is the account id. */
export type TaskValues = Omit<Partial<ImageTask>, 'kieApi'> & { kieApi?: string };

export interface AdminKit {
  server: TestServer;
  admin: SignedIn;
  user: SignedIn;
  /** Plaintext secrets that must never appear in an answer; add every secret a test stores. */
  secrets: Set<string>;
  /** `server.request` with the admin's cookie; fails when an answer contains any of `secrets`. */
  asAdmin<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** A new signed-in user. */
  signedIn(options?: Parameters<typeof createUser>[1]): Promise<SignedIn>;
  /** The app's file storage (the server's studio storage). */
  files: FileStorage;
  /** The app's operator notifier (await `idle()` before reading Telegram messages). */
  notifier(): OperatorAlerts;
  /** Inserts a finished task of the user, charged through the ledger (`usage:<taskId>`) like the studio does. */
  createTask(userId: string, values?: TaskValues): Promise<ImageTask>;
  close(): Promise<void>;
}

/**
 * Secrets every kit stores in the settings (unless told not to), so every admin answer of every test is
 * scanned for them. Payment methods stay disabled and the bot has no chat id, so nothing uses them.
 */
export const SEEDED_SECRETS = {
  kieToken: 'seeded_kie_token_9a8b7c6d5e',
  creemApiKey: 'seeded_creem_key_1f2e3d4c5b',
  creemWebhookSecret: 'seeded_creem_whsec_6a7b8c9d0e',
  paypalClientSecret: 'seeded_paypal_secret_2b3c4d5e6f',
  googleClientSecret: 'seeded_google_secret_7c8d9e0f1a',
  telegramBotToken: '424242:seeded-telegram-bot-token',
} as const;

export interface AdminKitOptions extends TestServerOptions {
  /** Store `SEEDED_SECRETS` in the settings first (default true). */
  seedSecrets?: boolean;
}

/**
 * Starts the app and signs in an admin and an ordinary user. Tasks a test inserts have no step job, so they
 * stay as they are (the schedule for stranded tasks leaves tasks younger than a minute alone).
 */
export async function startAdminKit(options: AdminKitOptions = {}): Promise<AdminKit> {
  const server = await startTestServer(options);
  const files = server.studio.storage;
  const secrets = new Set<string>();
  if (options.seedSecrets ?? true) {
    const em = server.orm.em.fork();
    Object.assign(await new AdminSettingsRepository(em).get(), SEEDED_SECRETS);
    await em.flush();
    for (const secret of Object.values(SEEDED_SECRETS)) secrets.add(secret);
  }
  const signedIn = async (userOptions: Parameters<typeof createUser>[1] = {}): Promise<SignedIn> => {
    const created = await createUser(server, userOptions);
    return { ...created, cookie: await signIn(server, created) };
  };
  const admin = await signedIn({ isAdmin: true });
  const user = await signedIn();
  return {
    server,
    admin,
    user,
    secrets,
    signedIn,
    async asAdmin<T>(method: string, path: string, requestOptions: RequestOptions = {}) {
      const response = await server.request<T>(method, path, { cookie: admin.cookie, ...requestOptions });
      expectNoSecrets(response, secrets);
      return response;
    },
    files,
    notifier: () => operatorNotifier({ orm: server.orm }),
    async createTask(userId, values = {}) {
      const em = server.orm.em.fork();
      const task = em.create(ImageTask, {
        user: userId,
        taskId: newTaskId(),
        prompt: 'a lighthouse at dusk',
        model: 'nano_banana',
        aspectRatio: '1:1',
        creditsUsed: 2,
        status: 'failed',
        errorMessage: 'Provider failed',
        deadlineAt: new Date(Date.now() + 600_000),
        ...(values as Partial<ImageTask>),
      });
      await em.flush();
      if (task.creditsUsed > 0) {
        const charged = await applyLedgerEntry(em, {
          userId,
          amount: -task.creditsUsed,
          type: 'usage',
          businessKey: usageKey(task.taskId),
          description: `Text to image ${task.taskId}`,
          imageTaskId: task.id,
          kieTaskId: task.providerTaskId ?? null,
        });
        if (!charged.applied) throw new Error(`test task not charged: ${charged.reason}`);
      }
      return task;
    },
    close: () => server.close(),
  };
}

/** Fails when the answer (body or headers) contains any of the secrets. */
export function expectNoSecrets(response: Pick<TestResponse, 'text' | 'headers'>, secrets: Iterable<string>): void {
  const headers = JSON.stringify([...response.headers.entries()]);
  for (const secret of secrets) {
    expect(response.text.includes(secret), `answer contains the secret ${secret.slice(0, 4)}…`).toBe(false);
    expect(headers.includes(secret), `headers contain the secret ${secret.slice(0, 4)}…`).toBe(false);
  }
}

/** Anonymous callers get 401 and signed-in non-admins 403, as problems; nothing runs for them. */
export async function expectAdminOnly(kit: Pick<AdminKit, 'server' | 'user'>, method: string, path: string, body?: unknown): Promise<void> {
  const anonymous = await kit.server.request<{ code: string }>(method, path, { body });
  expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
  expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
  const user = await kit.server.request<{ code: string; detail: string }>(method, path, { body, cookie: kit.user.cookie });
  expect(user.status, `${method} ${path} non-admin`).toBe(403);
  expect(user.body.code).toBe('forbidden');
}

/** The 400 problem's field pointers, for `toContain` checks. */
export function pointersOf(response: TestResponse): string[] {
  const body = response.body as { status?: number; errors?: { pointer: string }[] };
  expect(response.status).toBe(400);
  return (body.errors ?? []).map((error) => error.pointer);
}
