import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filteringAgent, refusedByFilter } from './filtering-agent.ts';

// The socket-level filter on its own, without the guard's checks in front: what it refuses never reaches a server.
let server: http.Server;
let port = 0;
const hits: IncomingMessage[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req);
    res.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** One GET through the agent; `lookup` stands for the guard's pinned DNS answer. */
function get(host: string, agent: http.Agent, pinned?: { address: string; family: 4 | 6 }): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({
      host,
      port,
      path: '/',
      agent,
      ...(pinned && {
        lookup: ((_name: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options?.all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family)) as never,
      }),
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
  });
}

describe('filteringAgent', () => {
  it('refuses a loopback address, given as the host or by the pinned lookup, before connecting', async () => {
    const before = hits.length;
    const literal = await get('127.0.0.1', filteringAgent('http:', 4)).catch((error: Error) => error);
    const pinned = await get('hooks.example.test', filteringAgent('http:', 4), { address: '127.0.0.1', family: 4 }).catch(
      (error: Error) => error,
    );
    for (const error of [literal, pinned]) {
      expect(error).toBeInstanceOf(Error);
      expect(refusedByFilter(error as Error)).toBe(true);
    }
    expect(hits.length).toBe(before);
  });

  it('lets through exactly the one address the guard allowed', async () => {
    await expect(get('127.0.0.1', filteringAgent('http:', 4, '127.0.0.1'))).resolves.toBe('reached');
    await expect(get('n8n.example.test', filteringAgent('http:', 4, '127.0.0.1'), { address: '127.0.0.1', family: 4 })).resolves.toBe(
      'reached',
    );
    const other = await get('127.0.0.1', filteringAgent('http:', 4, '127.0.0.2')).catch((error: Error) => error);
    expect(refusedByFilter(other as Error)).toBe(true);
  });

  it('refuses what the library calls unicast and we deny: the Azure wire server and IPv4-compatible loopback', async () => {
    for (const [address, family] of [
      ['168.63.129.16', 4],
      ['::7f00:1', 6],
    ] as const) {
      const error = await get('x.example.test', filteringAgent('http:', family), { address, family }).catch((e: Error) => e);
      expect(refusedByFilter(error as Error), address).toBe(true);
    }
  });

  it('does not mistake an ordinary connection failure for a refusal', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await new Promise<Error>((resolve) => {
      http.get({ host: '127.0.0.1', port: closedPort, agent: filteringAgent('http:', 4, '127.0.0.1') }).on('error', resolve);
    });
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(refusedByFilter(error)).toBe(false);
  });
});
