// Submitting generate, edit and upscale, each with an Idempotency-Key, so n8n retrying the node (Retry On Fail, or
// a lost answer) replays the first submission instead of charging again.
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { apiRequest } from './api';
import { editForm, type Reference, readReferences } from './references';

/** What a submission gives: the queued task, and its status when the call already waited for the end. */
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

function queued(answer: { body: IDataObject; headers: IDataObject }): Submitted {
  // `success` is always true here; the task's own status comes with the wait.
  const { result, ...task } = answer.body;
  delete task.success;
  if (answer.headers['idempotent-replayed'] === 'true') task.replayed = true;
  return { task, ...(result && typeof result === 'object' && { ended: result as IDataObject }) };
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
): Promise<Submitted> {
  const form = await editForm(ctx, itemIndex, references, {
    prompt: String(input.prompt),
    imageSize: String(input.image_size),
    outputFormat: String(input.output_format),
  });
  const headers = { 'Content-Type': form.contentType, 'Idempotency-Key': key };
  try {
    const answer = await apiRequest(ctx, itemIndex, { method: 'POST', path: '/v1/images/edits', body: form.body, headers });
    const [image] = (answer.body.data ?? []) as IDataObject[];
    const usage = (answer.body.usage ?? {}) as IDataObject;
    const done: IDataObject = {
      type: 'edit_image',
      status: 'completed',
      imageUrl: image?.url ?? null,
      prompt: image?.revised_prompt ?? input.prompt,
      size: answer.body.size,
      creditsUsed: usage.credits_used,
    };
    if (answer.headers['idempotent-replayed'] === 'true') done.replayed = true;
    return { task: done, ended: done };
  } catch (error) {
    // Still running after the call's own wait (504 task_still_running): carry on waiting by polling.
    const taskId =
      error instanceof NodeApiError && error.httpCode === '504' ? TASK_IN_TEXT.exec(String(error.description))?.[1] : undefined;
    if (taskId) return { task: { taskId, type: 'edit_image', status: 'processing' } };
    throw error instanceof NodeApiError ? error : new NodeApiError(ctx.getNode(), error as JsonObject, { itemIndex });
  }
}

export async function submit(ctx: IExecuteFunctions, itemIndex: number, operation: string): Promise<Submitted> {
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
    input = { prompt: param('prompt'), image_size: param('imageSize'), output_format: param('outputFormat') };
    path = '/api/n8n/generate';
    if (operation === 'edit') {
      const references = readReferences(ctx, itemIndex);
      if (references.some((reference) => reference.source === 'binary')) return await editWithFiles(ctx, itemIndex, key, references, input);
      path = '/api/n8n/edit-image';
      input.image_urls = references.flatMap((reference) => (reference.source === 'url' ? [reference.url] : []));
    }
  }
  const answer = await apiRequest(ctx, itemIndex, { method: 'POST', path, body: { input }, headers: { 'Idempotency-Key': key } });
  return queued(answer);
}
