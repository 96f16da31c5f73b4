// One cache of the admin settings row per process, read by billing's pricing and the studio alike, and current on every
// process on the database once an admin's change has answered.
import type { Pricing } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, signIn, startTestServer, startWebProcessBeside, type TestServer } from '../../../test/index.ts';
import type { RunningServer } from '../../server.ts';

describe('the settings cache', () => {
  let server: TestServer;
  // In-memory PGlite cannot be shared: without DATABASE_URL there is one process, and both names point at it.
  let second: RunningServer | undefined;
  let processes: Pick<RunningServer, 'url' | 'app' | 'orm' | 'studio'>[];
  beforeAll(async () => {
    server = await startTestServer();
    second = await startWebProcessBeside(server);
    processes = second ? [server, second] : [server];
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  const pricingOf = async (running: Pick<RunningServer, 'url'>) =>
    (await (await fetch(`${running.url}/api/pricing/current`)).json()) as Pricing;

  it('is one per process: billing and the studio read the same cache', () => {
    for (const { app } of processes) expect(app.context.services.studio.settings).toBe(app.context.services.settings);
  });

  it('answers the studio from the row the pricing read kept, detached from the request that read it', async () => {
    for (const running of processes) {
      await pricingOf(running);
      const em = running.orm.em.fork() as SqlEntityManager;
      const findOne = vi.spyOn(em, 'findOne');
      const kept = await running.studio.settings.read(em);
      expect(findOne).not.toHaveBeenCalled();
      expect(Object.isFrozen(kept)).toBe(true);
      expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    }
  });

  it('answers a kept pricing without making the request a fork of the ORM', async () => {
    await pricingOf(server);
    const fork = vi.spyOn(server.orm.em, 'fork');
    try {
      expect((await fetch(`${server.url}/api/pricing/current`)).status).toBe(200);
      // A request's fork is made with the request context (`useContext`); other forks are background work.
      expect(fork.mock.calls.filter(([options]) => options?.useContext === true)).toEqual([]);
    } finally {
      fork.mockRestore();
    }
  });

  it("shows an admin's change to billing and the studio of every process once the change has answered", async () => {
    for (const running of processes) {
      await pricingOf(running);
      await running.studio.settings.read(running.orm.em.fork());
    }
    const admin = await signIn(server, await createUser(server, { isAdmin: true }));
    const saved = await server.request('PUT', '/api/admin/settings', {
      cookie: admin,
      body: { nanoBananaCredits: 13, callbackUrl: 'https://hooks.example.com' },
      headers: { origin: server.url },
    });
    expect(saved.status).toBe(200);
    for (const running of processes) {
      expect((await pricingOf(running)).nanoBananaCredits).toBe(13);
      const studio = await running.studio.settings.read(running.orm.em.fork());
      expect(studio).toMatchObject({ nanoBananaCredits: 13, callbackUrl: 'https://hooks.example.com' });
    }
  });
});
