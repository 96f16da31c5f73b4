// The proxy recipe's retries: a request an upstream never took goes to the next one, whatever its method; one an
// upstream dropped unanswered goes again only when repeating it is harmless (GET, HEAD, an Idempotency-Key).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoundRobinProxy, startProxy } from './proxy.ts';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the round-robin proxy', () => {
  const bodies: string[] = [];
  let healthy: Server;
  let healthyUrl: string;
  let dropping: Server;
  let droppingUrl: string;
  let refusingUrl: string;
  let upstreams: string[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    healthy = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        bodies.push(body);
        response.end('ok');
      });
    });
    healthyUrl = await listen(healthy);
    // Reads the request, then goes away without answering (a process killed in the middle).
    dropping = createServer((request) => request.on('end', () => request.socket.destroy()).resume());
    droppingUrl = await listen(dropping);
    const closed = createServer();
    refusingUrl = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    proxy = await startProxy(() => upstreams);
  });

  afterAll(async () => {
    await proxy.close();
    healthy.close();
    dropping.closeAllConnections();
    dropping.close();
  });

  const send = (method: string, headers: Record<string, string> = {}, body = 'payload') =>
    fetch(`${proxy.url}/x`, { method, headers, body: method === 'GET' ? undefined : body }).then((response) => response.status);

  it('sends any request an upstream refused to the next one, body and all', async () => {
    upstreams = [refusingUrl, healthyUrl];
    for (let i = 0; i < 4; i++) {
      expect(await send('POST')).toBe(200);
      expect(await send('GET')).toBe(200);
    }
    expect(bodies.filter((body) => body === 'payload')).toHaveLength(4);
  }, 20_000);

  it('repeats a dropped request only when that is harmless', async () => {
    upstreams = [droppingUrl, healthyUrl];
    const outcomes = { get: [] as number[], keyed: [] as number[], plain: [] as number[] };
    for (let i = 0; i < 4; i++) {
      outcomes.get.push(await send('GET'));
      outcomes.keyed.push(await send('POST', { 'idempotency-key': `k${i}` }));
      outcomes.plain.push(await send('POST', {}, 'plain'));
    }
    expect(outcomes.get).toEqual([200, 200, 200, 200]);
    expect(outcomes.keyed).toEqual([200, 200, 200, 200]);
    // Round robin gives each plain POST to the dropping upstream (every other attempt is its): never sent again.
    expect(outcomes.plain).toEqual([502, 502, 502, 502]);
    expect(bodies).not.toContain('plain');
  }, 20_000);

  it('closes the upstream request when its client gives up, so the app can skip work nobody waits for', async () => {
    let upstreamClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    // Reads the request and never answers; notes when its connection goes.
    const slow = createServer((request) => request.resume().socket.once('close', () => upstreamClosed()));
    upstreams = [await listen(slow)];
    try {
      const given = await fetch(`${proxy.url}/x`, { method: 'POST', body: 'slow', signal: AbortSignal.timeout(300) }).catch(
        (error: unknown) => (error as Error).name,
      );
      expect(given).toBe('TimeoutError');
      await closed;
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  }, 20_000);
});
