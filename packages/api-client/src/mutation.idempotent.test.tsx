// @vitest-environment happy-dom
// A create call through the mutation hook, and a form's submission guard, against a real HTTP server on this machine.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Client = typeof import('./index.ts');

/** The Idempotency-Key of every create call received, in order ('' when none). */
let sentKeys: string[] = [];
/** While set, create calls answer this server error. */
let failWith: number | undefined;
let hold: Promise<void> = Promise.resolve();
let server: Server;
let client: Client;
let root: Root;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    for await (const _ of req);
    sentKeys.push(String(req.headers['idempotency-key'] ?? ''));
    await hold;
    const problem = { type: 'about:blank', title: 'Unavailable', status: failWith, code: 'unavailable', retryable: true };
    if (failWith) return res.writeHead(failWith, { 'content-type': 'application/problem+json' }).end(JSON.stringify(problem));
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'made' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(origin);
  (globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ = origin;
  client = await import('./index.ts');
});

afterAll(() => {
  server?.close();
});

beforeEach(() => {
  sentKeys = [];
  failWith = undefined;
  hold = Promise.resolve();
  root = createRoot(document.body.appendChild(document.createElement('div')));
});

afterEach(() => {
  act(() => root.unmount());
});

const render = (children: ReactNode) => act(() => root.render(<SWRConfig value={client.swrDefaults}>{children}</SWRConfig>));

let mutation: ReturnType<typeof client.useMutation<'post', '/api/admin/credit-packages'>>;
let made = 0;
function Create({ idempotent }: { idempotent: boolean }) {
  mutation = client.useMutation('post', '/api/admin/credit-packages', {
    failure: 'Save failed',
    fallback: 'Try again',
    idempotent,
    onSuccess: () => {
      made++;
    },
  });
  return null;
}
const create = (name: string) => mutation.trigger({ body: { name } as never });

let submit: ReturnType<typeof client.useSubmitOnce>;
function SubmitForm() {
  submit = client.useSubmitOnce();
  return null;
}

/** Every call of `performance.now()` a while after the one before: each press is a press of its own. */
function pressesFarApart() {
  let clock = 0;
  const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5000));
  onTestFinished(() => now.mockRestore());
}

describe('useMutation for a create call', () => {
  it('sends one Idempotency-Key per intent: a new one after a success, the same one again after a server error', async () => {
    await render(<Create idempotent />);
    pressesFarApart();
    await act(async () => {
      await create('Gold');
      await create('Gold');
    });
    failWith = 503;
    await act(async () => {
      expect(await create('Silver')).toBeUndefined();
    });
    failWith = undefined;
    await act(async () => {
      await create('Silver');
      await create('Bronze');
    });
    const [gold1, gold2, silver1, silver2, bronze] = sentKeys;
    expect(sentKeys).toHaveLength(5);
    expect(gold1).toMatch(/^[0-9a-f]{32}$/);
    // A success closes the intent: the same again later is a new intent with a new key.
    expect(gold2).not.toBe(gold1);
    // The retry after a 503 may repeat a call that went through: the same key, so the server replays it.
    expect(silver2).toBe(silver1);
    expect(new Set([gold1, gold2, silver1, bronze]).size).toBe(4);
  });

  it('a trigger while one runs waits for that answer and sends nothing', async () => {
    await render(<Create idempotent />);
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    const before = made;
    await act(async () => {
      first = create('Gold');
      second = create('Gold');
    });
    release();
    await act(async () => {
      expect(await second).toEqual(await first);
    });
    expect(sentKeys).toHaveLength(1);
    expect(made - before).toBe(1);
  });

  it('the second click of a double click answered in between gets the first answer and sends nothing', async () => {
    await render(<Create idempotent />);
    await act(async () => {
      const first = await create('Gold');
      expect(await create('Gold')).toBe(first);
    });
    expect(sentKeys).toHaveLength(1);
  });

  it('a different call right after a success is a new intent: it is sent, with its own key', async () => {
    await render(<Create idempotent />);
    await act(async () => {
      await create('Gold');
      await create('Silver');
    });
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[1]).not.toBe(sentKeys[0]);
  });

  it('other calls send no key', async () => {
    await render(<Create idempotent={false} />);
    await act(async () => {
      await create('Gold');
    });
    expect(sentKeys).toEqual(['']);
  });
});

describe('useSubmitOnce', () => {
  it('ignores presses while one runs and right after one that went through (one gesture), then takes the next', async () => {
    await render(<SubmitForm />);
    let runs = 0;
    const work = async () => ++runs;
    await act(async () => {
      expect(await Promise.all([submit.run(work), submit.run(work)])).toEqual([1, undefined]);
      // Answered already, but still the same double click.
      expect(await submit.run(work)).toBeUndefined();
    });
    expect(runs).toBe(1);
    expect(submit.isBusy).toBe(false);
    pressesFarApart();
    await act(async () => {
      expect(await submit.run(work)).toBe(2);
    });
  });

  it('takes a retry at once after a submission that did nothing (it failed)', async () => {
    await render(<SubmitForm />);
    let runs = 0;
    const failing = async () => {
      runs++;
      return undefined;
    };
    await act(async () => {
      await submit.run(failing);
      await submit.run(failing);
    });
    expect(runs).toBe(2);
  });
});
