import type { Problem, Readiness } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/index.ts';

describe('GET /readyz', () => {
  let server: TestServer;
  let broken: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // A files folder that can never be created (its parent is a file).
    broken = await startTestServer({ studio: { filesDir: '/dev/null/files' } });
  });
  afterAll(async () => {
    await server?.close();
    await broken?.close();
  });

  it('is ready when the database answers, every migration is applied and the storage can be used', async () => {
    const res = await server.request<Readiness>('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while a migration is not applied, or the storage cannot be used; the answer names only the checks', async () => {
    const em = broken.orm.em.fork();
    const [latest] = await em.execute<{ name: string }[]>('select "name" from "mikro_orm_migrations" order by "id" desc limit 1');
    await em.execute('delete from "mikro_orm_migrations" where "name" = ?', [latest?.name]);
    try {
      const res = await broken.request<Problem>('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'unavailable', retryable: true, detail: 'Not ready: migrations, storage.' });
      expect(res.headers.get('retry-after')).toBe('5');
      expect(JSON.stringify(res.body)).not.toContain('/dev/null');
    } finally {
      await em.execute('insert into "mikro_orm_migrations" ("name", "executed_at") values (?, now())', [latest?.name]);
    }
    const after = await broken.request<Problem>('GET', '/readyz');
    expect(after.body.detail).toBe('Not ready: storage.');
  });

  it('is not ready, at once, when a check does not answer: the probe never hangs with a silent database or store', async () => {
    const storage = server.studio.storage;
    const ping = storage.ping.bind(storage);
    storage.ping = () => new Promise<void>(() => undefined);
    try {
      const res = await server.request<Problem>('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('Not ready: storage.');
    } finally {
      storage.ping = ping;
    }
    expect((await server.request('GET', '/readyz')).status).toBe(200);
  });
});
