import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database.ts';
import { createUser, login, signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { createOrm } from '../../../db/orm.ts';
import { entities } from '../../index.ts';
import type { StartContext } from '../../module.ts';
import { User } from '../../users/index.ts';
import { passwords } from '../password/password.ts';
import { Session } from '../session/session.entity.ts';
import { ensureFirstAdmin, upsertAdmin } from './first-admin.ts';

const silent = pino({ level: 'silent' });

describe('first admin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { admin: { username: 'Root', password: 'root-password-1' } } });
  });
  afterAll(() => server.close());

  /** A start on the embedded database (the hook only looks at the kind of database). */
  const embeddedStart = (): StartContext => ({
    em: server.orm.em.fork(),
    config: { ...server.config, admin: undefined },
    logger: silent,
    database: { kind: 'pglite', dataDir: 'unused' },
  });

  it('ADMIN_USERNAME/ADMIN_PASSWORD create an admin at start who can sign in', async () => {
    const { response } = await login(server, 'root', 'root-password-1');
    expect(response.status).toBe(200);
    expect((response.body as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true);
  });

  it('upsertAdmin promotes and re-enables an existing user, sets the password and ends its sessions', async () => {
    const user = await createUser(server, { username: 'promote_me', isActive: false });
    const session = await server.orm.em.fork().insert(Session, {
      idHash: 'a'.repeat(64),
      user: user.id,
      createdAt: new Date(),
      lastSeenAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(session).toBeDefined();
    expect(await upsertAdmin(server.orm.em.fork(), 'PROMOTE_ME', 'new-admin-pass')).toBe('updated');
    const row = await server.orm.em.fork().findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
    expect(row).toMatchObject({ isAdmin: true, isActive: true });
    expect(await passwords.verify(row.passwordHash, 'new-admin-pass')).toBe(true);
    expect(await server.orm.em.fork().count(Session, { user: user.id })).toBe(0);
    expect(await upsertAdmin(server.orm.em.fork(), 'promote_me', 'new-admin-pass')).toBe('unchanged');
  });

  it('upsertAdmin keeps sessions when only the role changes', async () => {
    const user = await createUser(server, { username: 'keep_sessions', password: 'same-pass-1' });
    const cookie = await signIn(server, user);
    expect(await upsertAdmin(server.orm.em.fork(), 'keep_sessions', 'same-pass-1')).toBe('updated');
    const me = await server.request<{ user: { isAdmin: boolean } | null }>('GET', '/api/auth/current-user', { cookie });
    expect(me.body.user?.isAdmin).toBe(true);
  });

  it('upsertAdmin refuses what the sign-up form would refuse', async () => {
    await expect(upsertAdmin(server.orm.em.fork(), 'ab', 'long-enough')).rejects.toThrow(/username/);
    await expect(upsertAdmin(server.orm.em.fork(), 'valid_name', '123')).rejects.toThrow(/password/);
  });

  it('on the embedded start with no admin and no env: creates `admin` and prints the password once', async () => {
    await server.orm.em.fork().nativeUpdate(User, {}, { isAdmin: false });
    const printed: string[] = [];
    await ensureFirstAdmin(embeddedStart(), (line) => printed.push(line));
    expect(printed).toHaveLength(1);
    const match = /Sign in as admin: username (\S+), password (\S+)/.exec(printed[0] ?? '');
    expect(match?.[1]).toBe('admin');
    const password = match?.[2] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const { response } = await login(server, 'admin', password);
    expect(response.status).toBe(200);

    await ensureFirstAdmin(embeddedStart(), (line) => printed.push(line));
    expect(printed).toHaveLength(1);
  });

  it('creates nothing on PostgreSQL without the env variables', async () => {
    await server.orm.em.fork().nativeUpdate(User, {}, { isAdmin: false });
    const printed: string[] = [];
    await ensureFirstAdmin({ ...embeddedStart(), database: { kind: 'postgres', url: 'postgres://unused' } }, (line) => printed.push(line));
    expect(printed).toEqual([]);
    expect(await server.orm.em.fork().count(User, { isAdmin: true })).toBe(0);
  });

  it('picks another name when a non-admin already holds `admin`', async () => {
    await server.orm.em.fork().nativeUpdate(User, {}, { isAdmin: false });
    const printed: string[] = [];
    await ensureFirstAdmin(embeddedStart(), (line) => printed.push(line));
    expect(printed[0]).toMatch(/Sign in as admin: username admin_2, password \S+/);
  });
});

describe('api/scripts/create-admin.ts', () => {
  const script = fileURLToPath(new URL('../../../../scripts/create-admin.ts', import.meta.url));

  it('creates an admin on the configured database and prints a generated password', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'create-admin-'));
    // In-memory PGlite cannot be shared with a child process: without DATABASE_URL use a PGlite folder.
    const env = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.target.kind === 'postgres' ? database.target.url : '',
    };
    try {
      const run = spawnSync(process.execPath, [script, 'boss'], { env, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const password = /Created admin: username boss, password (\S+)/.exec(run.stdout)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);

      const target =
        database.target.kind === 'postgres' ? database.target : ({ kind: 'pglite', dataDir: join(dataDir, 'pglite') } as const);
      const orm = await createOrm(target, { entities });
      try {
        const boss = await orm.em.fork().findOneOrFail(User, { usernameKey: 'boss' }, { populate: ['passwordHash'] });
        expect(boss.isAdmin).toBe(true);
        expect(await passwords.verify(boss.passwordHash, password)).toBe(true);
      } finally {
        await orm.close(true);
      }
      const usage = spawnSync(process.execPath, [script], { env, encoding: 'utf8', timeout: 60_000 });
      expect(usage.status).toBe(2);
      expect(usage.stderr).toMatch(/Usage/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
