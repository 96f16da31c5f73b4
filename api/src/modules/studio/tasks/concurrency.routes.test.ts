import type { Problem, TaskSubmitted } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { findLedgerMismatches } from '../../ledger/index.ts';
import { balanceOf, ledgerOf, userWithCredits } from '../testing/kit.ts';
import { ImageTask } from './image-task.entity.ts';

describe('concurrent submits through the API', () => {
  let server: TestServer;

  beforeAll(async () => {
    // A web process (no job workers): every accepted task stays in flight, so only the balance and the limit decide.
    server = await startTestServer({ config: { role: 'web' }, studio: { maxTasksInFlight: 8 } });
  });
  afterAll(() => server?.close());

  const submit = (cookie: string, i: number) =>
    server.request<TaskSubmitted & Problem>('POST', '/api/generate-image', { cookie, body: { prompt: `race ${i}` } });

  it('64 at once on a balance worth 5 tasks: exactly 5 accepted, the rest 402, books exact', async () => {
    const user = await userWithCredits(server.orm, 5 * 2 + 1);
    const cookie = await signIn(server, user);
    const answers = await Promise.all(Array.from({ length: 64 }, (_, i) => submit(cookie, i)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(59);
    expect(answers.filter((res) => res.status === 402).every((res) => res.body.code === 'insufficient_credits')).toBe(true);
    expect(await balanceOf(server.orm, user.id)).toBe(1);
    const remaining = answers.filter((res) => res.status === 202).map((res) => res.body.remainingCredits);
    expect(remaining.sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9]);
    const ledger = await ledgerOf(server.orm, user.id);
    expect(ledger.filter((row) => row.type === 'usage')).toHaveLength(5);
    expect(ledger.every((row) => row.balance_after >= 0)).toBe(true);
    expect(await findLedgerMismatches(server.orm.em.fork())).toEqual([]);
  });

  it('20 at once with plenty of credits: exactly the in-flight limit accepted, the rest 429', async () => {
    const user = await userWithCredits(server.orm, 1000);
    const cookie = await signIn(server, user);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(cookie, i)));
    expect(answers.filter((res) => res.status === 202)).toHaveLength(8);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(12);
    expect(refused.every((res) => res.body.code === 'too_many_tasks')).toBe(true);
    expect(await server.orm.em.fork().count(ImageTask, { user: user.id })).toBe(8);
    expect(await balanceOf(server.orm, user.id)).toBe(1000 - 16);
  });
});
