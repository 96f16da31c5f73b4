import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer } from '../../../../test/index.ts';
import { Session } from './session.entity.ts';
import {
  createSession,
  hashSessionId,
  isSessionId,
  newSessionId,
  purgeExpiredSessions,
  resolveSession,
  SESSION_TOUCH_INTERVAL_MS,
} from './session.service.ts';

const MINUTE = 60_000;
const lifetimes = { idleMs: 60 * MINUTE, absoluteMs: 24 * 60 * MINUTE };

describe('session ids', () => {
  it('carry 256 random bits in 43 base64url characters and are never reused', () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isSessionId(id)).toBe(true);
    expect(Buffer.from([...ids][0] ?? '', 'base64url')).toHaveLength(32);
  });

  it('are stored as their SHA-256 (hex)', () => {
    expect(hashSessionId('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('reject values of the wrong shape', () => {
    for (const value of [undefined, '', 'short', `${'a'.repeat(42)}!`, 'a'.repeat(44)]) expect(isSessionId(value)).toBe(false);
  });
});

describe('session expiry', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const em = () => server.orm.em.fork();
  const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
  const lastSeen = async (sid: string) => (await em().findOneOrFail(Session, { idHash: hashSessionId(sid) })).lastSeenAt.getTime();

  it('slides the idle expiry with use, writing lastSeenAt at most once a minute', async () => {
    const user = await createUser(server);
    const start = new Date(Date.now() - 10 * MINUTE);
    const sid = await createSession(em(), user.id, lifetimes, start);
    expect((await resolveSession(em(), sid, lifetimes, at(start, 30_000)))?.id).toBe(user.id);
    expect(await lastSeen(sid)).toBe(start.getTime());
    const later = at(start, SESSION_TOUCH_INTERVAL_MS + 1_000);
    await resolveSession(em(), sid, lifetimes, later);
    expect(await lastSeen(sid)).toBe(later.getTime());
    // Used 50 minutes later (within the hour of idle time, counted from the last touch): still alive.
    expect(await resolveSession(em(), sid, lifetimes, at(later, 50 * MINUTE))).toBeDefined();
  });

  it('ends a session left idle longer than the idle time, and deletes it', async () => {
    const user = await createUser(server);
    const start = new Date();
    const sid = await createSession(em(), user.id, lifetimes, start);
    expect(await resolveSession(em(), sid, lifetimes, at(start, lifetimes.idleMs + 1))).toBeUndefined();
    expect(await em().count(Session, { idHash: hashSessionId(sid) })).toBe(0);
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const user = await createUser(server);
    const start = new Date();
    const sid = await createSession(em(), user.id, lifetimes, start);
    for (let t = 50 * MINUTE; t < lifetimes.absoluteMs; t += 50 * MINUTE) {
      expect(await resolveSession(em(), sid, lifetimes, at(start, t))).toBeDefined();
    }
    expect(await resolveSession(em(), sid, lifetimes, at(start, lifetimes.absoluteMs))).toBeUndefined();
  });

  it('purges only the expired sessions of a user', async () => {
    const user = await createUser(server);
    const now = new Date();
    await createSession(em(), user.id, lifetimes, new Date(now.getTime() - 2 * lifetimes.idleMs));
    const live = await createSession(em(), user.id, lifetimes, now);
    await purgeExpiredSessions(em(), user.id, lifetimes, now);
    const left = await em().find(Session, { user: user.id });
    expect(left.map((s) => s.idHash)).toEqual([hashSessionId(live)]);
  });

  it("at start, purges everyone's expired sessions and keeps the live ones", async () => {
    const [ann, bob] = [await createUser(server), await createUser(server)];
    const now = new Date();
    const old = new Date(now.getTime() - 2 * lifetimes.idleMs);
    await createSession(em(), ann.id, lifetimes, old);
    await createSession(em(), bob.id, lifetimes, old);
    const live = await createSession(em(), bob.id, lifetimes, now);
    expect(await purgeExpiredSessions(em(), null, lifetimes, now)).toBeGreaterThanOrEqual(2);
    const left = await em().find(Session, { user: { $in: [ann.id, bob.id] } });
    expect(left.map((s) => s.idHash)).toEqual([hashSessionId(live)]);
  });

  it('goes away with its user', async () => {
    const user = await createUser(server);
    await createSession(em(), user.id, lifetimes);
    await em().execute('delete from "users" where "id" = ?', [user.id]);
    expect(await em().count(Session, { user: user.id })).toBe(0);
  });
});
