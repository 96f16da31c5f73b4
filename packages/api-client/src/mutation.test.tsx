// @vitest-environment happy-dom
// The mutation hook against a real HTTP server on this machine, rendered by React into happy-dom.
import { once } from 'node:events';
import type { Server } from 'node:http';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type Cache, SWRConfig, unstable_serialize } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApi, until } from './testing.ts';

type Client = typeof import('./index.ts');

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
let server: Server;
let client: Client;
/** What the mutations told the user, through the provider the host sets up. */
let told: { title: string; description: string }[] = [];

beforeAll(async () => {
  server = await startApi(async (req, res) => {
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
    await hold;
    const { name } = JSON.parse(text) as { name: string };
    if (!name) return send(400, invalid, 'application/problem+json');
    names.push(name);
    send(201, { name });
  });
  client = await import('./index.ts');
});

afterAll(() => {
  server?.close();
});

let root: Root;
let cache: Cache;

beforeEach(() => {
  names = ['Starter'];
  renders = [];
  reads.clear();
  hold = Promise.resolve();
  cache = new Map();
  root = createRoot(document.body.appendChild(document.createElement('div')));
  told = [];
});

afterEach(() => {
  act(() => root.unmount());
});

const render = (children: ReactNode) =>
  act(() =>
    root.render(
      <SWRConfig value={{ ...client.swrDefaults, provider: () => cache }}>
        <client.MutationFailureContext value={(failure) => told.push(failure)}>{children}</client.MutationFailureContext>
      </SWRConfig>,
    ),
  );

type Mutation = ReturnType<typeof client.useMutation<'post', '/api/admin/credit-packages'>>;
let mutation: Mutation;
let shown: unknown;
const onSuccess: string[] = [];

function Create({ invalidates, describe }: { invalidates: string[]; describe?: (problem: { status: number }) => string }) {
  mutation = client.useMutation('post', '/api/admin/credit-packages', {
    failure: 'Save failed',
    fallback: 'Try again',
    invalidates,
    describe,
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
  it('is pending while the call runs, then runs onSuccess and tells of no failure', async () => {
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
    expect(told).toEqual([]);
  });

  it("tells of a problem through the host's handler, gives the form its field errors, and clears them on the next try", async () => {
    await render(<Create invalidates={[]} />);
    await act(async () => {
      expect(await create('')).toBeUndefined();
    });
    expect(mutation.pending).toBe(false);
    expect(mutation.fieldErrors).toEqual({ name: 'Name is required' });
    // The problem goes along, so the host can word it by its code in the reader's language.
    expect(told).toEqual([
      { title: 'Save failed', description: 'Name is required', problem: expect.objectContaining({ code: 'validation_failed' }) },
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
    expect(told[0]?.description).toBe('HTTP 400');
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
      expect(told).toEqual([{ title: 'Save failed', description: 'Try again' }]);
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
