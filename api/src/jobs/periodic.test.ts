import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startPeriodic } from './periodic.ts';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startPeriodic', () => {
  it('runs its step again and again, never two at once, and goes on after a failure', async () => {
    let runs = 0;
    let inFlight = 0;
    let overlapped = false;
    const loop = startPeriodic('test loop', 5, logger, async () => {
      runs++;
      inFlight++;
      overlapped ||= inFlight > 1;
      await sleep(10);
      inFlight--;
      if (runs === 2) throw new Error('one bad step');
    });
    await sleep(150);
    await loop.stop();
    expect(runs).toBeGreaterThan(3);
    expect(overlapped).toBe(false);
  });

  it('stop() waits for the step in flight and no step starts afterwards', async () => {
    let finished = 0;
    let started = 0;
    const loop = startPeriodic('test loop', 1, logger, async () => {
      started++;
      await sleep(40);
      finished++;
    });
    await sleep(10);
    await loop.stop();
    expect(finished).toBe(started);
    const after = started;
    await sleep(30);
    expect(started).toBe(after);
  });
});
