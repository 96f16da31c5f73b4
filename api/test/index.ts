// Test support: the real server on a throwaway database, and a request helper that holds every answer to the spec.
// Imported by API tests and, as `@app/api/testing`, by the browser tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { StudioConfig } from '../src/config.studio.ts';
import { type Config, defaultRemotes, loadConfig } from '../src/config.ts';
import type { AnyHandler } from '../src/http/bind.ts';
import type { PrincipalResolver } from '../src/http/context.ts';
import { handlers as moduleHandlers } from '../src/modules/index.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { createMigratedTestDatabase } from './database.ts';
import { openApiValidator } from './openapi-validator.ts';
import type { RequestOptions, TestResponse, TestServer } from './types.ts';

export { type Receiver, startReceiver } from '../src/modules/automation/testing/receiver.ts';
export { type CreateUserOptions, createToken, createUser, login, sessionCookieOf, signIn, type TestUser } from './accounts.ts';
export { ContractViolation, OpenApiValidator, openApiValidator } from './openapi-validator.ts';
export { decodedBody, type RawResponse, rawRequest } from './raw-request.ts';
export type { RequestOptions, TestResponse, TestServer } from './types.ts';

export interface TestServerOptions {
  /** Remote manifest overrides (name -> remoteEntry.js URL), merged over the defaults. */
  remotes?: Record<string, string>;
  /** Serve this built host shell at `/` (remotes from `config.remotesDir/<name>/dist`). Default: no UI. */
  staticDir?: string;
  /** Insert the demo credit packages. Default false. */
  seed?: boolean;
  /** Studio settings over the defaults; stored files go to a fresh temporary folder unless `filesDir` is given. */
  studio?: Partial<StudioConfig>;
  /** Any other configuration; the database always comes from the test database. */
  config?: Partial<Config>;
  /** Replace handlers by operationId (e.g. to make one fail). */
  handlers?: Record<string, AnyHandler>;
  /** Decide who is calling (until the accounts module exists, tests plug users in here). */
  resolvePrincipal?: PrincipalResolver;
  /** Capture logs; default is a silent logger. */
  logger?: Logger;
}

/**
 * Starts the real app on 127.0.0.1 port 0 against a fresh database (a new PostgreSQL database
 * when DATABASE_URL is set, else in-memory PGlite) with all migrations applied.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createMigratedTestDatabase();
  // The sandbox payment method is opted into by the tests about it; the others test the real providers.
  const defaults = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    SHUTDOWN_TIMEOUT_MS: '2000',
    PAYMENT_SANDBOX: 'off',
  });
  const ownFiles = options.studio?.filesDir ? undefined : await mkdtemp(join(tmpdir(), 'api-test-files-'));
  const config: Config = {
    ...defaults,
    staticDir: options.staticDir,
    ...options.config,
    studio: { ...defaults.studio, ...options.config?.studio, ...options.studio, filesDir: options.studio?.filesDir ?? ownFiles ?? '' },
    // Without SMTP_URL mail goes to an outbox folder: this server's own, never the repository's data folder.
    mail: { ...defaults.mail, outboxDir: join(ownFiles ?? tmpdir(), 'outbox'), ...options.config?.mail },
    databaseUrl: database.target.kind === 'postgres' ? database.target.url : undefined,
    remotes: { ...defaultRemotes(), ...options.config?.remotes, ...options.remotes },
  };
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer({
      config,
      database: database.target,
      seed: options.seed ?? false,
      logger: options.logger,
      handlers: options.handlers ? { ...moduleHandlers, ...options.handlers } : undefined,
      resolvePrincipal: options.resolvePrincipal,
    });
  } catch (error) {
    await database.drop();
    if (ownFiles) await rm(ownFiles, { recursive: true, force: true });
    throw error;
  }
  const validator = openApiValidator();

  async function request<T = unknown>(method: string, path: string, requestOptions: RequestOptions = {}): Promise<TestResponse<T>> {
    const { body, cookie, validate = true } = requestOptions;
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    if (validate) validator.validate({ method, path, status: response.status, contentType, text });
    const parsed = contentType?.includes('json') && text ? (JSON.parse(text) as T) : (undefined as T);
    return { status: response.status, headers: response.headers, body: parsed, text, cookies: response.headers.getSetCookie() };
  }

  let closing: Promise<void> | undefined;
  return {
    url: running.url,
    orm: running.orm,
    app: running.app,
    config,
    studio: running.studio,
    request,
    heard: () => running.live.fence(),
    close: () => {
      closing ??= running
        .close()
        .finally(() => database.drop())
        .finally(() => (ownFiles ? rm(ownFiles, { recursive: true, force: true }) : undefined));
      return closing;
    },
  };
}

/**
 * A second web process on a test server's PostgreSQL database, as a cluster runs them; undefined without DATABASE_URL
 * (in-memory PGlite cannot be shared: the one process then plays both). The caller closes it.
 */
export async function startWebProcessBeside(server: Pick<TestServer, 'config'>): Promise<RunningServer | undefined> {
  const url = server.config.databaseUrl;
  if (!url) return undefined;
  return startServer({ config: { ...server.config, role: 'web' }, database: { kind: 'postgres', url }, seed: false });
}
