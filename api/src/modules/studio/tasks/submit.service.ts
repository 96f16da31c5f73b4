// Submitting a task: the row and its charge are written together or not at all. The provider is called
// later by a pg-boss job sent in that transaction, so a request answers at once and a provider outage fails and refunds the task.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { unauthorized } from '../../../errors.ts';
import { KieApiRepository } from '../../kie-accounts/index.ts';
import { applyLedgerEntryOrRollBack } from '../../ledger/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { User, UserRepository } from '../../users/index.ts';
import { insufficientCredits, noProvider, studioBusy, tooManyTasks } from '../problems.ts';
import { type PriceList, type TaskKind, type TaskPrices, taskCost } from './cost.ts';
import { ImageTask } from './image-task.entity.ts';
import { ImageTaskRepository } from './image-task.repository.ts';
import { usageKey } from './refund.ts';
import { newBatchId, newTaskId } from './task-id.ts';

const MODEL_FOR: Record<TaskKind, ImageTask['model']> = {
  text_to_image: 'nano_banana',
  edit_image: 'nano_banana_edit',
  upscale: 'nano_banana_upscale',
};

export interface SubmitTaskInput {
  userId: string;
  kind: TaskKind;
  /** The prompt (text, edit); for an upscale a short description such as `Upscale x4`. */
  prompt: string;
  /** Edit: the reference pictures (1..5). Upscale: the one picture to upscale. Text: empty. */
  inputImageUrls: string[];
  aspectRatio: string;
  imageSize?: ImageTask['imageSize'];
  outputFormat?: 'png' | 'jpeg';
  seeds?: number | null;
  enableFallback?: boolean;
  /** Upscale only: 2, 3 or 4. */
  scaleRatio?: number | null;
  faceEnhancement?: boolean;
  /** Upscale only: the caller's completed task whose image is upscaled (see `findCompletedSource`). */
  sourceTaskId?: string | null;
  createdVia: ImageTask['createdVia'];
  /** Images asked for (`n`, 1 to 4): as many sibling tasks sharing a `batchId`, charged together or not at all. */
  count?: number;
  /** `studio` for the web, `api` for the automation API prices. */
  priceList: PriceList;
  /**
   * Writes what must exist exactly when the task does (an automation callback, the `Idempotency-Key` answer)
   * in the submission's own transaction, after the charge.
   */
  alsoRecord?: (tx: SqlEntityManager, submitted: SubmittedTask) => Promise<void>;
}

export interface SubmitLimits {
  /** Tasks a user may have pending or generating at once. */
  maxTasksInFlight: number;
  /** Tasks waiting to start across the cluster beyond which a new one is refused. */
  maxWaitingTasks: number;
  /** The time limit of a task, from now. */
  taskTimeoutMs: number;
  /** In production the sandbox never runs: without an enabled KIE account there is no provider. */
  isProduction: boolean;
}

export interface SubmittedTask {
  /** The first task (the only one for a single image). */
  task: ImageTask;
  /** Every task of the request, `task` first. */
  tasks: ImageTask[];
  /** Shared by the tasks when more than one image was asked for; else null. */
  batchId: string | null;
  /** What the whole request was charged. */
  creditsUsed: number;
  remainingCredits: number;
}

export interface SubmitHooks {
  /** Sends a task's first job in the submission's transaction, so a task never exists without it. */
  enqueue?: (tx: SqlEntityManager, task: ImageTask) => Promise<void>;
  /** The current prices (the runtime keeps them in memory); read from the settings row when omitted. */
  prices?: (em: SqlEntityManager) => Promise<TaskPrices>;
}

const DESCRIPTIONS: Record<TaskKind, string> = { text_to_image: 'Text to image', edit_image: 'Image edit', upscale: 'Upscale' };

/**
 * Inserts a pending task (`count` of them for several images) and charges each its cost (`usage:<taskId>`) in one
 * database transaction, under a row lock on the user, so concurrent submits can neither overdraw the balance nor exceed the in-flight limit.
 * Throws 402 `insufficient_credits`, 429 `too_many_tasks` or 503 `no_provider` problems with nothing
 * written. `hooks.enqueue` sends the task's first job in the same transaction, so a task never exists without it.
 */
export async function submitImageTask(
  em: SqlEntityManager,
  input: SubmitTaskInput,
  limits: SubmitLimits,
  hooks: SubmitHooks = {},
): Promise<SubmittedTask> {
  const prices = hooks.prices ? await hooks.prices(em) : await new AdminSettingsRepository(em).get();
  const cost = taskCost(prices, input.kind, input.priceList);
  if (limits.isProduction && !(await new KieApiRepository(em).hasEnabled())) throw noProvider();
  // Shed load before charging: a task that cannot start before its time limit would only be charged and refunded.
  if ((await new ImageTaskRepository(em).countWaitingToStart(limits.maxWaitingTasks)) >= limits.maxWaitingTasks) throw studioBusy();

  const count = input.count ?? 1;
  const total = cost * count;

  return em.transactional(async (tx) => {
    const user = await new UserRepository(tx).lockForCharge(input.userId);
    if (!user?.isActive) throw unauthorized();
    const inFlight = await new ImageTaskRepository(tx).countInFlight(input.userId);
    if (inFlight + count > limits.maxTasksInFlight) throw tooManyTasks(limits.maxTasksInFlight);
    // Exact under the row lock (all images or none); the ledger's guarded update below would refuse anyway.
    if (user.credits < total) throw insufficientCredits(total, user.credits);

    const batchId = count > 1 ? newBatchId() : null;
    const tasks = Array.from({ length: count }, () => createTask(tx, input, cost, batchId, limits.taskTimeoutMs));
    await tx.flush();
    // One usage row per task, so each refund gives back exactly its own charge, once. A refused charge throws
    // below, which rolls the whole submission back.
    let balance = user.credits;
    for (const task of tasks) {
      const charged = await applyLedgerEntryOrRollBack(tx, {
        userId: input.userId,
        amount: -cost,
        type: 'usage',
        businessKey: usageKey(task.taskId),
        description: `${DESCRIPTIONS[input.kind]} (${task.taskId})`,
        event: { kind: 'task_charge', params: { taskKind: input.kind, taskId: task.taskId } },
        imageTaskId: task.id,
        createdVia: input.createdVia,
      });
      if (!charged.applied) {
        if (charged.reason === 'insufficient_credits') throw insufficientCredits(total, user.credits);
        throw new Error(`charge for ${task.taskId} not applied: ${charged.reason}`);
      }
      balance = charged.balance;
    }
    const [task] = tasks as [ImageTask, ...ImageTask[]];
    const submitted: SubmittedTask = { task, tasks, batchId, creditsUsed: total, remainingCredits: balance };
    await input.alsoRecord?.(tx, submitted);
    for (const each of tasks) await hooks.enqueue?.(tx, each);
    return submitted;
  });
}

/** A pending task of the request, its cost charged by the caller. */
function createTask(tx: SqlEntityManager, input: SubmitTaskInput, cost: number, batchId: string | null, timeoutMs: number): ImageTask {
  return tx.create(ImageTask, {
    user: tx.getReference(User, input.userId),
    taskId: newTaskId(),
    provider: null,
    providerTaskId: null,
    prompt: input.prompt,
    inputImageUrls: input.inputImageUrls,
    model: MODEL_FOR[input.kind],
    generationType: input.kind,
    aspectRatio: input.aspectRatio,
    scaleRatio: input.kind === 'upscale' ? (input.scaleRatio ?? 2) : null,
    faceEnhancement: input.faceEnhancement ?? false,
    outputFormat: input.outputFormat ?? 'png',
    imageSize: input.imageSize ?? 'auto',
    seeds: input.seeds ?? null,
    enableFallback: input.enableFallback ?? false,
    status: 'pending',
    thumbnailUrl: null,
    hdImageUrl: null,
    errorMessage: null,
    creditsUsed: cost,
    createdVia: input.createdVia,
    refundedAt: null,
    kieApi: null,
    sourceTaskId: input.sourceTaskId ?? null,
    batchId,
    completedAt: null,
    deadlineAt: new Date(Date.now() + timeoutMs),
  });
}
