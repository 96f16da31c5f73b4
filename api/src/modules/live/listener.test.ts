// The listening connection is bounded like the ORM's own: against a database that never answers, an attempt fails
// within the connect timeout (and the next one is scheduled) instead of hanging the start or a reconnect for good.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentDatabaseOrm, timed } from '../../../test/database.ts';
import { listenLive } from './listener.ts';

const CONNECT_TIMEOUT_MS = 300;

describe('the live listener against a database that never answers', () => {
  let silent: Awaited<ReturnType<typeof silentDatabaseOrm>>;
  beforeAll(async () => {
    silent = await silentDatabaseOrm(CONNECT_TIMEOUT_MS);
  });
  afterAll(() => silent?.close());

  it('fails to start listening after the connect timeout', async () => {
    const hooks = { onMessage: () => {}, onLost: () => {}, onRestored: () => {} };
    const { ms, error } = await timed(async () => {
      const stop = await listenLive(silent.orm, hooks, pino({ level: 'silent' }));
      await stop();
    });
    expect(String(error)).toContain('timeout');
    expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(CONNECT_TIMEOUT_MS + 1500);
  });
});
