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

/** Holds the answer until the task ends (or the client goes away, or the wait passes). */
export async function imagesAnswer(
  ctx: AppContext,
  caller: TokenOwner,
  keyed: KeyedTaskAnswer,
  options: AnswerOptions,
): Promise<OpenAIImagesResponse> {
  const gone = new AbortController();
  // The response closes before it is sent only when the client went away.
  ctx.res.once('close', () => gone.abort());
  const task = await waitForTaskEnd(ctx.state.em, ctx.services.live, caller.id, keyed.taskId, OPENAI_WAIT_SECONDS, gone.signal);
  if (!task) throw stillRunning(ctx, keyed.taskId);
  const status = presentAutomationStatus(task);
  if (status.status === 'failed') {
    const refunded = status.creditsRefunded ? ` ${status.creditsRefunded} credits were refunded.` : '';
    throw generationFailed(`${status.error ?? 'The image could not be created.'}${refunded}`);
  }
  if (status.status !== 'completed' || !status.imageUrl) throw stillRunning(ctx, keyed.taskId);
  const pixels = IMAGE_PIXELS[task.aspectRatio as keyof typeof IMAGE_PIXELS] ?? IMAGE_PIXELS['1:1'];
  return {
    created: Math.floor((task.completedAt ?? new Date()).getTime() / 1000),
    data: [
      {
        ...(options.responseFormat === 'url' ? { url: status.imageUrl } : { b64_json: await readBase64(ctx, status.imageUrl) }),
        revised_prompt: task.prompt,
      },
    ],
    output_format: options.outputFormat,
    size: `${pixels.width}x${pixels.height}`,
    usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0, credits_used: keyed.creditsUsed },
  };
}

/** The stored result as base64 (results are always our own files). */
async function readBase64(ctx: AppContext, url: string): Promise<string> {
  const { storage } = ctx.services.studio;
  const key = storage.keyFromPublicUrl(url);
  const file = key ? await storage.read(key) : null;
  if (!file) throw generationFailed('The image was made but its file could not be read. Ask for response_format url, or try again.');
  return file.bytes.toString('base64');
}
