// Automation API handlers (n8n and other integrators): bearer token, API prices, images fetched and stored
// by us before the provider sees them, optional Idempotency-Key, per-token rate limit.
import type { AutomationGenerateBody, AutomationSubmitted, automationRoutes } from '@app/contract';
import { notFound } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import type { AppContext } from '../../http/context.ts';
import { appOrigin } from '../../http/origin.ts';
import type { TokenOwner } from '../../http/roles.ts';
import { oncePerKey } from '../idempotency/index.ts';
import { findTaskForUser, type SubmittedTask, type TaskKind } from '../studio/index.ts';
import { UserRepository } from '../users/index.ts';
import { type AlsoRecord, submitApiTask } from './api-submit.ts';
import { callbackFetchOptions } from './callbacks/fetch-options.ts';
import { checkCallbackTarget, recordCallback } from './callbacks/register.ts';
import { preferredWait, waitForTaskEnd } from './prefer-wait.ts';
import { presentAutomationStatus } from './status.presenter.ts';
import { loadN8nTemplate } from './templates.ts';
import { limitPerToken } from './token-limit.ts';

/** n8n's HTTP Request node says so in its User-Agent; everyone else is `api`. */
function createdVia(ctx: AppContext): 'n8n' | 'api' {
  return /n8n/i.test(ctx.get('User-Agent')) ? 'n8n' : 'api';
}

/** The callback's address, checked by the SSRF guard before anything is fetched or charged, and its signing token. */
async function callbackTarget(ctx: AppContext, url: string | undefined, events: AutomationCallbackEvents) {
  if (!url) return undefined;
  const fetchOptions = callbackFetchOptions(ctx.services.studio.fetchOptions, ctx.services.config.automationCallbacks.allowedNetworks);
  return { url, events, ...(await checkCallbackTarget(ctx.state.em, ctx.get('Authorization'), url, fetchOptions)) };
}

type AutomationCallbackEvents = AutomationGenerateBody['callbackEvents'];

/** Where the status of a task is read: the answer's `statusUrl` and `Location`. */
function statusUrlOf(ctx: AppContext, taskId: string): string {
  return `${appOrigin(ctx)}/api/n8n/image-status/${encodeURIComponent(taskId)}`;
}

function answerOf(ctx: AppContext, kind: TaskKind, submitted: SubmittedTask): AutomationSubmitted {
  return {
    success: true,
    taskId: submitted.task.taskId,
    creditsUsed: submitted.creditsUsed,
    remainingCredits: submitted.remainingCredits,
    type: kind,
    statusUrl: statusUrlOf(ctx, submitted.task.taskId),
    batchId: submitted.batchId,
    tasks: submitted.tasks.map((task) => ({ taskId: task.taskId, statusUrl: statusUrlOf(ctx, task.taskId) })),
  };
}

type SubmitAnswer = { status: 202 | 200; body: AutomationSubmitted };

/**
 * Runs a submission once per `Idempotency-Key` (the shared rule, `oncePerKey`): a repeat with the same body replays
 * the stored answer. The callback's delivery and the key's answer are written in the task's transaction, so a crash
 * can neither leave a charged task without them nor a stored answer without its task.
 */
async function submitOnce(
  ctx: AppContext,
  caller: TokenOwner,
  kind: TaskKind,
  body: { callbackUrl?: string | undefined; callbackEvents: AutomationCallbackEvents },
  run: (alsoRecord: AlsoRecord) => Promise<SubmittedTask>,
): Promise<SubmitAnswer> {
  const { body: answer } = await oncePerKey(ctx, caller.id, body, async (record) => {
    const callback = await callbackTarget(ctx, body.callbackUrl, body.callbackEvents);
    const submitted = await run(async (tx, task) => {
      // Each image is called back on its own (its own status body).
      if (callback) for (const each of task.tasks) await recordCallback(tx, each.id, callback.apiTokenId, callback.url, callback.events);
      await record(tx, { status: 202, body: answerOf(ctx, kind, task) });
    });
    return { status: 202 as const, body: answerOf(ctx, kind, submitted) };
  });
  // Answers stored before `statusUrl` existed get it on replay.
  return answered(ctx, caller, { ...answer, statusUrl: answer.statusUrl ?? statusUrlOf(ctx, answer.taskId) });
}

/** 202 with `Location`; with `Prefer: wait=N`, held until the task ends (200 with `result`) or N seconds pass. */
async function answered(ctx: AppContext, caller: TokenOwner, answer: AutomationSubmitted): Promise<SubmitAnswer> {
  ctx.set('Location', answer.statusUrl);
  const wait = preferredWait(ctx.get('Prefer'));
  if (wait === null) return { status: 202, body: answer };
  ctx.set('Preference-Applied', `wait=${wait}`);
  const gone = new AbortController();
  // The response closes before it is sent only when the client went away.
  ctx.res.once('close', () => gone.abort());
  // Every image of the request is waited for at once, within the same N seconds.
  const listed = answer.tasks ?? [{ taskId: answer.taskId, statusUrl: answer.statusUrl }];
  const ended = await Promise.all(
    listed.map((each) => waitForTaskEnd(ctx.state.em, ctx.services.live, caller.id, each.taskId, wait, gone.signal)),
  );
  const [first] = ended;
  if (!first) return { status: 202, body: answer };
  const results = ended.map((task) => (task ? presentAutomationStatus(task) : undefined));
  const tasks = answer.tasks && listed.map((each, index) => ({ ...each, ...(results[index] && { result: results[index] }) }));
  const allEnded = results.every((result) => result && result.status !== 'processing');
  return { status: allEnded ? 200 : 202, body: { ...answer, result: presentAutomationStatus(first), ...(tasks && { tasks }) } };
}

export const automationHandlers = {
  async automationGenerate(ctx, { body, caller }) {
    await limitPerToken(ctx, caller);
    const { input } = body;
    return submitOnce(ctx, caller, 'text_to_image', body, (alsoRecord) =>
      submitApiTask(
        ctx,
        caller,
        {
          kind: 'text_to_image',
          prompt: input.prompt,
          images: [],
          imageSize: input.image_size,
          outputFormat: input.output_format,
          count: input.n,
          createdVia: createdVia(ctx),
        },
        alsoRecord,
      ),
    );
  },

  async automationEditImage(ctx, { body, caller }) {
    await limitPerToken(ctx, caller);
    const { input } = body;
    const images = input.image_urls.map((url, index) => ({ pointer: `/body/input/image_urls/${index}`, url }));
    return submitOnce(ctx, caller, 'edit_image', body, (alsoRecord) =>
      submitApiTask(
        ctx,
        caller,
        {
          kind: 'edit_image',
          prompt: input.prompt,
          images,
          imageSize: input.image_size,
          outputFormat: input.output_format,
          count: input.n,
          createdVia: createdVia(ctx),
        },
        alsoRecord,
      ),
    );
  },

  async automationUpscale(ctx, { body, caller }) {
    await limitPerToken(ctx, caller);
    const { input } = body;
    return submitOnce(ctx, caller, 'upscale', body, (alsoRecord) =>
      submitApiTask(
        ctx,
        caller,
        {
          kind: 'upscale',
          images: [{ pointer: '/body/input/image_url', url: input.image_url }],
          scaleRatio: Number(input.scale_ratio) as 2 | 3 | 4,
          faceEnhancement: input.face_enhancement,
          createdVia: createdVia(ctx),
        },
        alsoRecord,
      ),
    );
  },

  async automationBalance(ctx, { caller }) {
    await limitPerToken(ctx, caller);
    const user = await new UserRepository(ctx.state.em).findById(caller.id);
    if (!user) throw notFound('No such user.');
    return { status: 200, body: { userId: user.id, username: user.username, credits: user.credits } };
  },

  async automationImageStatus(ctx, { params, caller }) {
    await limitPerToken(ctx, caller);
    const task = await findTaskForUser(ctx.state.em, caller.id, params.taskId);
    if (!task) throw notFound('No task of yours has this id.');
    ctx.set('Cache-Control', 'no-store');
    return { status: 200, body: presentAutomationStatus(task) };
  },

  async n8nTemplate(ctx, { params }) {
    const workflow = await loadN8nTemplate(params.file, appOrigin(ctx));
    ctx.set('Content-Disposition', `attachment; filename="${params.file}"`);
    return { status: 200, body: workflow };
  },
} satisfies HandlersFor<typeof automationRoutes>;
