// Automation API handlers (n8n and other integrators): bearer token, API prices, images fetched and stored
// by us before the provider sees them, optional Idempotency-Key, per-token rate limit.
import { createHash } from 'node:crypto';
import type { AutomationSubmitted, automationRoutes } from '@app/contract';
import type { Config } from '../../config.ts';
import { notFound } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import type { AppContext, Principal } from '../../http/context.ts';
import { createRateLimiter, enforceRateLimit, type RateLimiter } from '../../http/rate-limit.ts';
import { findTaskForUser, ImageTaskRepository, type SubmittedTask, type TaskKind } from '../studio/index.ts';
import { studioOf } from '../studio/routes.ts';
import { checkCallbackTarget, recordCallback } from './callbacks/register.ts';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, requestHash } from './idempotency.service.ts';
import { storeInputImages } from './image-inputs.ts';
import { presentAutomationStatus } from './status.presenter.ts';
import { loadN8nTemplate } from './templates.ts';

const limiters = new WeakMap<Config, RateLimiter>();

/** The token's user; the route's `token` role has already been enforced. */
function caller(ctx: AppContext): Principal {
  const user = ctx.state.tokenUser;
  if (!user) throw new Error('automation route reached without a token user');
  return user;
}

/** Counts the request against its token (not its user: each integration has its own budget). */
function limitPerToken(ctx: AppContext): void {
  const config = ctx.services.config;
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = createRateLimiter({ limit: config.automationRatePerMinute, windowMs: 60_000 });
    limiters.set(config, limiter);
  }
  const tokenKey = createHash('sha256').update(ctx.get('Authorization')).digest('hex');
  enforceRateLimit(limiter, tokenKey, 'Too many automation requests for this token. Try again in a minute.');
}

/** n8n's HTTP Request node says so in its User-Agent; everyone else is `api`. */
function createdVia(ctx: AppContext): 'n8n' | 'api' {
  return /n8n/i.test(ctx.get('User-Agent')) ? 'n8n' : 'api';
}

/** The callback's signing token, after the address passed the SSRF guard; undefined without a callback. */
async function callbackTarget(ctx: AppContext, url: string | undefined) {
  if (!url) return undefined;
  return { url, ...(await checkCallbackTarget(ctx.state.em, ctx.get('Authorization'), url, studioOf(ctx).fetchOptions)) };
}

async function submitted(ctx: AppContext, kind: TaskKind, task: SubmittedTask, callback: { url: string; apiTokenId: string } | undefined) {
  if (callback) await recordCallback(ctx.state.em, task.task.id, callback.apiTokenId, callback.url);
  const body: AutomationSubmitted = {
    success: true,
    taskId: task.task.taskId,
    creditsUsed: task.creditsUsed,
    remainingCredits: task.remainingCredits,
    type: kind,
  };
  return { status: 202 as const, body };
}

/**
 * Runs a submission once per `Idempotency-Key`: a repeat with the same body replays the stored answer.
 * A failed submission (validation, 402, ...) charged nothing and releases the key, so it can be retried.
 */
async function once(ctx: AppContext, body: unknown, run: () => Promise<{ status: 202; body: AutomationSubmitted }>) {
  const key = ctx.get('Idempotency-Key');
  if (!key) return run();
  const em = ctx.state.em;
  const userId = caller(ctx).id;
  const claim = await claimIdempotencyKey(em, userId, key, requestHash(ctx.method, ctx.path, body));
  if (claim.kind === 'replay') {
    ctx.set('Idempotent-Replayed', 'true');
    return { status: 202 as const, body: claim.body as AutomationSubmitted };
  }
  try {
    const answer = await run();
    await completeIdempotencyKey(em, userId, key, answer.status, answer.body);
    return answer;
  } catch (error) {
    await releaseIdempotencyKey(em, userId, key);
    throw error;
  }
}

const IMAGE_SIZE_RATIO = (size: string) => (size === 'auto' ? '1:1' : size);

export const automationHandlers = {
  async automationGenerate(ctx, { body }) {
    limitPerToken(ctx);
    return once(ctx, body, async () => {
      const callback = await callbackTarget(ctx, body.callbackUrl);
      const { input } = body;
      const task = await studioOf(ctx).submit(ctx.state.em, {
        userId: caller(ctx).id,
        kind: 'text_to_image',
        prompt: input.prompt,
        inputImageUrls: [],
        aspectRatio: IMAGE_SIZE_RATIO(input.image_size),
        imageSize: input.image_size,
        outputFormat: input.output_format,
        createdVia: createdVia(ctx),
        priceList: 'api',
      });
      return submitted(ctx, 'text_to_image', task, callback);
    });
  },

  async automationEditImage(ctx, { body }) {
    limitPerToken(ctx);
    return once(ctx, body, async () => {
      const callback = await callbackTarget(ctx, body.callbackUrl);
      const studio = studioOf(ctx);
      const { input } = body;
      const stored = await storeInputImages(
        studio,
        input.image_urls.map((url, index) => ({ pointer: `/body/input/image_urls/${index}`, url })),
      );
      const task = await studio.submit(ctx.state.em, {
        userId: caller(ctx).id,
        kind: 'edit_image',
        prompt: input.prompt,
        inputImageUrls: stored,
        aspectRatio: IMAGE_SIZE_RATIO(input.image_size),
        imageSize: input.image_size,
        outputFormat: input.output_format,
        createdVia: createdVia(ctx),
        priceList: 'api',
      });
      return submitted(ctx, 'edit_image', task, callback);
    });
  },

  async automationUpscale(ctx, { body }) {
    limitPerToken(ctx);
    return once(ctx, body, async () => {
      const callback = await callbackTarget(ctx, body.callbackUrl);
      const studio = studioOf(ctx);
      const user = caller(ctx);
      const { input } = body;
      const [stored = input.image_url] = await storeInputImages(studio, [{ pointer: '/body/input/image_url', url: input.image_url }]);
      const scale = Number(input.scale_ratio);
      // When it is one of the caller's results, that task gets the HD link and lends its aspect ratio.
      const source = await new ImageTaskRepository(ctx.state.em).findCompletedSource(user.id, input.image_url);
      const task = await studio.submit(ctx.state.em, {
        userId: user.id,
        kind: 'upscale',
        prompt: `Upscale x${scale}`,
        inputImageUrls: [stored],
        aspectRatio: source?.aspectRatio ?? '1:1',
        outputFormat: /\.jpe?g(?:[?#]|$)/i.test(stored) ? 'jpeg' : 'png',
        scaleRatio: scale,
        faceEnhancement: input.face_enhancement,
        sourceTaskId: source?.id ?? null,
        createdVia: createdVia(ctx),
        priceList: 'api',
      });
      return submitted(ctx, 'upscale', task, callback);
    });
  },

  async automationImageStatus(ctx, { params }) {
    limitPerToken(ctx);
    const task = await findTaskForUser(ctx.state.em, caller(ctx).id, params.taskId);
    if (!task) throw notFound('No task of yours has this id.');
    ctx.set('Cache-Control', 'no-store');
    return { status: 200, body: presentAutomationStatus(task) };
  },

  async n8nTemplate(ctx, { params }) {
    const workflow = await loadN8nTemplate(params.file, ctx.services.config.publicUrl || `${ctx.protocol}://${ctx.host}`);
    ctx.set('Content-Disposition', `attachment; filename="${params.file}"`);
    return { status: 200, body: workflow };
  },
} satisfies HandlersFor<typeof automationRoutes>;
