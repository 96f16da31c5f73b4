import { describe, expect, it } from 'vitest';
import { type ProviderUsageEvent, StudioEvents } from './events.ts';

const event: ProviderUsageEvent = { accountId: 'a1', accountName: 'main', before: 500, after: 380 };

describe('StudioEvents', () => {
  it('tells every usage listener, keeps going when one throws or rejects, and reports their errors', async () => {
    const errors: unknown[] = [];
    const events = new StudioEvents((error) => errors.push(error));
    const seen: string[] = [];
    events.onProviderUsage(() => {
      throw new Error('sync listener broke');
    });
    events.onProviderUsage(async () => {
      throw new Error('async listener broke');
    });
    const off = events.onProviderUsage((e) => {
      seen.push(e.accountName);
    });
    expect(() => events.emitProviderUsage(event)).not.toThrow();
    expect(seen).toEqual(['main']);
    await expect.poll(() => errors.length).toBe(2);
    expect(errors.map((e) => (e as Error).message).sort()).toEqual(['async listener broke', 'sync listener broke']);
    off();
    events.emitProviderUsage(event);
    expect(seen).toEqual(['main']);
  });
});
