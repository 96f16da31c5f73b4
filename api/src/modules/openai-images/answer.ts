// Waits for a `/v1` call's task and answers in OpenAI's shape: the image as base64 (read from our storage) or our
// stored file's address. A failed task was refunded by the studio; a task still running after the wait is a 504 the
// same request (same Idempotency-Key) resumes.
import { IMAGE_PIXELS, OPENAI_WAIT_SECONDS, type OpenAIImagesResponse } from '@app/contract';
import { HttpProblem } from '../../errors.ts';
import type { AppContext } from '../../http/context.ts';
import type { TokenOwner } from '../../http/roles.ts';
import { type KeyedTaskAnswer, presentAutomationStatus, waitForTaskEnd } from '../automation/index.ts';

export interface AnswerOptions {
  responseFormat: 'b64_json' | 'url';
  outputFormat: 'png' | 'jpeg';
}

const generationFailed = (detail: string) =>
  new HttpProblem({ status: 502, code: 'generation_failed', title: 'Generation failed', detail });

/** Without an Idempotency-Key a retry would be a second charge: OpenAI's clients honour `x-should-retry: false`. */
const stillRunning = (ctx: AppContext, taskId: string) =>
  new HttpProblem({
    status: 504,
    ...(!ctx.get('Idempotency-Key') && { headers: { 'x-should-retry': 'false' } }),
    code: 'task_still_running',
    title: 'Task still running',
    retryable: true,
    detail: `Task ${taskId} is not done after ${OPENAI_WAIT_SECONDS} s. Send the same request with the same Idempotency-Key to keep waiting (no second charge), or poll GET /api/n8n/image-status/${taskId}.`,
  });

/** Holds the answer until every task of the call ends (or the client goes away, or the wait passes). */
export async function imagesAnswer(
  ctx: AppContext,
  caller: TokenOwner,
  keyed: KeyedTaskAnswer,
  options: AnswerOptions,
): Promise<OpenAIImagesResponse> {
  const gone = new AbortController();
  // The response closes before it is sent only when the client went away.
  ctx.res.once('close', () => gone.abort());
  const taskIds = keyed.taskIds ?? [keyed.taskId];
  const tasks = await Promise.all(
    taskIds.map((taskId) => waitForTaskEnd(ctx.state.em, ctx.services.live, caller.id, taskId, OPENAI_WAIT_SECONDS, gone.signal)),
  );
  const data = [];
  for (const [index, task] of tasks.entries()) {
    const taskId = taskIds[index] ?? keyed.taskId;
    if (!task) throw stillRunning(ctx, taskId);
    const status = presentAutomationStatus(task);
    if (status.status === 'failed') throw failedAnswer(tasks.length, status);
    if (status.status !== 'completed' || !status.imageUrl) throw stillRunning(ctx, taskId);
    data.push({
      ...(options.responseFormat === 'url' ? { url: status.imageUrl } : { b64_json: await readBase64(ctx, status.imageUrl) }),
      revised_prompt: task.prompt,
    });
  }
  const [first] = tasks;
  const pixels = IMAGE_PIXELS[first?.aspectRatio as keyof typeof IMAGE_PIXELS] ?? IMAGE_PIXELS['1:1'];
  const done = Math.max(...tasks.map((task) => (task?.completedAt ?? new Date()).getTime()));
  return {
    created: Math.floor(done / 1000),
    data,
    output_format: options.outputFormat,
    size: `${pixels.width}x${pixels.height}`,
    usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0, credits_used: keyed.creditsUsed },
  };
}

/**
 * OpenAI's answer has no place for a failed image among made ones: one failure fails the call (502), naming what was
 * refunded; the images that were made stay in the caller's history, and each task's status tells its own story.
 */
function failedAnswer(count: number, status: { error: string | null; creditsRefunded: number; taskId: string }) {
  const refunded = status.creditsRefunded ? ` ${status.creditsRefunded} credits were refunded.` : '';
  const which = count > 1 ? ` (task ${status.taskId}; the other images of this call are in your history)` : '';
  return generationFailed(`${status.error ?? 'The image could not be created.'}${which}${refunded}`);
}

/** The stored result as base64 (results are always our own files). */
async function readBase64(ctx: AppContext, url: string): Promise<string> {
  const { storage } = ctx.services.studio;
  const key = storage.keyFromPublicUrl(url);
  const file = key ? await storage.read(key) : null;
  if (!file) throw generationFailed('The image was made but its file could not be read. Ask for response_format url, or try again.');
  return file.bytes.toString('base64');
}
