// @vitest-environment happy-dom
// The one session hook against a real HTTP server on this machine, rendered by React into happy-dom.
import type { Server } from 'node:http';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { type Cache, SWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApi, until } from '../testing.ts';
import type { CurrentUser } from './savedSession.ts';

type Client = typeof import('../index.ts');

const user = (username: string, credits = 40): CurrentUser => ({
  id: `0b9a4a4e-6c1f-4d55-9d7e-${username.padStart(12, '0')}`,
  username,
  email: null,
  credits,
  lowBalanceThreshold: null,
  isAdmin: false,
  isActive: true,
  createdAt: '2024-05-01T10:00:00.000Z',
});

/** The server's current answer, an optional hold before it, and how often it was asked. */
let answer: { status: number; user: CurrentUser | null } = { status: 200, user: null };
let hold: Promise<void> = Promise.resolve();
let reads = 0;
let server: Server;
let client: Client;

beforeAll(async () => {
  server = await startApi(async (req, res) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/api/auth/current-user') return res.writeHead(404).end();
    reads += 1;
    await hold;
    const { status, user: who } = answer;
    if (status !== 200) return res.writeHead(status, { 'content-type': 'text/plain' }).end('down for maintenance');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ user: who }));
  });
  client = await import('../index.ts');
});

afterAll(() => {
  server?.close();
});

let root: Root;
let cache: Cache;
/** Every frame each reader drew: its user's name (null: visitor, undefined: unknown) and whether it was checked. */
let frames: Record<string, { who: string | null | undefined; checked: boolean }[]>;
let sessions: Record<string, ReturnType<Client['useSession']>>;

beforeEach(() => {
  answer = { status: 200, user: null };
  hold = Promise.resolve();
  reads = 0;
  frames = {};
  sessions = {};
  localStorage.clear();
  // A fresh cache is a fresh page: nothing answered yet, the saved copy read again.
  cache = new Map();
  root = createRoot(document.body.appendChild(document.createElement('div')));
});

afterEach(() => {
  act(() => root.unmount());
});

function Reader({ name, refreshOnMount }: { name: string; refreshOnMount?: boolean }) {
  const session = client.useSession({ refreshOnMount });
  sessions[name] = session;
  const who = session.user === undefined ? undefined : (session.user?.username ?? null);
  frames[name] = [...(frames[name] ?? []), { who, checked: session.checked }];
  return null;
}

/** A component that re-reads the session without showing it. */
let refreshFromWatcher: () => Promise<unknown> = async () => undefined;
function Watcher() {
  refreshFromWatcher = client.useRefreshSession();
  return null;
}

function Upkeep() {
  client.useSessionUpkeep(3_600_000);
  return null;
}

const render = (children: React.ReactNode) =>
  act(() => root.render(<SWRConfig value={{ ...client.swrDefaults, provider: () => cache }}>{children}</SWRConfig>));

const last = (name: string) => frames[name]?.at(-1);

function holdAnswers() {
  let release = () => {};
  hold = new Promise((resolve) => {
    release = resolve;
  });
  return () => release();
}

describe('useSession', () => {
  it('draws the copy saved at the last visit until the server answers, then the answer', async () => {
    localStorage.setItem('auth-storage', JSON.stringify({ user: user('ann'), isAuthenticated: true }));
    answer = { status: 200, user: user('bob') };
    const release = holdAnswers();
    await render(<Reader name="page" />);
    expect(frames.page?.[0]).toEqual({ who: 'ann', checked: false });
    release();
    await until(() => last('page')?.who === 'bob');
    expect(last('page')).toEqual({ who: 'bob', checked: true });
    expect(frames.page?.map((frame) => frame.who)).not.toContain(undefined);
  });

  it('is unknown without a saved copy, and a visitor once a first call fails', async () => {
    answer = { status: 503, user: null };
    await render(<Reader name="page" />);
    expect(frames.page?.[0]).toEqual({ who: undefined, checked: false });
    await until(() => last('page')?.checked === true);
    expect(last('page')).toEqual({ who: null, checked: true });
  });

  it('keeps the last answer while asking again: no frame in between is signed out or unknown', async () => {
    answer = { status: 200, user: user('ann', 40) };
    await render(<Reader name="page" />);
    await until(() => last('page')?.who === 'ann');
    const before = frames.page?.length ?? 0;
    answer = { status: 200, user: user('ann', 35) };
    const release = holdAnswers();
    let refreshed: Promise<unknown> = Promise.resolve();
    await act(async () => {
      refreshed = sessions.page?.refresh() ?? refreshed;
    });
    release();
    await act(async () => {
      await refreshed;
    });
    await until(() => sessions.page?.user?.credits === 35);
    expect(frames.page?.slice(before).every((frame) => frame.who === 'ann' && frame.checked)).toBe(true);
  });

  it('shows a change made here to every reader at once, without asking the server', async () => {
    answer = { status: 200, user: user('ann') };
    await render(
      <>
        <Reader name="header" />
        <Reader name="page" />
      </>,
    );
    await until(() => last('header')?.who === 'ann' && last('page')?.who === 'ann');
    const asked = reads;
    await act(async () => {
      await sessions.page?.setUser(null);
    });
    expect(last('header')).toEqual({ who: null, checked: true });
    expect(last('page')).toEqual({ who: null, checked: true });
    expect(reads).toBe(asked);
  });

  it('asks again when a page that wants it fresh mounts, and every reader follows', async () => {
    answer = { status: 200, user: user('ann', 40) };
    await render(<Reader name="header" />);
    await until(() => last('header')?.who === 'ann');
    expect(reads).toBe(1);
    answer = { status: 200, user: user('ann', 45) };
    // Past SWR's 500 ms dedupe window (swrDefaults), which would answer from the cache by design.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await render(
      <>
        <Reader name="header" />
        <Reader name="account" refreshOnMount />
      </>,
    );
    await until(() => sessions.header?.user?.credits === 45);
    expect(sessions.account?.user?.credits).toBe(45);
    expect(reads).toBe(2);
  });

  it('re-reads for a component that does not show the session', async () => {
    answer = { status: 200, user: user('ann', 40) };
    await render(
      <>
        <Reader name="header" />
        <Watcher />
      </>,
    );
    await until(() => last('header')?.who === 'ann');
    answer = { status: 200, user: user('ann', 44) };
    await act(async () => {
      await refreshFromWatcher();
    });
    await until(() => sessions.header?.user?.credits === 44);
  });
});

describe('useSessionUpkeep', () => {
  it('asks at start and saves each answer under auth-storage, signed in and signed out', async () => {
    answer = { status: 200, user: user('ann') };
    await render(
      <>
        <Upkeep />
        <Reader name="header" />
      </>,
    );
    await until(() => localStorage.getItem('auth-storage') !== null);
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '')).toEqual({ user: user('ann'), isAuthenticated: true });
    expect(reads).toBe(1);
    await act(async () => {
      await sessions.header?.setUser(null);
    });
    await until(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').isAuthenticated === false);
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '')).toEqual({ user: null, isAuthenticated: false });
  });

  it('does not save a failed call: the copy from the last visit stays for the next one', async () => {
    const saved = JSON.stringify({ user: user('ann'), isAuthenticated: true });
    localStorage.setItem('auth-storage', saved);
    answer = { status: 503, user: null };
    await render(
      <>
        <Upkeep />
        <Reader name="header" />
      </>,
    );
    await until(() => last('header')?.checked === true);
    expect(last('header')?.who).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBe(saved);
  });
});
