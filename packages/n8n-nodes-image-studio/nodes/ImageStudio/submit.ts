// Submitting generate, edit and upscale, each with an Idempotency-Key, so n8n retrying the node (Retry On Fail, or
// a lost answer) replays the first submission instead of charging again.
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { apiRequest } from './api';
import { editForm, type Reference, readReferences } from './references';

/** What a submission gives, per image: the queued task, and its status when the call already waited for the end. */
export interface Submitted {
  task: IDataObject;
  ended?: IDataObject;
}

/** The option's key, else one per execution, node, run and item (stable when n8n retries this node). */
function idempotencyKey(ctx: IExecuteFunctions, itemIndex: number): string {
  const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
  const own = String(options.idempotencyKey ?? '').trim();
  if (own) return own;
  const node = ctx.getNode();
  const runIndex = Number(ctx.getWorkflowDataProxy(itemIndex).$runIndex ?? 0);
  return `n8n-${ctx.getExecutionId()}-${node.id ?? node.name}-${runIndex}-${itemIndex}`;
}

const endedOf = (result: unknown) => (result && typeof result === 'object' ? { ended: result as IDataObject } : {});

/**
 * One entry per image. A request for several (`n` > 1) lists each task with its own status address; each becomes its
 * own item with the request's `batchId`, and the request's charge as `batchCreditsUsed` (the task's own
 * `creditsUsed` comes with its status).
 */
function queued(answer: { body: IDataObject; headers: IDataObject }): Submitted[] {
  // `success` is always true here; the task's own status comes with the wait.
  const { result, tasks, ...task } = answer.body;
  delete task.success;
  if (answer.headers['idempotent-replayed'] === 'true') task.replayed = true;
  const listed = Array.isArray(tasks) ? (tasks as IDataObject[]) : [];
  if (listed.length <= 1) return [{ task, ...endedOf(result) }];
  // The request's own taskId and statusUrl are the first image's; each item carries its own.
  const { creditsUsed, ...shared } = task;
  delete shared.taskId;
  delete shared.statusUrl;
  return listed.map((each) => ({
    task: { ...shared, taskId: each.taskId, statusUrl: each.statusUrl, batchCreditsUsed: creditsUsed },
    ...endedOf(each.result),
  }));
}

/** `504 task_still_running` names the task the edit is still waiting for. */
const TASK_IN_TEXT = /\b(tsk_[A-Za-z0-9_-]+)\b/;

/**
 * The OpenAI-compatible edit answers once the image is ready, with its address, the prompt and the charge (its
 * answer names no task, so the output has no `taskId`); a task still running after its wait is polled by id.
 */
async function editWithFiles(
  ctx: IExecuteFunctions,
  itemIndex: number,
  key: string,
  references: Reference[],
  input: IDataObject,
  timeoutSeconds: number,
): Promise<Submitted[]> {
  const count = Number(input.n ?? 1);
  const form = await editForm(ctx, itemIndex, references, {
    prompt: String(input.prompt),
    imageSize: String(input.image_size),
    outputFormat: String(input.output_format),
    n: count,
  });
  const headers = { 'Content-Type': form.contentType, 'Idempotency-Key': key };
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    try {
      const answer = await apiRequest(ctx, itemIndex, { method: 'POST', path: '/v1/images/edits', body: form.body, headers });
      const usage = (answer.body.usage ?? {}) as IDataObject;
      const images = (answer.body.data ?? []) as IDataObject[];
      return images.map((image) => {
        const done: IDataObject = {
          type: 'edit_image',
          status: 'completed',
          imageUrl: image.url ?? null,
          prompt: image.revised_prompt ?? input.prompt,
          size: answer.body.size,
          // The call charges once for all its images.
          [count > 1 ? 'batchCreditsUsed' : 'creditsUsed']: usage.credits_used,
        };
        if (answer.headers['idempotent-replayed'] === 'true') done.replayed = true;
        return { task: done, ended: done };
      });
    } catch (error) {
      // Still running after the call's own wait (504 task_still_running). One image: carry on waiting by polling its
      // task. Several: the answer names only the first unfinished one, so the same request (same key, no second
      // charge) is sent again until every image is in or the node's timeout passes.
      const stillRunning = error instanceof NodeApiError && error.httpCode === '504';
      const taskId = stillRunning ? TASK_IN_TEXT.exec(String(error.description))?.[1] : undefined;
      if (taskId && count === 1) return [{ task: { taskId, type: 'edit_image', status: 'processing' } }];
      if (taskId && Date.now() < deadline) continue;
      throw error instanceof NodeApiError ? error : new NodeApiError(ctx.getNode(), error as JsonObject, { itemIndex });
    }
  }
}

export async function submit(ctx: IExecuteFunctions, itemIndex: number, operation: string, timeoutSeconds: number): Promise<Submitted[]> {
  const key = idempotencyKey(ctx, itemIndex);
  const param = (name: string) => ctx.getNodeParameter(name, itemIndex);
  let path: string;
  let input: IDataObject;
  if (operation === 'upscale') {
    path = '/api/n8n/upscale';
    input = {
      image_url: String(param('imageUrl')).trim(),
      scale_ratio: Number(param('scaleRatio')),
      face_enhancement: param('faceEnhancement'),
    };
  } else {
    input = {
      prompt: param('prompt'),
      image_size: param('imageSize'),
      output_format: param('outputFormat'),
      n: Number(ctx.getNodeParameter('imageCount', itemIndex, 1)),
    };
    path = '/api/n8n/generate';
    if (operation === 'edit') {
      const references = readReferences(ctx, itemIndex);
      if (references.some((reference) => reference.source === 'binary'))
        return await editWithFiles(ctx, itemIndex, key, references, input, timeoutSeconds);
      path = '/api/n8n/edit-image';
      input.image_urls = references.flatMap((reference) => (reference.source === 'url' ? [reference.url] : []));
    }
  }
  const answer = await apiRequest(ctx, itemIndex, { method: 'POST', path, body: { input }, headers: { 'Idempotency-Key': key } });
  return queued(answer);
}
