// The real app in this process on a given database and files folder, as `node api/src/server.ts` runs it, with a
// fixed PUBLIC_URL so stored file links mean the same on the original and on the restored copy.
import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../../api/src/config.ts';
import { type RunningServer, startServer } from '../../api/src/server.ts';

export const PUBLIC_URL = 'http://studio.drill.invalid';

export interface DrillApp {
  running: RunningServer;
  config: Config;
  /** A call to the app with this server as Origin (the CSRF check), answering status, headers and bytes. */
  call(method: string, path: string, options?: { cookie?: string; body?: unknown }): Promise<Response>;
}

export async function startDrillApp(options: { databaseUrl: string; filesDir: string; dataDir: string; secretKey: string; seed: boolean }) {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL,
    DATABASE_URL: options.databaseUrl,
    FILES_DIR: options.filesDir,
    DATA_DIR: options.dataDir,
    SECRET_KEY: options.secretKey,
    PAYMENT_SANDBOX: 'on',
    // Instant sandbox images, found by quick polling (a callback to PUBLIC_URL would not arrive).
    SANDBOX_DELAY_MS: '0',
    SANDBOX_CALLBACKS: 'off',
    STUDIO_POLL_MIN_SECONDS: '0.2',
    STUDIO_POLL_MAX_SECONDS: '0.5',
    SHUTDOWN_TIMEOUT_MS: '2000',
  });
  const running = await startServer({ config, seed: options.seed });
  const call: DrillApp['call'] = (method, path, { cookie, body } = {}) =>
    fetch(`${running.url}${path}`, {
      method,
      redirect: 'manual',
      headers: { origin: PUBLIC_URL, ...(cookie && { cookie }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { running, config, call } satisfies DrillApp;
}

export const newSecretKey = () => randomBytes(32).toString('hex');
