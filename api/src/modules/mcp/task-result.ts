// A task as an MCP tool result: the automation status as structured content and a text block, and once completed the
// image itself (full or thumbnail-sized) plus a resource link to the full file. While it runs, progress notifications
// go to a client that sent a progress token; after the bounded wait the task id is answered for get_task.
import type { AutomationTaskStatus } from '@app/contract';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { notFound } from '../../errors.ts';
import type { AppContext } from '../../http/context.ts';
import type { TokenOwner } from '../../http/roles.ts';
import { presentAutomationStatus, waitForTaskEnd } from '../automation/index.ts';
import type { ImageTask } from '../studio/index.ts';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface WaitOptions {
  wait_seconds: number;
  preview: boolean;
}

/** How often a waiting call reports progress. */
const PROGRESS_EVERY_SECONDS = 2;

/** Waits up to `wait_seconds` for the task to end, reporting the seconds waited as progress when asked to. */
async function waitWithProgress(
  ctx: AppContext,
  caller: TokenOwner,
  taskId: string,
  seconds: number,
  extra: ToolExtra,
): Promise<ImageTask | null> {
  const token = extra._meta?.progressToken;
  const started = Date.now();
  for (;;) {
    const left = seconds - (Date.now() - started) / 1000;
    const task = await waitForTaskEnd(
      ctx.state.em,
      ctx.services.live,
      caller.id,
      taskId,
      Math.max(0, Math.min(PROGRESS_EVERY_SECONDS, left)),
      extra.signal,
    );
    const ended = !task || task.status === 'completed' || task.status === 'failed';
    if (ended || left <= PROGRESS_EVERY_SECONDS || extra.signal.aborted) return task;
    if (token !== undefined) {
      const waited = Math.round((Date.now() - started) / 1000);
      await extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: waited, total: seconds, message: `Task ${taskId}: ${task.status}` },
      });
    }
  }
}

/** The stored file behind one of our addresses, as MCP image content. */
async function imageContent(ctx: AppContext, url: string | null | undefined): Promise<CallToolResult['content'][number] | null> {
  const { storage } = ctx.services.studio;
  const key = url ? storage.keyFromPublicUrl(url) : null;
  const file = key ? await storage.read(key) : null;
  return file ? { type: 'image', data: file.bytes.toString('base64'), mimeType: file.contentType } : null;
}

/** The text block: what an agent that reads only text needs to go on. */
function describe(status: AutomationTaskStatus): string {
  if (status.status === 'completed') return `Completed. Image: ${status.imageUrl}\n${JSON.stringify(status)}`;
  if (status.status === 'failed')
    return `Failed: ${status.error} ${status.creditsRefunded} credits were refunded.\n${JSON.stringify(status)}`;
  return `Task ${status.taskId} is still running. Call get_task with task_id "${status.taskId}" in a few seconds.\n${JSON.stringify(status)}`;
}

/** A task's blocks: the text, and once completed its image and a link to the full file. */
async function taskContent(ctx: AppContext, task: ImageTask, preview: boolean): Promise<CallToolResult['content']> {
  const status = presentAutomationStatus(task);
  const content: CallToolResult['content'] = [{ type: 'text', text: describe(status) }];
  if (status.status === 'completed' && status.imageUrl) {
    const image = await imageContent(ctx, preview ? (task.thumbnailUrl ?? status.imageUrl) : status.imageUrl);
    if (image) content.push(image);
    content.push({
      type: 'resource_link',
      uri: status.imageUrl,
      name: `${status.taskId}.${task.outputFormat === 'jpeg' ? 'jpg' : 'png'}`,
      mimeType: task.outputFormat === 'jpeg' ? 'image/jpeg' : 'image/png',
    });
  }
  return content;
}

/**
 * Waits (bounded) for the task, or every task of a request for several images (within the same wait), and answers
 * them as a tool result: the first task's status, and `tasks` listing each when there are several. It is an error
 * result when every image failed (each refunded); a partial failure reads from its own task's text and status.
 */
export async function taskResult(
  ctx: AppContext,
  caller: TokenOwner,
  taskIds: string | string[],
  options: WaitOptions,
  extra: ToolExtra,
): Promise<CallToolResult> {
  const ids = typeof taskIds === 'string' ? [taskIds] : taskIds;
  const started = Date.now();
  const tasks: ImageTask[] = [];
  for (const id of ids) {
    const left = Math.max(0, options.wait_seconds - (Date.now() - started) / 1000);
    const task = await waitWithProgress(ctx, caller, id, left, extra);
    if (!task) throw notFound('No task of yours has this id.');
    tasks.push(task);
  }
  const statuses = tasks.map(presentAutomationStatus);
  const [first] = statuses;
  if (!first) throw notFound('No task of yours has this id.');
  const content = (await Promise.all(tasks.map((task) => taskContent(ctx, task, options.preview)))).flat();
  const structuredContent = statuses.length > 1 ? { ...first, tasks: statuses } : first;
  const allFailed = statuses.every((status) => status.status === 'failed');
  return { content, structuredContent, ...(allFailed && { isError: true }) };
}
