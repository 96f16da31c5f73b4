// Test kit for the studio: a runtime on a test database with its own files folder, users with credits,
// sample images, and small waiting helpers.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import type { StudioConfig } from '../../../config.studio.ts';
import { type Config, loadConfig } from '../../../config.ts';
import type { Orm } from '../../../db/orm.ts';
import { type Jobs, openJobs } from '../../../jobs/boss.ts';
import { createUser } from '../../auth/index.ts';
import { applyLedgerEntry } from '../../ledger/index.ts';
import { User } from '../../users/index.ts';
import { createStudioRuntime, type StudioRuntime, type StudioRuntimeDeps } from '../runtime.ts';
import { ImageTask } from '../tasks/image-task.entity.ts';
import type { SubmitTaskInput } from '../tasks/submit.service.ts';
import { newTaskId } from '../tasks/task-id.ts';

/** Studio settings for tests: instant sandbox, fast polling; the test starts the job workers. */
export function testStudioConfig(filesDir: string, overrides: Partial<StudioConfig> = {}): StudioConfig {
  const base = loadConfig({ NODE_ENV: 'test' }).studio;
  return {
    ...base,
    filesDir,
    sandboxDelayMs: 0,
    pollMinMs: 50,
    pollMaxMs: 200,
    ...overrides,
    kie: { ...base.kie, ...overrides.kie },
  };
}

export interface RuntimeHandle {
  runtime: StudioRuntime;
  /** Its own pg-boss instance (a process of its own, as far as the jobs are concerned). */
  jobs: Jobs;
  filesDir: string;
  /** Stops the jobs and the runtime and removes its files folder. */
  close(): Promise<void>;
}

/**
 * A runtime on `orm` with a fresh files folder and its queues declared; `runtime.start()` runs its workers
 * (`workers: false` makes a process that only sends).
 */
export async function openRuntime(
  orm: Orm,
  options: {
    studio?: Partial<StudioConfig>;
    config?: Partial<Config>;
    filesDir?: string;
    workers?: boolean;
    /** pg-boss hands back expired jobs this often (default 60 s). */
    superviseIntervalSeconds?: number;
  } & Pick<StudioRuntimeDeps, 'kieFor'> = {},
): Promise<RuntimeHandle> {
  const filesDir = options.filesDir ?? (await mkdtemp(join(tmpdir(), 'studio-files-')));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    ...options.config,
    studio: testStudioConfig(filesDir, options.studio),
  };
  const logger = pino({ level: 'silent' });
  const jobs = await openJobs(orm, {
    logger,
    runWorkers: options.workers ?? true,
    superviseIntervalSeconds: options.superviseIntervalSeconds,
  });
  const runtime = createStudioRuntime({ config, orm, logger, publicUrl: 'http://studio.test', kieFor: options.kieFor, jobs });
  await runtime.tasks.define();
  let closing: Promise<void> | undefined;
  return {
    runtime,
    jobs,
    filesDir,
    close: async () => {
      closing ??= jobs.stop(5_000).then(() => runtime.stop());
      await closing;
      if (!options.filesDir) await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * A user with a balance set through the ledger (so books and balance agree). No real password: tests sign
 * in with a session (`signIn`) and skip the deliberately slow password hashing.
 */
export async function userWithCredits(orm: Orm, credits: number): Promise<{ id: string; username: string }> {
  const em = orm.em.fork();
  const username = `studio_${randomBytes(5).toString('hex')}`;
  const user = await createUser(em, { username, passwordHash: 'not-a-password-hash' });
  if (credits !== user.credits) {
    const result = await applyLedgerEntry(em, {
      userId: user.id,
      amount: credits - user.credits,
      type: 'adjustment',
      businessKey: `test-credits:${user.id}`,
      description: 'Test balance',
    });
    if (!result.applied) throw new Error(`could not set test credits: ${result.reason}`);
  }
  return { id: user.id, username };
}

/** A real PNG as a data URL. */
export async function pngDataUrl(width = 64, height = 48, color = '#3366cc'): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** Inserts a finished task straight into the table (no charge), for list and ETag tests. */
export async function insertTask(orm: Orm, userId: string, overrides: Partial<ImageTask> = {}): Promise<ImageTask> {
  const em = orm.em.fork();
  const task = em.create(ImageTask, {
    user: em.getReference(User, userId),
    taskId: newTaskId(),
    provider: 'sandbox',
    providerTaskId: null,
    prompt: 'inserted',
    model: 'nano_banana',
    aspectRatio: '1:1',
    status: 'completed',
    resultUrls: ['http://studio.test/files/results/x/0.png'],
    thumbnailUrl: null,
    hdImageUrl: null,
    errorMessage: null,
    creditsUsed: 2,
    refundedAt: null,
    kieApi: null,
    sourceTaskId: null,
    completedAt: new Date(),
    deadlineAt: new Date(),
    ...overrides,
  });
  await em.flush();
  return task;
}

/** The task as stored now. */
export function reloadTask(orm: Orm, id: string): Promise<ImageTask> {
  return orm.em.fork().findOneOrFail(ImageTask, { id });
}

/** Polls `check` until it returns a value (not undefined/false) or the time is up (generous: shared machines are slow). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the task has left pending/generating; returns it. */
export function settled(orm: Orm, id: string, timeoutMs?: number): Promise<ImageTask> {
  return eventually(
    async () => {
      const task = await reloadTask(orm, id);
      return task.status === 'completed' || task.status === 'failed' ? task : undefined;
    },
    timeoutMs,
    `task ${id} to finish`,
  );
}

/** Rows of the ledger for a user, oldest first. */
export function ledgerOf(orm: Orm, userId: string) {
  return orm.em
    .fork()
    .execute<{ type: string; amount: number; business_key: string; image_task_id: string | null; balance_after: number }[]>(
      'select "type", "amount", "business_key", "image_task_id", "balance_after" from "transactions" where "user_id" = ? order by "created_at", "id"',
      [userId],
    );
}

/** The user's balance as stored. */
export async function balanceOf(orm: Orm, userId: string): Promise<number> {
  const rows = await orm.em.fork().execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [userId]);
  return Number(rows[0]?.credits);
}

/** A studio text-to-image submission by `userId` (the shape the web form sends). */
export function textTask(userId: string, prompt: string): SubmitTaskInput {
  return { userId, kind: 'text_to_image', prompt, inputImageUrls: [], aspectRatio: '1:1', createdVia: 'web', priceList: 'studio' };
}
