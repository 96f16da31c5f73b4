// The restore drill in CI: a small data set made through the API survives backup and restore byte for byte.
import { describe, expect, it } from 'vitest';
import { runDrill } from './drill.ts';
import { differences } from './snapshot.ts';

describe('the restore drill', () => {
  it('restores balances, ledger, purchases, tasks, uploads and files into a new database and folder', async () => {
    const outcome = await runDrill();
    const { original, restored, manifest } = outcome;
    // The data set is what the drill claims: a purchase, two completed tasks with their files, two uploads.
    expect(original.purchases).toHaveLength(1);
    expect(original.tasks.map((task) => task.status)).toEqual(['completed', 'completed']);
    expect(original.uploads).toHaveLength(2);
    expect(original.api.credits).toBeGreaterThan(0);
    expect(original.users.every((user) => user.credits === user.ledger)).toBe(true);
    expect(Object.keys(original.served).length).toBeGreaterThanOrEqual(8);
    expect(manifest.files.count).toBe(Object.keys(original.files).length);

    expect(restored).toEqual(original);
    expect(outcome.differences).toEqual([]);
    expect(outcome.readyz).toBe(200);
    expect(outcome.pendingMigrations).toEqual([]);
    expect(outcome.seconds.total).toBeLessThan(60);
    // The comparison sees a single changed byte's checksum or a changed balance.
    const [key] = Object.keys(restored.files);
    expect(differences(original, { ...restored, files: { ...restored.files, [key ?? '']: '0'.repeat(64) } })).toEqual(['files']);
    expect(differences(original, { ...restored, api: { ...restored.api, credits: restored.api.credits + 1 } })).toEqual(['api']);
  });
});
