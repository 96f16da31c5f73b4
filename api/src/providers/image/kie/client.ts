// KIE "Market" jobs API adapter (Nano Banana): createTask, recordInfo, chat/credit.
// Wire format: KIE's jobs API docs. Errors arrive as an HTTP status, as a JSON body `code`
// with HTTP 200, or both; both are checked. Retries are small and bounded.
import { z } from 'zod';
import {
  type ImageJob,
  type ImageProvider,
  ImageProviderError,
  type ImageProviderErrorKind,
  type ProviderTaskStatus,
  resolveImageSize,
  type SubmitOptions,
  type SubmitResult,
} from '../provider.ts';

export const KIE_DEFAULT_BASE_URL = 'https://api.kie.ai';

export const KIE_DEFAULT_MODELS = {
  textToImage: 'google/nano-banana',
  edit: 'google/nano-banana-edit',
  upscale: 'nano-banana-upscale',
} as const;

export interface KieModels {
  textToImage: string;
  edit: string;
  upscale: string;
}

export interface KieRetryOptions {
  /** Total attempts per call, including the first; default 3. */
  attempts?: number;
  /** First backoff; doubles each retry (with jitter); default 500 ms. */
  baseDelayMs?: number;
  /** Upper bound for one wait, also for a `Retry-After` header; default 4 s. */
  maxDelayMs?: number;
}

export interface KieClientOptions {
  /** The account's API key (Bearer). */
  token: string;
  /** Default `https://api.kie.ai`. */
  baseUrl?: string;
  models?: Partial<KieModels>;
  /** Default callback URL sent with createTask (per-call `SubmitOptions.callBackUrl` wins). */
  callBackUrl?: string;
  retry?: KieRetryOptions;
  /** Per-request timeout; default 30 s. */
  timeoutMs?: number;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const envelope = z.object({
  code: z.coerce.number().optional(),
  msg: z.string().nullish(),
  message: z.string().nullish(),
  data: z.unknown().optional(),
});

const createTaskData = z.object({ taskId: z.union([z.string().min(1), z.number()]).transform(String) });

const recordInfoData = z.object({
  taskId: z.unknown().optional(),
  state: z.string().nullish(),
  resultJson: z.string().nullish(),
  failCode: z.union([z.string(), z.number()]).nullish(),
  failMsg: z.string().nullish(),
  createTime: z.unknown().optional(),
  completeTime: z.unknown().optional(),
});

const resultJsonShape = z.object({ resultUrls: z.array(z.string()).optional() });

/** Maps a KIE code (HTTP status or body code) to an error kind. */
export function kieErrorKind(code: number): ImageProviderErrorKind {
  if (code === 401 || code === 403) return 'auth';
  if (code === 402) return 'insufficient_credits';
  if (code === 404) return 'not_found';
  if (code === 429) return 'rate_limited';
  if (code === 455) return 'unavailable';
  if (code === 505) return 'disabled';
  if (code >= 500) return 'server';
  return 'validation';
}

/** 429, 455 and 5xx except 501 (generation failed) and 505 (feature disabled) are worth retrying. */
export function isRetryableKieCode(code: number): boolean {
  return code === 429 || code === 455 || (code >= 500 && code !== 501 && code !== 505);
}

function kieError(code: number, message: string, httpStatus: number, retryAfter?: string | null): ImageProviderError {
  return new ImageProviderError({
    kind: kieErrorKind(code),
    message: `KIE ${code}: ${message}`,
    retryable: isRetryableKieCode(code),
    httpStatus,
    providerCode: code,
    provider: 'kie',
    ...(retryAfter && /^\d+$/.test(retryAfter) ? { retryAfterMs: Number(retryAfter) * 1000 } : {}),
  });
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface KieEnvelope {
  code: number;
  message: string;
  data: unknown;
  httpStatus: number;
}

export class KieImageProvider implements ImageProvider {
  readonly name = 'kie';
  readonly baseUrl: string;
  readonly models: KieModels;
  readonly #token: string;
  readonly #callBackUrl?: string;
  readonly #attempts: number;
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;

  constructor(options: KieClientOptions) {
    if (!options.token) throw new Error('KIE token is required');
    this.#token = options.token;
    this.baseUrl = (options.baseUrl ?? KIE_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.models = { ...KIE_DEFAULT_MODELS, ...options.models };
    this.#callBackUrl = options.callBackUrl;
    this.#attempts = Math.max(1, options.retry?.attempts ?? 3);
    this.#baseDelayMs = options.retry?.baseDelayMs ?? 500;
    this.#maxDelayMs = options.retry?.maxDelayMs ?? 4000;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#random = options.random ?? Math.random;
  }

  /** The createTask body for a job (exported through `buildKieCreateTaskBody` for tests and logs). */
  buildCreateTaskBody(job: ImageJob, options: SubmitOptions = {}): Record<string, unknown> {
    return buildKieCreateTaskBody(job, this.models, options.callBackUrl ?? this.#callBackUrl);
  }

  async submit(job: ImageJob, options: SubmitOptions = {}): Promise<SubmitResult> {
    const body = this.buildCreateTaskBody(job, options);
    const answer = await this.#call('POST', '/api/v1/jobs/createTask', body);
    const parsed = createTaskData.safeParse(answer.data);
    if (!parsed.success) {
      throw new ImageProviderError({
        kind: 'server',
        message: 'KIE createTask answered without a taskId',
        retryable: false,
        provider: 'kie',
      });
    }
    return { providerTaskId: parsed.data.taskId };
  }

  async getStatus(providerTaskId: string): Promise<ProviderTaskStatus> {
    const path = `/api/v1/jobs/recordInfo?taskId=${encodeURIComponent(providerTaskId)}`;
    let answer: KieEnvelope;
    try {
      answer = await this.#call('GET', path);
    } catch (error) {
      // 501 "generation failed": the task is over, not the request.
      if (error instanceof ImageProviderError && error.providerCode === 501) {
        return { state: 'fail', failMessage: error.message.replace(/^KIE 501: /, ''), failCode: '501' };
      }
      throw error;
    }
    return parseKieRecordInfo(answer.data);
  }

  /** Remaining credits of this account (`GET /api/v1/chat/credit`). */
  async getCredits(): Promise<number> {
    const answer = await this.#call('GET', '/api/v1/chat/credit');
    const credits = typeof answer.data === 'number' ? answer.data : Number(answer.data);
    if (!Number.isFinite(credits)) {
      throw new ImageProviderError({
        kind: 'server',
        message: 'KIE chat/credit answered without a number',
        retryable: false,
        provider: 'kie',
      });
    }
    return credits;
  }

  async #call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<KieEnvelope> {
    let lastError: ImageProviderError | undefined;
    for (let attempt = 1; attempt <= this.#attempts; attempt++) {
      let retryAfterMs: number | undefined;
      try {
        return await this.#once(method, path, body);
      } catch (error) {
        if (!(error instanceof ImageProviderError)) throw error;
        lastError = error;
        if (!error.retryable || attempt === this.#attempts) throw error;
        retryAfterMs = error.retryAfterMs;
      }
      const backoff = this.#baseDelayMs * 2 ** (attempt - 1);
      const jittered = backoff / 2 + this.#random() * (backoff / 2);
      await this.#sleep(Math.min(this.#maxDelayMs, retryAfterMs ?? jittered));
    }
    throw lastError ?? new Error('unreachable');
  }

  async #once(method: 'GET' | 'POST', path: string, body?: unknown): Promise<KieEnvelope> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ImageProviderError({ kind: 'network', message: `KIE request failed: ${reason}`, provider: 'kie', cause });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw new ImageProviderError({ kind: 'network', message: 'KIE response could not be read', provider: 'kie', cause });
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const parsed = envelope.safeParse(json);
    const bodyCode = parsed.success ? parsed.data.code : undefined;
    const message = (parsed.success ? (parsed.data.msg ?? parsed.data.message) : undefined) || response.statusText || 'no message';

    if (!response.ok) {
      // Prefer a specific body code (e.g. 402 inside a 400) over the bare HTTP status.
      const code = bodyCode !== undefined && bodyCode !== 200 && Number.isFinite(bodyCode) ? bodyCode : response.status;
      throw kieError(code, message, response.status, response.headers.get('retry-after'));
    }
    if (!parsed.success) {
      throw new ImageProviderError({
        kind: 'server',
        message: 'KIE answered with a body that is not the expected JSON envelope',
        httpStatus: response.status,
        provider: 'kie',
      });
    }
    if (bodyCode !== undefined && bodyCode !== 200) throw kieError(bodyCode, message, response.status);
    return { code: bodyCode ?? 200, message, data: parsed.data.data, httpStatus: response.status };
  }
}

/** createTask body for a job: `{ model, callBackUrl?, input }`. */
export function buildKieCreateTaskBody(
  job: ImageJob,
  models: KieModels = KIE_DEFAULT_MODELS,
  callBackUrl?: string,
): Record<string, unknown> {
  let model: string;
  let input: Record<string, unknown>;
  switch (job.type) {
    case 'text_to_image':
      model = models.textToImage;
      input = { prompt: job.prompt, output_format: job.outputFormat, image_size: resolveImageSize(job) };
      break;
    case 'edit_image':
      model = models.edit;
      input = { prompt: job.prompt, image_urls: job.inputImageUrls, output_format: job.outputFormat, image_size: resolveImageSize(job) };
      break;
    case 'upscale':
      model = models.upscale;
      input = { image: job.imageUrl, scale: job.scale, face_enhance: job.faceEnhancement };
      break;
  }
  return { model, ...(callBackUrl ? { callBackUrl } : {}), input };
}

const STATE_MAP: Record<string, ProviderTaskStatus['state']> = {
  waiting: 'pending',
  queuing: 'pending',
  generating: 'generating',
  success: 'success',
  fail: 'fail',
};

/** Reads recordInfo `data` (also the callback envelope's `data`) into a provider status. */
export function parseKieRecordInfo(data: unknown): ProviderTaskStatus {
  const parsed = recordInfoData.safeParse(data ?? {});
  if (!parsed.success) {
    throw new ImageProviderError({
      kind: 'server',
      message: 'KIE recordInfo answered with an unexpected shape',
      retryable: true,
      provider: 'kie',
    });
  }
  const { state: rawState, resultJson, failCode, failMsg, createTime, completeTime } = parsed.data;
  // Unknown or missing states are treated as still running; the caller's deadline ends them.
  const state = STATE_MAP[(rawState ?? '').toLowerCase()] ?? 'pending';
  if (state === 'fail') {
    const code = failCode === null || failCode === undefined || failCode === '' ? undefined : String(failCode);
    return {
      state,
      failMessage: failMsg || (code ? `Generation failed (code ${code})` : 'Generation failed'),
      ...(code ? { failCode: code } : {}),
    };
  }
  if (state !== 'success') return { state };
  let urls: string[] = [];
  try {
    const result = resultJsonShape.safeParse(JSON.parse(resultJson ?? ''));
    urls = result.success ? (result.data.resultUrls ?? []) : [];
  } catch {
    urls = [];
  }
  urls = urls.filter((url) => /^https?:\/\//i.test(url));
  if (urls.length === 0) return { state: 'fail', failMessage: 'The provider reported success without a result image' };
  const ranMs = Number(completeTime) - Number(createTime);
  // Epoch milliseconds (null before the end); a difference on KIE's own clock, so ours may differ from it.
  return { state, resultUrls: urls, ...(completeTime && createTime && ranMs >= 0 ? { ranMs } : {}) };
}
