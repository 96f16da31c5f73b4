// One generation, edit or upscale (spec 000 §3 image_tasks) plus the fields the background job needs.
import { CREATED_VIA, GENERATION_TYPES, MODELS, TASK_STATUSES } from '@app/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { KieApi } from '../../kie-accounts/index.ts';
import { User } from '../../users/index.ts';

/** Statuses a task is still working in: it holds one of the user's in-flight slots and can still fail or complete. */
export const IN_FLIGHT_STATUSES = ['pending', 'generating'] as const;

/** Which provider holds the task upstream. */
export const PROVIDER_NAMES = ['kie', 'sandbox'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const ImageTask = defineEntity({
  name: 'ImageTask',
  tableName: 'image_tasks',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    user: p.manyToOne(User).deleteRule('cascade'),
    /** Our public id (`tsk_` + 128 random bits): in URLs of results and in the automation API. Never the provider's. */
    taskId: p.string().length(40).unique(),
    provider: p.enum(PROVIDER_NAMES).nullable(),
    providerTaskId: p.string().length(200).nullable().index(),
    prompt: p.text(),
    /**
     * The prompt's words for search, each keyed by the owner (`<user_id>:<word>`, task-search.ts; the SQL function is in
     * migration ..._task_words_by_owner), kept by the database: never read or written here.
     */
    promptWords: p
      .type('tsvector')
      .columnType('tsvector')
      .generated(`(image_task_words("user_id", "prompt")) stored`)
      .lazy()
      .hidden()
      .nullable(),
    inputImageUrls: p.array().default([]),
    model: p.enum(MODELS),
    generationType: p.enum(GENERATION_TYPES).default('text_to_image'),
    aspectRatio: p.string().length(10),
    scaleRatio: p.integer().nullable(),
    faceEnhancement: p.boolean().default(false),
    outputFormat: p.string().length(10).default('png'),
    imageSize: p.string().length(10).default('auto'),
    seeds: p.integer().nullable(),
    enableFallback: p.boolean().default(false),
    status: p.enum(TASK_STATUSES).default('pending'),
    resultUrls: p.array().default([]),
    thumbnailUrl: p.text().nullable(),
    hdImageUrl: p.text().nullable(),
    errorMessage: p.text().nullable(),
    creditsUsed: p.integer(),
    createdVia: p.enum(CREATED_VIA).default('web'),
    isPublic: p.boolean().default(false),
    /** Starred by its owner (`PUT` / `DELETE /api/image-tasks/{taskId}/favourite`); the list can show only these. */
    isFavourite: p.boolean().default(false),
    /** The API token that submitted it, for that token's spending caps (a refund gives back what it counted). */
    apiTokenId: p.uuid().nullable(),
    refunded: p.boolean().default(false),
    refundedAt: p.datetime().nullable(),
    kieApi: p.manyToOne(KieApi).nullable().deleteRule('set null'),
    /** For an upscale: the caller's task whose result was upscaled; its `hdImageUrl` is set on completion. */
    sourceTaskId: p.uuid().nullable(),
    /** Shared by the tasks of one request for several images (`n` > 1), charged together; null for a single image. */
    batchId: p.string().length(40).nullable().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    completedAt: p.datetime().nullable(),
    /**
     * How long the provider took from submission, as best observed (the callback's arrival, else halfway between the
     * last look that saw it running and the first that saw it done): what the status schedule learns from.
     */
    providerMs: p.integer().nullable(),
    /** Bumped by every change (the ORM does it on flush; raw updates do it by hand): the list's ETag is built on it. */
    revision: p.integer().version(),
    // How often the task was looked at (the backoff of its pg-boss step jobs) and its time limit.
    attempts: p.integer().default(0),
    deadlineAt: p.datetime(),
  },
  indexes: [
    // The task list: a user's tasks newest first, ties by id (the cursor's order; scanned backwards).
    { name: 'image_tasks_user_created_id_idx', properties: ['user', 'createdAt', 'id'] },
    // Search in prompts: full-text, word prefixes, per owner (see task-search.ts).
    { name: 'image_tasks_prompt_words_idx', properties: ['promptWords'], type: 'gin' },
  ],
});
export type ImageTask = InferEntity<typeof ImageTask>;
