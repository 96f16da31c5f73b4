// The real app in process for the SDK tests, a user with credits and a token made the way a user makes one
// (on the account page's endpoint, which also shows the signing secret).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createUser, signIn, startReceiver, startTestServer, type TestServer } from '@app/api/testing';

/** Serves `/image.png` with whatever bytes the test puts there (an image the server made), for edit and upscale. */
async function startImageHost() {
  const state = { png: Buffer.alloc(0) };
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(state.png));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/image.png`, host: `127.0.0.1:${port}`, state, close: () => server.close() };
}

/** `sandboxDelayMs`: how long the sandbox provider takes per image (0: at once). */
export async function startSdkServer(sandboxDelayMs = 0) {
  const receiver = await startReceiver();
  const images = await startImageHost();
  const server = await startTestServer({
    studio: { sandboxDelayMs, pollMinMs: 50, pollMaxMs: 200, allowPrivateFetchFor: [images.host] },
    // The callback receiver is on loopback, as a self-hosted n8n would be: allowed by the operator's setting.
    config: { automationRatePerMinute: 1000, automationCallbacks: { retryMs: [300], allowedNetworks: ['127.0.0.1/32'] } },
  });
  return { server, receiver, images, close: async () => Promise.all([server.close(), receiver.close(), images.close()]) };
}

/** A user with `credits` and a fresh token with its signing secret. */
export async function userWithToken(server: TestServer, credits: number) {
  const user = await createUser(server, { credits });
  const res = await server.request<{ token: string; signingSecret: string }>('POST', '/api/user-tokens', {
    cookie: await signIn(server, user),
    body: { name: 'sdk' },
  });
  if (res.status !== 201) throw new Error(`token creation answered ${res.status}`);
  return { user, token: res.body.token, secret: res.body.signingSecret };
}

/** Polls until `check` returns a value (no fixed sleeps). */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
