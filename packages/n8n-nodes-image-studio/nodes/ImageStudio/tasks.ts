// Reading a task, waiting for it with n8n's own sleep, and turning it into an output item (JSON, and the image as
// binary data once completed).
import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import { apiRequest } from './api';

export async function getTask(ctx: IExecuteFunctions, itemIndex: number, taskId: string): Promise<IDataObject> {
  const answer = await apiRequest(ctx, itemIndex, { method: 'GET', path: `/api/n8n/image-status/${encodeURIComponent(taskId)}` });
  return answer.body;
}

/** Each wait is this much longer than the one before... */
const POLL_GROWTH = 1.5;
/** ...up to this many seconds (or the first wait, when that is longer). */
const POLL_CAP_SECONDS = 10;

/**
 * Polls until the task is no longer processing or the timeout passes; then returns its last status. The first check
 * is at once (a quick task is output without any wait), then the waits grow from `firstPollSeconds` by
 * `POLL_GROWTH` up to `POLL_CAP_SECONDS`, the last one cut to the timeout. Waits with n8n's own `sleep`.
 */
export async function waitForTask(
  ctx: IExecuteFunctions,
  itemIndex: number,
  taskId: string,
  timeoutSeconds: number,
  firstPollSeconds: number,
): Promise<IDataObject> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const capMs = Math.max(POLL_CAP_SECONDS, firstPollSeconds) * 1000;
  let delayMs = firstPollSeconds * 1000;
  for (;;) {
    const status = await getTask(ctx, itemIndex, taskId);
    const left = deadline - Date.now();
    if (status.status !== 'processing' || left <= 0) return status;
    await sleep(Math.min(delayMs, left));
    delayMs = Math.min(delayMs * POLL_GROWTH, capMs);
  }
}

/** A failed task stops the node (its credits were refunded by the studio); the other states are output. */
export function assertNotFailed(ctx: IExecuteFunctions, itemIndex: number, task: IDataObject): void {
  if (task.status !== 'failed') return;
  const refunded = Number(task.creditsRefunded ?? 0);
  throw new NodeOperationError(ctx.getNode(), `The task failed: ${String(task.error ?? 'no reason given')}`, {
    description: `Task ${String(task.taskId)}.${refunded ? ` ${refunded} credits were refunded.` : ''}`,
    itemIndex,
  });
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export interface OutputOptions {
  download: boolean;
  binaryPropertyName: string;
}

/** The task as an item; a completed image is fetched (a public file of the studio) into `binaryPropertyName`. */
export async function toItem(
  ctx: IExecuteFunctions,
  itemIndex: number,
  json: IDataObject,
  options: OutputOptions,
): Promise<INodeExecutionData> {
  const item: INodeExecutionData = { json, pairedItem: { item: itemIndex } };
  if (!options.download || json.status !== 'completed' || typeof json.imageUrl !== 'string') return item;
  let file: { body: Buffer; headers: IDataObject };
  try {
    file = (await ctx.helpers.httpRequest({ method: 'GET', url: json.imageUrl, encoding: 'arraybuffer', returnFullResponse: true })) as {
      body: Buffer;
      headers: IDataObject;
    };
  } catch (error) {
    throw new NodeApiError(ctx.getNode(), error as JsonObject, { message: 'Could not download the image', itemIndex });
  }
  const mimeType = String(file.headers['content-type'] ?? 'image/png')
    .split(';')[0]!
    .trim();
  // A task's image is named after it; the edit from binary references has no task id to give.
  const fileName = `${String(json.taskId ?? 'image')}.${EXTENSIONS[mimeType] ?? 'png'}`;
  item.binary = { [options.binaryPropertyName]: await ctx.helpers.prepareBinaryData(Buffer.from(file.body), fileName, mimeType) };
  return item;
}
