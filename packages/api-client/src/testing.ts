// Helpers of this package's hook tests (happy-dom): a real HTTP server on this machine as the API the client calls,
// and polling that lets React apply what arrived meanwhile.
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import { expect } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Starts `handler` on a free port and points the page (and so the client, once imported) at it. */
export async function startApi(handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(origin);
  (globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ = origin;
  return server;
}

/** Waits until `check` holds, letting React render whatever the answers changed in between. */
export async function until(check: () => boolean): Promise<void> {
  await expect
    .poll(async () => {
      await act(async () => {});
      return check();
    })
    .toBe(true);
}
