// @vitest-environment happy-dom
// The mutation hook against a real HTTP server on this machine, rendered by React into happy-dom.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type Cache, SWRConfig, unstable_serialize } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Client = typeof import('./index.ts');
type Toasts = typeof import('@app/ui');

const invalid = {
  type: 'about:blank',
  title: 'Invalid request',
  detail: 'Invalid request body.',
  status: 400,
  code: 'validation_failed',
  retryable: false,
  errors: [{ pointer: '/body/name', detail: 'Name is required' }],
};

/** A tiny API: the package list, a create that answers a problem for an empty name, and how often each list was read. */
let names: string[] = [];
const reads = new Map<string, number>();
let hold: Promise<void> = Promise.resolve();
/** The Idempotency-Key of every create call received, in order ('' when none). */
let sentKeys: string[] = [];
/** Answer the next create calls with this status instead (a server error), while it is set. */
let failWith: number | undefined;
let server: Server;
let client: Client;
let ui: Toasts;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
    };
    if (req.method === 'GET') {
      reads.set(url.pathname, (reads.get(url.pathname) ?? 0) + 1);
      return send(
        200,
        names.map((name) => ({ name })),
      );
    }
    let text = '';
    for await (const chunk of req) text += chunk;
    sentKeys.push(String(req.headers['idempotency-key'] ?? ''));
    await hold;
    if (failWith) return send(failWith, { ...invalid, status: failWith, code: 'internal_error', errors: [] }, 'application/problem+json');
    const { name } = JSON.parse(text) as { name: string };
    if (!name) return send(400, invalid, 'application/problem+json');
    names.push(name);
    send(201, { name });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(origin);
  (globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ = origin;
  client = await import('./index.ts');
  ui = await import('@app/ui');
});

afterAll(() => {
  server?.close();
});

let root: Root;
let cache: Cache;

beforeEach(() => {
  names = ['Starter'];
  sentKeys = [];
  failWith = undefined;
  renders = [];
  reads.clear();
  hold = Promise.resolve();
  cache = new Map();
  root = createRoot(document.body.appendChild(document.createElement('div')));
  ui.toastQueue.clear();
});

afterEach(() => {
  act(() => root.unmount());
});

const render = (children: ReactNode) =>
  act(() => root.render(<SWRConfig value={{ ...client.swrDefaults, provider: () => cache }}>{children}</SWRConfig>));

const until = async (check: () => boolean) => {
  await expect
    .poll(async () => {
      await act(async () => {});
      return check();
    })
    .toBe(true);
};

type Mutation = ReturnType<typeof client.useMutation<'post', '/api/admin/credit-packages'>>;
let mutation: Mutation;
let shown: unknown;
const onSuccess: string[] = [];

function Create({
  invalidates,
  describe,
  idempotent,
}: {
  invalidates: string[];
  describe?: (problem: { status: number }) => string;
  idempotent?: boolean;
}) {
  mutation = client.useMutation('post', '/api/admin/credit-packages', {
    failure: 'Save failed',
    fallback: 'Try again',
    invalidates,
    describe,
    idempotent,
    onSuccess: (data) => {
      onSuccess.push((data as { name: string }).name);
    },
  });
  return null;
}

/** Every answer the public list rendered, in order. */
let renders: unknown[] = [];

function PublicList() {
  shown = client.useQuery('/api/credit-packages').data;
  renders.push(shown);
  return null;
}

const create = (name: string) => mutation.trigger({ body: { name } as never });

describe('useMutation', () => {
  it('is pending while the call runs, then runs onSuccess and shows no toast', async () => {
    await render(<Create invalidates={[]} />);
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    let done: Promise<unknown> = Promise.resolve();
    await act(async () => {
      done = create('Gold');
    });
    expect(mutation.pending).toBe(true);
    release();
    await act(async () => {
      expect(await done).toEqual({ data: { name: 'Gold' } });
    });
    expect(mutation.pending).toBe(false);
    expect(onSuccess).toContain('Gold');
    expect(ui.toastQueue.visibleToasts).toEqual([]);
  });

  it("turns a problem into a toast and the form's field errors, and clears them on the next try", async () => {
    await render(<Create invalidates={[]} />);
    await act(async () => {
      expect(await create('')).toBeUndefined();
    });
    expect(mutation.pending).toBe(false);
    expect(mutation.fieldErrors).toEqual({ name: 'Name is required' });
    expect(ui.toastQueue.visibleToasts.map((toast) => toast.content)).toEqual([
      { title: 'Save failed', description: 'Name is required', variant: 'error' },
    ]);
    await act(async () => {
      expect(await create('Silver')).toEqual({ data: { name: 'Silver' } });
    });
    expect(mutation.fieldErrors).toEqual({});
  });

  it("words a problem in the caller's words where the spec fixes them", async () => {
    await render(<Create invalidates={[]} describe={(problem) => `HTTP ${problem.status}`} />);
    await act(async () => {
      await create('');
    });
    expect(ui.toastQueue.visibleToasts[0]?.content.description).toBe('HTTP 400');
    expect(mutation.fieldErrors).toEqual({ name: 'Name is required' });
  });

  it('gives the fallback when no answer came', async () => {
    await render(<Create invalidates={[]} />);
    const origin = (globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    try {
      await act(async () => {
        expect(await create('Bronze')).toBeUndefined();
      });
      expect(ui.toastQueue.visibleToasts[0]?.content).toEqual({ title: 'Save failed', description: 'Try again', variant: 'error' });
    } finally {
      server.listen(Number(new URL(origin ?? '').port), '127.0.0.1');
      await once(server, 'listening');
    }
  });

  it('re-reads the invalidated lists on screen and drops the ones that are not, so they never show the old answer', async () => {
    const adminKey = unstable_serialize(['api', '/api/admin/credit-packages', {}]);
    // The admin list was read once and left the screen; the public list is on screen.
    await render(<AdminList />);
    await until(() => cache.get(adminKey)?.data !== undefined);
    await render(
      <>
        <Create invalidates={['/api/credit-packages', '/api/admin/credit-packages']} />
        <PublicList />
      </>,
    );
    await until(() => Array.isArray(shown));
    expect(reads.get('/api/credit-packages')).toBe(1);
    renders = [];

    await act(async () => {
      expect(await create('Gold')).toBeDefined();
    });
    await until(() => JSON.stringify(shown) === JSON.stringify([{ name: 'Starter' }, { name: 'Gold' }]));
    expect(reads.get('/api/credit-packages')).toBe(2);
    expect(cache.get(adminKey)?.data).toBeUndefined();
    expect(reads.get('/api/admin/credit-packages')).toBe(1);
    // The list on screen went from the old answer to the new one without going blank in between.
    expect(renders).not.toContain(undefined);
    await render(<AdminList />);
    await until(() => cache.get(adminKey)?.data !== undefined);
    expect(cache.get(adminKey)?.data).toEqual([{ name: 'Starter' }, { name: 'Gold' }]);
  });
});

function AdminList() {
  client.useQuery('/api/admin/credit-packages');
  return null;
}

describe('useMutation for a create call (idempotent)', () => {
  it('sends one Idempotency-Key per intent: a new one after a success, the same one when the answer was a server error', async () => {
    await render(<Create invalidates={[]} idempotent />);
    // Every press a while after the one before: each is a press of its own.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5000));
    onTestFinished(() => now.mockRestore());
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
    // A success closes the intent: sending the same again is a new intent with a new key.
    expect(gold2).not.toBe(gold1);
    // The retry after a 503 may be the same call that went through: same key, so the server replays it.
    expect(silver2).toBe(silver1);
    expect(new Set([gold1, gold2, silver1, bronze]).size).toBe(4);
  });

  it('a trigger right after an answer (the second click of a double click) gets that answer and sends nothing', async () => {
    await render(<Create invalidates={[]} idempotent />);
    await act(async () => {
      const first = await create('Gold');
      expect(await create('Gold')).toBe(first);
    });
    expect(sentKeys).toHaveLength(1);
  });

  it('a trigger while one runs waits for that answer and sends nothing', async () => {
    await render(<Create invalidates={[]} idempotent />);
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    const successes = onSuccess.length;
    await act(async () => {
      first = create('Gold');
      second = create('Gold');
    });
    release();
    await act(async () => {
      expect(await second).toEqual(await first);
    });
    expect(sentKeys).toHaveLength(1);
    expect(onSuccess.slice(successes)).toEqual(['Gold']);
  });

  it('other calls send no key', async () => {
    await render(<Create invalidates={[]} />);
    await act(async () => {
      await create('Gold');
    });
    expect(sentKeys).toEqual(['']);
  });
});

let submit: ReturnType<typeof client.useSubmitOnce>;
function SubmitForm() {
  submit = client.useSubmitOnce();
  return null;
}

describe('useSubmitOnce', () => {
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

  it('ignores presses while one runs and right after it (one gesture), then takes the next intent', async () => {
    await render(<SubmitForm />);
    let runs = 0;
    const work = async () => {
      runs++;
      return runs;
    };
    await act(async () => {
      expect(await Promise.all([submit.run(work), submit.run(work)])).toEqual([1, undefined]);
      // Answered already, but still the same double click.
      expect(await submit.run(work)).toBeUndefined();
    });
    expect(runs).toBe(1);
    expect(submit.isBusy).toBe(false);
    const later = performance.now() + 1000;
    const now = vi.spyOn(performance, 'now').mockReturnValue(later);
    try {
      await act(async () => {
        expect(await submit.run(work)).toBe(2);
      });
    } finally {
      now.mockRestore();
    }
  });
});
