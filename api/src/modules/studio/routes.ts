// Studio routes: uploads, generate/edit/upscale, the task list, the image proxy and the KIE callback.
import type { FieldError, studioRoutes } from '@app/contract';
import { badRequest, notFound } from '../../errors.ts';
import { type HandlersFor, serializedJson } from '../../http/bind.ts';
import { KeptJson } from '../../http/kept-json.ts';
import { queryKey } from '../../http/query-key.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { parseKieCallback, verifyKieCallbackSignature } from '../../providers/image/kie/callback.ts';
import { isSandboxTaskId } from '../../providers/image/sandbox/sandbox-provider.ts';
import { oncePerKey } from '../idempotency/index.ts';
import { BoardRepository } from './boards/board.repository.ts';
import { boardNotFound } from './boards/problems.ts';
import { checkTaskImageInputs } from './files/image-sources.ts';
import { invalidImageUrls, invalidSignature } from './problems.ts';
import { proxyImage } from './proxy/proxy.service.ts';
import { matchesIfNoneMatch, pageSignature, taskListEtag } from './tasks/etag.ts';
import { ImageTaskRepository, type TaskPageQuery, windowStart } from './tasks/image-task.repository.ts';
import { presentImageTask } from './tasks/presenter.ts';
import { runAgainInput } from './tasks/run-again.ts';
import type { SubmittedTask } from './tasks/submit.service.ts';
import { uploadImages } from './uploads/upload.service.ts';

/** Browsers may keep the answer but must ask again each time; the ETag makes that cheap. */
const TASK_LIST_CACHE_CONTROL = 'private, no-cache';

/** The task list cache's key of a page: the whole validated query, so a new filter is part of it by itself. */
const taskListPage = (query: TaskPageQuery) => queryKey(query);

/** The answer to an accepted submission (also stored for an `Idempotency-Key` replay). */
function accepted(submitted: SubmittedTask) {
  return {
    status: 202 as const,
    body: {
      task: presentImageTask(submitted.task),
      creditsUsed: submitted.creditsUsed,
      remainingCredits: submitted.remainingCredits,
      taskIds: submitted.tasks.map((task) => task.taskId),
      batchId: submitted.batchId,
    },
  };
}

/** Stars or unstars one of the caller's tasks; 404 for any other id (another user's task included). */
async function setFavourite(em: ConstructorParameters<typeof ImageTaskRepository>[0], userId: string, taskId: string, favourite: boolean) {
  const row = await new ImageTaskRepository(em).setFavourite(userId, taskId, favourite);
  if (!row) throw notFound('No task of yours has this id.');
  return presentImageTask(row);
}

export const studioHandlers = {
  async uploadImages(ctx, { body, caller }) {
    const studio = ctx.services.studio;
    await enforceRateLimit(studio.uploadLimiter, caller.id, 'Too many uploads. Try again in a few minutes.');
    const owner = { em: ctx.state.em, userId: caller.id, quotaBytes: ctx.services.config.studio.uploadQuotaBytes };
    return oncePerKey(ctx, caller.id, body, async () => ({
      status: 201 as const,
      body: { urls: await uploadImages(studio.storage, body.images, owner) },
    }));
  },

  async generateImage(ctx, { body, caller }) {
    const studio = ctx.services.studio;
    const isEdit = body.generationType === 'edit_image';
    const model = isEdit ? 'nano_banana_edit' : 'nano_banana';
    const errors: FieldError[] = [];
    if (body.model !== model) errors.push({ pointer: '/body/model', detail: `${body.generationType} uses the model ${model}.` });
    if (isEdit && body.inputImageUrls.length === 0) {
      errors.push({ pointer: '/body/inputImageUrls', detail: 'An edit needs at least one reference image.' });
    }
    // Text to image takes no references; any sent along are ignored rather than charged for.
    const inputs = isEdit ? body.inputImageUrls : [];
    errors.push(
      ...(await checkTaskImageInputs(
        studio.storage,
        studio.config.proxyAllowHosts,
        inputs.map((url, index) => ({ pointer: `/body/inputImageUrls/${index}`, url })),
      )),
    );
    if (errors.length) throw invalidImageUrls(errors);
    return oncePerKey(ctx, caller.id, body, async (record) =>
      accepted(
        await studio.submit(ctx.state.em, {
          userId: caller.id,
          kind: body.generationType,
          prompt: body.prompt,
          inputImageUrls: inputs,
          aspectRatio: body.aspectRatio,
          imageSize: body.imageSize,
          outputFormat: body.outputFormat,
          seeds: body.seeds ?? null,
          enableFallback: body.enableFallback,
          count: body.n,
          createdVia: 'web',
          priceList: 'studio',
          alsoRecord: (tx, submitted) => record(tx, accepted(submitted)),
        }),
      ),
    );
  },

  async upscaleImage(ctx, { body, caller }) {
    const studio = ctx.services.studio;
    const errors = await checkTaskImageInputs(studio.storage, studio.config.proxyAllowHosts, [
      { pointer: '/body/imageUrl', url: body.imageUrl },
    ]);
    if (errors.length) throw invalidImageUrls(errors);
    const scale = Number(body.scaleRatio);
    const source = await new ImageTaskRepository(ctx.state.em).findCompletedSource(caller.id, body.imageUrl);
    return oncePerKey(ctx, caller.id, body, async (record) =>
      accepted(
        await studio.submit(ctx.state.em, {
          userId: caller.id,
          kind: 'upscale',
          prompt: `Upscale x${scale}`,
          inputImageUrls: [body.imageUrl],
          aspectRatio: source?.aspectRatio ?? '1:1',
          outputFormat: /\.jpe?g(?:[?#]|$)/i.test(body.imageUrl) ? 'jpeg' : 'png',
          scaleRatio: scale,
          faceEnhancement: body.faceEnhancement,
          sourceTaskId: source?.id ?? null,
          createdVia: 'web',
          priceList: 'studio',
          alsoRecord: (tx, submitted) => record(tx, accepted(submitted)),
        }),
      ),
    );
  },

  async listImageTasks(ctx, { query, caller: user }) {
    // Another user's board is not told apart from one that does not exist.
    if (query.board && !(await new BoardRepository(ctx.state.em).owns(user.id, query.board))) throw boardNotFound();
    // Made when a query is needed: a 304 from memory forks no EntityManager.
    const tasks = () => new ImageTaskRepository(ctx.state.em);
    const cache = ctx.services.taskLists;
    const page = taskListPage(query);
    const now = Date.now();
    const since = windowStart(query.days, now);
    ctx.set('Cache-Control', TASK_LIST_CACHE_CONTROL);
    ctx.vary('Cookie');
    const ifNoneMatch = ctx.get('If-None-Match');
    if (ifNoneMatch) {
      // Nothing heard about this user's tasks since the page was last read: its tag still stands, no query.
      let etag = cache?.etag(user.id, page, now);
      if (!etag) {
        const version = cache?.version(user.id);
        const current = await tasks().pageVersion(user.id, query, since);
        etag = taskListEtag(user.id, query, current);
        cache?.store(user.id, page, version, etag, current.oldest, query.days);
      }
      if (matchesIfNoneMatch(ifNoneMatch, etag)) {
        ctx.set('ETag', etag);
        return { status: 304, body: undefined };
      }
    }
    // Unchanged since last read: the same answer, from memory.
    const kept = cache?.answer(user.id, page, now);
    if (kept) {
      ctx.set('ETag', kept.etag);
      return { status: 200, body: serializedJson(kept.answer) };
    }
    const version = cache?.version(user.id);
    const rows = await tasks().listPage(user.id, query, since);
    // Tagged from the rows actually sent, with the same formula as the version query.
    const etag = taskListEtag(user.id, query, { total: rows.counted, signature: pageSignature(rows.tasks) });
    const answer = new KeptJson(
      JSON.stringify({
        tasks: rows.tasks.map(presentImageTask),
        total: rows.total,
        totalCapped: rows.totalCapped,
        nextCursor: rows.nextCursor,
      }),
    );
    cache?.store(user.id, page, version, etag, rows.oldest, query.days, answer);
    ctx.set('ETag', etag);
    return { status: 200, body: serializedJson(answer) };
  },

  async favouriteImageTask(ctx, { params, caller }) {
    return { status: 200, body: await setFavourite(ctx.state.em, caller.id, params.taskId, true) };
  },

  async unfavouriteImageTask(ctx, { params, caller }) {
    return { status: 200, body: await setFavourite(ctx.state.em, caller.id, params.taskId, false) };
  },

  async runImageTaskAgain(ctx, { params, caller }) {
    const studio = ctx.services.studio;
    const input = await runAgainInput(ctx.state.em, caller.id, params.taskId);
    // A reference deleted since is refused by name, before anything is charged.
    const errors = await checkTaskImageInputs(
      studio.storage,
      studio.config.proxyAllowHosts,
      input.inputImageUrls.map((url, index) => ({ pointer: `/task/inputImageUrls/${index}`, url })),
    );
    if (errors.length) throw invalidImageUrls(errors);
    return oncePerKey(ctx, caller.id, params, async (record) =>
      accepted(await studio.submit(ctx.state.em, { ...input, alsoRecord: (tx, submitted) => record(tx, accepted(submitted)) })),
    );
  },

  async proxyImage(ctx, { query }) {
    const studio = ctx.services.studio;
    const image = await proxyImage(
      { storage: studio.storage, allowHosts: studio.config.proxyAllowHosts, fetchOptions: studio.fetchOptions },
      query.url,
    );
    ctx.set(image.headers);
    ctx.type = image.contentType;
    return { status: 200, body: image.body as never };
  },

  async kieCallback(ctx, { body }) {
    const studio = ctx.services.studio;
    const parsed = parseKieCallback(body);
    if (!parsed) throw badRequest('The callback carries no task id.');
    const hmacKey = studio.config.kie.webhookHmacKey;
    if (hmacKey) {
      const verified = verifyKieCallbackSignature({
        taskId: parsed.taskId,
        timestampHeader: ctx.get('X-Webhook-Timestamp') || undefined,
        signatureHeader: ctx.get('X-Webhook-Signature') || undefined,
        hmacKey,
      });
      if (!verified.ok) throw invalidSignature();
    }
    // The body says nothing we trust: the task is re-checked with KIE, like a poll that came early.
    // The sandbox (never in production) calls back here too, with its own task ids.
    const provider = !ctx.services.config.isProduction && isSandboxTaskId(parsed.taskId) ? 'sandbox' : 'kie';
    await studio.onProviderCallback(provider, parsed.taskId);
    return { status: 200, body: { received: true as const } };
  },
} satisfies HandlersFor<typeof studioRoutes>;
