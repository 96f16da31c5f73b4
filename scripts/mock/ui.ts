// The whole UI against the Prism mock, with no API and no database, for front-end work:
//   pnpm mock:ui         -> http://127.0.0.1:4173 (builds the UI first when it is not built)
// The built shell and remotes are served as the API would serve them; /api goes to Prism, which answers from the
// spec's examples (signed in as the example user, whose balance is the same everywhere).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@app/api/static';
import { REMOTE_NAMES as REMOTES } from '@app/contract/constants';
import Koa from 'koa';
import { prismReady, spawnPrism } from './prism.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// `/api` itself is a page of the UI; the API lives under `/api/`.
const PROXIED = /^\/(api\/|files\/|healthz$)/;
// Prism checks the security the spec declares: a session cookie stands in for a signed-in browser.
const MOCK_SESSION = 'sid=mock-session';

export interface MockUi {
  url: string;
  close(): Promise<void>;
}

/** Builds the shell and remotes when a build is missing. */
function ensureBuilt(): void {
  const missing = [`${ROOT}shells/host/dist/index.html`, ...REMOTES.map((name) => `${ROOT}remotes/${name}/dist/remoteEntry.js`)].some(
    (file) => !existsSync(file),
  );
  if (missing && spawnSync('pnpm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    throw new Error('the UI build failed');
  }
}

/** Forwards one request to Prism and copies its answer back. */
async function forward(ctx: Koa.Context, prism: string): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
  }
  if (!headers.get('cookie')?.includes('sid=')) headers.set('cookie', [headers.get('cookie'), MOCK_SESSION].filter(Boolean).join('; '));
  const hasBody = ctx.method !== 'GET' && ctx.method !== 'HEAD';
  const answer = await fetch(`${prism}${ctx.url}`, {
    method: ctx.method,
    headers,
    ...(hasBody && { body: ctx.req as unknown as BodyInit, duplex: 'half' }),
  });
  ctx.status = answer.status;
  answer.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) ctx.set(name, value);
  });
  ctx.body = Buffer.from(await answer.arrayBuffer());
}

/** Starts Prism and the UI server; `port` 0 picks free ports (tests). */
export async function startMockUi(port = Number(process.env.MOCK_UI_PORT ?? '4173'), quiet = false): Promise<MockUi> {
  ensureBuilt();
  const prismPort = Number(process.env.MOCK_PORT ?? (port === 0 ? 4500 + Math.floor(Math.random() * 400) : 4010));
  const prism = spawnPrism(prismPort, quiet);
  const stopPrism = () =>
    new Promise<void>((resolve) => {
      if (prism.exitCode !== null) return resolve();
      prism.once('exit', () => resolve());
      prism.kill('SIGTERM');
    });
  try {
    await prismReady(prismPort);
  } catch (error) {
    await stopPrism();
    throw error;
  }
  const middleware = serveStatic({
    hostDir: `${ROOT}shells/host/dist`,
    remoteDirs: Object.fromEntries(REMOTES.map((name) => [name, `${ROOT}remotes/${name}/dist`])),
  });
  const app = new Koa();
  app.use(async (ctx, next) => (PROXIED.test(ctx.path) ? forward(ctx, `http://127.0.0.1:${prismPort}`) : next()));
  app.use(middleware as unknown as Koa.Middleware);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopPrism();
    },
  };
}

if (import.meta.main) {
  const ui = await startMockUi();
  console.log(`The UI against the mock API: ${ui.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void ui.close().then(() => process.exit(0)));
}
