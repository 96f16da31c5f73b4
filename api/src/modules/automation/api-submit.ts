// The one submit path of every bearer-token surface (automation API, OpenAI-compatible API, MCP): images stored by
// us before any charge, then the studio's submission at the API prices. Nothing else charges or runs a task.
import type { ASPECT_RATIOS, IMAGE_SIZES } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AppContext } from '../../http/context.ts';
import type { TokenOwner } from '../../http/roles.ts';
import { oncePerKey } from '../idempotency/index.ts';
import { ImageTaskRepository, type SubmittedTask, type TaskKind } from '../studio/index.ts';
import { countTokenSpend } from '../tokens/index.ts';
import { type ImageInput, storeInputImages } from './image-inputs.ts';

export interface ApiTaskRequest {
  kind: TaskKind;
  /** Text and edit; an upscale describes itself. */
  prompt?: string;
  /** Edit: 1 to 5 references; upscale: the one picture. */
  images: ImageInput[];
  imageSize?: (typeof IMAGE_SIZES)[number];
  outputFormat?: 'png' | 'jpeg';
  scaleRatio?: 2 | 3 | 4;
  faceEnhancement?: boolean;
  /** Text and edit: images asked for (`n`, 1 to 4), each its own task. */
  count?: number;
  /** `n8n` when n8n calls; every other surface is `api` (the history shows both as API). */
  createdVia: 'api' | 'n8n';
}

/** Writes a submission's extras in the task's own transaction (see `SubmitTaskInput.alsoRecord`). */
export type AlsoRecord = (tx: SqlEntityManager, submitted: SubmittedTask) => Promise<void>;

type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** `auto` lets the provider choose; the task records it as 1:1 (as the spec's automation API always did). */
const ratioOf = (size: ApiTaskRequest['imageSize']): AspectRatio => (!size || size === 'auto' ? '1:1' : size);

/** Stores the request's images, then submits the task at the API prices; throws the studio's problems (402, 429, 503). */
export async function submitApiTask(
  ctx: AppContext,
  caller: TokenOwner,
  request: ApiTaskRequest,
  alsoRecord?: AlsoRecord,
): Promise<SubmittedTask> {
  const studio = ctx.services.studio;
  const stored = request.images.length ? await storeInputImages(studio, request.images) : [];
  const { tokenId } = caller;
  // The token's caps count the charge in its transaction: a call over a cap is refused with nothing charged.
  const record: AlsoRecord = async (tx, submitted) => {
    // Each task counts its own charge, so a refund of one gives back exactly that one's credits.
    if (tokenId) for (const task of submitted.tasks) await countTokenSpend(tx, tokenId, task.id, task.creditsUsed);
    await alsoRecord?.(tx, submitted);
  };
  const common = { userId: caller.id, createdVia: request.createdVia, priceList: 'api' as const, alsoRecord: record };
  if (request.kind === 'upscale') {
    const [image] = request.images;
    const [url = ''] = stored;
    const scale = request.scaleRatio ?? 2;
    // When it is one of the caller's results, that task gets the HD link and lends its aspect ratio.
    const source = image && 'url' in image ? await new ImageTaskRepository(ctx.state.em).findCompletedSource(caller.id, image.url) : null;
    return studio.submit(ctx.state.em, {
      ...common,
      kind: 'upscale',
      prompt: `Upscale x${scale}`,
      inputImageUrls: [url],
      aspectRatio: source?.aspectRatio ?? '1:1',
      outputFormat: /\.jpe?g(?:[?#]|$)/i.test(url) ? 'jpeg' : 'png',
      scaleRatio: scale,
      faceEnhancement: request.faceEnhancement ?? false,
      sourceTaskId: source?.id ?? null,
    });
  }
  return studio.submit(ctx.state.em, {
    ...common,
    kind: request.kind,
    prompt: request.prompt ?? '',
    inputImageUrls: stored,
    aspectRatio: ratioOf(request.imageSize),
    imageSize: request.imageSize ?? 'auto',
    outputFormat: request.outputFormat ?? 'png',
    count: request.count ?? 1,
  });
}

/** What a keyed submission stores and replays: enough to find the task and tell its cost. */
export interface KeyedTaskAnswer {
  taskId: string;
  /** Every task of the request (`n`), `taskId` first; absent from answers stored before `n` existed. */
  taskIds?: string[];
  creditsUsed: number;
  remainingCredits: number;
}

/**
 * `submitApiTask` once per `Idempotency-Key` (the shared rule): a retry with the same key and body gets the same task
 * back, never a second charge. `keyInput` is what the key's request hash covers (the validated body).
 */
export async function submitApiTaskOnce(
  ctx: AppContext,
  caller: TokenOwner,
  keyInput: unknown,
  request: ApiTaskRequest,
): Promise<KeyedTaskAnswer> {
  const { body } = await oncePerKey(ctx, caller.id, keyInput, async (record) => {
    const answerOf = (submitted: SubmittedTask): KeyedTaskAnswer => ({
      taskId: submitted.task.taskId,
      taskIds: submitted.tasks.map((task) => task.taskId),
      creditsUsed: submitted.creditsUsed,
      remainingCredits: submitted.remainingCredits,
    });
    const submitted = await submitApiTask(ctx, caller, request, (tx, task) => record(tx, { status: 200, body: answerOf(task) }));
    return { status: 200, body: answerOf(submitted) };
  });
  return body as KeyedTaskAnswer;
}
