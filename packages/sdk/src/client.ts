// A thin client over openapi-fetch for the automation API (`/api/n8n/*`): every call typed from the spec,
// every failure thrown as an ApiError.
import createFetchClient from 'openapi-fetch';
import { ApiError, WaitTimeoutError } from './errors.ts';
import type { components, paths } from './generated/schema.ts';

type Schemas = components['schemas'];
export type GenerateBody = Schemas['AutomationGenerateBody'];
export type EditBody = Schemas['AutomationEditBody'];
export type UpscaleBody = Schemas['AutomationUpscaleBody'];
export type Submitted = Schemas['AutomationSubmitted'];
export type TaskStatus = Schemas['AutomationTaskStatus'];
export type Balance = Schemas['AutomationBalance'];

const SUBMIT_PATHS = { generate: '/api/n8n/generate', edit: '/api/n8n/edit-image', upscale: '/api/n8n/upscale' } as const;
interface SubmitBodies {
  generate: GenerateBody;
  edit: EditBody;
  upscale: UpscaleBody;
}
export type SubmitKind = keyof SubmitBodies;

export interface ClientOptions {
  /** The studio's address, e.g. `https://studio.example.com`. */
  baseUrl: string;
  /** An API token (`nbk_...`) from the studio's account page. */
  token: string;
  /** Another fetch (a proxy agent, a test double). */
  fetch?: typeof globalThis.fetch;
}

export interface SubmitOptions {
  /** One key per intent: a retry with the same key and body is answered from the first call and charged once. Default: a new UUID. */
  idempotencyKey?: string;
  /** Seconds (1 to 60) the server may hold the answer until the task ends (`Prefer: wait`); the ended task is then in `result`. */
  waitSeconds?: number;
}

export interface SubmitResult extends Submitted {
  /** The key sent, to retry the same submission safely. */
  idempotencyKey: string;
  /** True when the server answered from an earlier call with this key (nothing was charged again). */
  replayed: boolean;
}

export interface WaitOptions {
  /** Give up after this long with a WaitTimeoutError (the task goes on). Default 5 minutes. */
  timeoutMs?: number;
  /** First pause between status reads; doubles up to `maxIntervalMs`. Default 500 ms. */
  intervalMs?: number;
  maxIntervalMs?: number;
  signal?: AbortSignal;
}

const ended = (status: TaskStatus) => status.status !== 'processing';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    // The listener goes with the pause, so a long wait does not pile them up on the caller's signal.
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Returns the data of a 2xx answer, else throws the answer's problem as an ApiError. */
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw new ApiError(result.response.status, result.error);
}

export function createClient(options: ClientOptions) {
  const api = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.token}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** Queues a generate, edit or upscale task; charged at the API prices. */
  async function submit<K extends SubmitKind>(kind: K, body: SubmitBodies[K], opts: SubmitOptions = {}): Promise<SubmitResult> {
    const idempotencyKey = opts.idempotencyKey ?? crypto.randomUUID();
    const header = { 'idempotency-key': idempotencyKey, ...(opts.waitSeconds ? { prefer: `wait=${opts.waitSeconds}` } : {}) };
    // The three paths share one shape of call; the body's type is checked by the overload above.
    const result = await api.POST(SUBMIT_PATHS[kind] as '/api/n8n/generate', { body: body as GenerateBody, params: { header } });
    const data = unwrap(result);
    return { ...data, idempotencyKey, replayed: result.response.headers.get('idempotent-replayed') === 'true' };
  }

  /** The task's current status (`processing`, `completed` or `failed`). */
  async function getTask(taskId: string): Promise<TaskStatus> {
    return unwrap(await api.GET('/api/n8n/image-status/{taskId}', { params: { path: { taskId } } }));
  }

  /** The token owner and their credits. */
  async function balance(): Promise<Balance> {
    return unwrap(await api.GET('/api/n8n/balance'));
  }

  /**
   * Reads the task until it has ended (completed or failed: check `status`; a failed task says what was refunded),
   * pausing with backoff. The status read has no `Prefer: wait`; `run` uses it on the submission instead.
   */
  async function waitFor(taskId: string, opts: WaitOptions = {}): Promise<TaskStatus> {
    const timeoutMs = opts.timeoutMs ?? 300_000;
    const deadline = Date.now() + timeoutMs;
    let pause = opts.intervalMs ?? 500;
    for (;;) {
      const status = await getTask(taskId);
      if (ended(status)) return status;
      const left = deadline - Date.now();
      if (left <= 0) throw new WaitTimeoutError(taskId, timeoutMs);
      await sleep(Math.min(pause, left), opts.signal);
      pause = Math.min(pause * 2, opts.maxIntervalMs ?? 5000);
    }
  }

  /**
   * Submits and returns the ended task: the server holds the submission up to 60 s (`Prefer: wait`), and a task
   * still running after that is polled until `timeoutMs`.
   */
  async function run<K extends SubmitKind>(
    kind: K,
    body: SubmitBodies[K],
    opts: Omit<SubmitOptions, 'waitSeconds'> & WaitOptions = {},
  ): Promise<TaskStatus> {
    const started = Date.now();
    const timeoutMs = opts.timeoutMs ?? 300_000;
    const waitSeconds = Math.max(1, Math.min(60, Math.floor(timeoutMs / 1000)));
    const submitted = await submit(kind, body, { ...opts, waitSeconds });
    if (submitted.result && ended(submitted.result)) return submitted.result;
    return waitFor(submitted.taskId, { ...opts, timeoutMs: Math.max(0, timeoutMs - (Date.now() - started)) });
  }

  return { submit, getTask, balance, waitFor, run };
}

export type Client = ReturnType<typeof createClient>;
