// Configuration of the image studio pipeline (providers, jobs, files, limits), read with the rest of the
// environment by `loadConfig`. Kept in its own file so the studio's knobs are documented in one place.
import { join } from 'node:path';
import { z } from 'zod';
import { commaList } from './config.parsers.ts';

/** KIE's own hosts for generated files (provider docs); the image proxy fetches only from these by default. */
export const DEFAULT_PROVIDER_RESULT_HOSTS = ['tempfile.aiquickdraw.com', 'tempfile.redpandaai.co', 'file.aiquickdraw.com'] as const;

export interface StudioConfig {
  /** Folder of stored uploads, results and thumbnails (local storage). */
  filesDir: string;
  /** Tasks a user may have pending or generating at once. */
  maxTasksInFlight: number;
  /** Tasks waiting to start at the provider, across the cluster, beyond which new ones are refused (503 `studio_busy`). */
  maxWaitingTasks: number;
  /** A task not finished this long after submission fails and is refunded. */
  taskTimeoutMs: number;
  /** Status polls start this far apart and back off to `pollMaxMs`. */
  pollMinMs: number;
  pollMaxMs: number;
  /** Task steps (provider calls) one worker process runs at once. */
  jobConcurrency: number;
  /** Time the sandbox provider takes per task (used when no KIE account exists, outside production). */
  sandboxDelayMs: number;
  /** Uploads (requests) one user may make per 10 minutes. */
  uploadsPerWindow: number;
  /** Bytes of uploads one user may keep stored (unused ones are deleted after a day). */
  uploadQuotaBytes: number;
  /** Stored files no row names are deleted once older than this (files stored for a row not yet committed are younger). */
  unreferencedFilesGraceMs: number;
  kie: {
    baseUrl: string;
    models: { textToImage: string; edit: string; upscale: string };
    /** When set, callbacks must carry a valid `X-Webhook-Signature` (HMAC of `taskId.timestamp`). */
    webhookHmacKey?: string;
  };
  /** Tasks one KIE account may be generating at once, across every process; more wait for a free place. */
  kieMaxTasksPerAccount: number;
  /**
   * Status calls one KIE account may make per 10 s across the cluster (KIE allows 20 requests per 10 s per account;
   * the rest is left to submits). A look beyond it waits for the budget without asking.
   */
  kieStatusCallsPer10s: number;
  /** The sandbox provider calls back (like KIE) when a task is ready, so its step runs at once; polling stays the fallback. */
  sandboxCallbacks: boolean;
  /** Hosts the image proxy may fetch from (besides our own storage): `host`, `*.host` or `host:port`. */
  proxyAllowHosts: string[];
  /**
   * TEST ONLY: `ip:port` targets the guarded fetches may reach although they are private (fake servers on
   * 127.0.0.1). Never read from the environment; refused in production.
   */
  allowPrivateFetchFor?: string[];
}

const seconds = (fallback: number) => z.coerce.number().positive().default(fallback);

export const StudioEnvSchema = z.object({
  FILES_DIR: z.string().min(1).optional(),
  STUDIO_MAX_TASKS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(4),
  STUDIO_MAX_WAITING_TASKS: z.coerce.number().int().min(1).max(1_000_000).default(500),
  STUDIO_TASK_TIMEOUT_SECONDS: seconds(600),
  STUDIO_POLL_MIN_SECONDS: seconds(3),
  STUDIO_POLL_MAX_SECONDS: seconds(10),
  STUDIO_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  KIE_MAX_TASKS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(20),
  KIE_STATUS_CALLS_PER_10_SECONDS: z.coerce.number().int().min(1).max(1000).default(15),
  SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(4000),
  SANDBOX_CALLBACKS: z.enum(['on', 'off']).default('on'),
  STUDIO_UPLOADS_PER_10_MINUTES: z.coerce.number().int().min(1).default(60),
  STUDIO_UPLOAD_QUOTA_MB: z.coerce.number().positive().default(500),
  STUDIO_UNREFERENCED_FILES_GRACE_SECONDS: seconds(3600),
  KIE_BASE_URL: z
    .string()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) URL')
    .default('https://api.kie.ai'),
  KIE_MODEL_TEXT: z.string().min(1).default('google/nano-banana'),
  KIE_MODEL_EDIT: z.string().min(1).default('google/nano-banana-edit'),
  KIE_MODEL_UPSCALE: z.string().min(1).default('nano-banana-upscale'),
  KIE_WEBHOOK_HMAC_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  IMAGE_PROXY_HOSTS: commaList,
});

export type StudioEnv = z.infer<typeof StudioEnvSchema>;

/** Builds the studio configuration from parsed variables; `dataDir` gives the default files folder. */
export function studioConfigFrom(e: StudioEnv, dataDir: string): StudioConfig {
  return {
    filesDir: e.FILES_DIR ?? join(dataDir, 'files'),
    maxTasksInFlight: e.STUDIO_MAX_TASKS_IN_FLIGHT,
    maxWaitingTasks: e.STUDIO_MAX_WAITING_TASKS,
    taskTimeoutMs: e.STUDIO_TASK_TIMEOUT_SECONDS * 1000,
    pollMinMs: e.STUDIO_POLL_MIN_SECONDS * 1000,
    pollMaxMs: Math.max(e.STUDIO_POLL_MIN_SECONDS, e.STUDIO_POLL_MAX_SECONDS) * 1000,
    jobConcurrency: e.STUDIO_JOB_CONCURRENCY,
    sandboxDelayMs: e.SANDBOX_DELAY_MS,
    uploadsPerWindow: e.STUDIO_UPLOADS_PER_10_MINUTES,
    uploadQuotaBytes: Math.round(e.STUDIO_UPLOAD_QUOTA_MB * 1024 * 1024),
    unreferencedFilesGraceMs: e.STUDIO_UNREFERENCED_FILES_GRACE_SECONDS * 1000,
    kie: {
      baseUrl: e.KIE_BASE_URL,
      models: { textToImage: e.KIE_MODEL_TEXT, edit: e.KIE_MODEL_EDIT, upscale: e.KIE_MODEL_UPSCALE },
      ...(e.KIE_WEBHOOK_HMAC_KEY && { webhookHmacKey: e.KIE_WEBHOOK_HMAC_KEY }),
    },
    kieMaxTasksPerAccount: e.KIE_MAX_TASKS_PER_ACCOUNT,
    kieStatusCallsPer10s: e.KIE_STATUS_CALLS_PER_10_SECONDS,
    sandboxCallbacks: e.SANDBOX_CALLBACKS === 'on',
    proxyAllowHosts: e.IMAGE_PROXY_HOSTS.length ? e.IMAGE_PROXY_HOSTS : [...DEFAULT_PROVIDER_RESULT_HOSTS],
  };
}
