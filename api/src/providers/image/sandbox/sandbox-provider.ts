// The sandbox image provider: used outside production when no KIE account exists. It writes real image
// files through the storage interface after a configurable delay, so every flow works offline.
//
// Restart-safe by construction: `submit` stores the job as `sandbox/<taskId>.json` (private, never
// served) and the result goes to `results/<taskId>/0.<ext>`. `getStatus` needs nothing in memory: before
// the ready time it answers pending/generating; after it, it returns the file if it exists, or
// re-runs the deterministic work (after a restart) and then returns it.
//
// A prompt containing `[sandbox:fail]` makes the task fail, to try out failure and refund paths; `[sandbox:fail-one]`
// fails only the first task of that exact prompt this process renders (one image of a request for several).
import { randomBytes } from 'node:crypto';
import { type FetchImageOptions, guardedFetchImage } from '../../../images/fetch-image.ts';
import { IMAGE_LIMITS, validateImageBytes } from '../../../images/validate.ts';
import { type FileStorage, resultKey, type StoredContentType } from '../../../storage/storage.ts';
import { signKieCallback } from '../kie/callback.ts';
import {
  ASPECT_RATIOS,
  IMAGE_SIZES,
  type ImageJob,
  type ImageProvider,
  ImageProviderError,
  MAX_EDIT_REFERENCES,
  OUTPUT_FORMATS,
  type OutputFormat,
  type ProviderTaskStatus,
  type SubmitOptions,
  type SubmitResult,
  UPSCALE_FACTORS,
} from '../provider.ts';
import { renderEdit, renderTextToImage, upscaleImage } from './render.ts';

export const SANDBOX_FAIL_MARKER = '[sandbox:fail]';
export const SANDBOX_FAIL_ONE_MARKER = '[sandbox:fail-one]';

export interface SandboxProviderOptions {
  storage: FileStorage;
  /** Time from submit until the task is done; default 4000 ms (use 0 in tests). */
  delayMs?: number;
  /** Clock (epoch ms); injectable for tests. */
  now?: () => number;
  /** Loads a reference/source picture by URL; default: our own storage for our URLs, else the SSRF-guarded fetch. */
  loadImage?: (url: string) => Promise<Uint8Array>;
  /** Options for the guarded fetch of URLs that are not in our storage. */
  fetchImageOptions?: FetchImageOptions;
  /** Largest upscale result; default 64 MP. */
  maxOutputPixels?: number;
  /** Signs the ready callbacks as KIE does (`X-Webhook-Signature`), when our callback route checks them. */
  callbackHmacKey?: string;
}

interface SandboxManifest {
  version: 1;
  taskId: string;
  job: ImageJob;
  /** Encoding of the result, fixed at submit. */
  format: OutputFormat;
  createdAt: number;
  readyAt: number;
}

const TASK_ID = /^sbx_[A-Za-z0-9_-]{22}$/;

/** Whether a provider task id is one of the sandbox's. */
export function isSandboxTaskId(value: string): boolean {
  return TASK_ID.test(value);
}

function validation(message: string): ImageProviderError {
  return new ImageProviderError({ kind: 'validation', message, provider: 'sandbox' });
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value) && URL.canParse(value);
}

/** Shape checks a real provider would do (the API validates earlier; this guards direct callers). */
export function validateSandboxJob(job: ImageJob): void {
  if (job.type === 'upscale') {
    if (!isHttpUrl(job.imageUrl)) throw validation('imageUrl must be an http(s) URL');
    if (!UPSCALE_FACTORS.includes(job.scale)) throw validation('scale must be 2, 3 or 4');
    if (job.outputFormat !== undefined && !OUTPUT_FORMATS.includes(job.outputFormat)) throw validation('outputFormat must be png or jpeg');
    return;
  }
  if (job.type !== 'text_to_image' && job.type !== 'edit_image') throw validation('Unknown job type');
  if (typeof job.prompt !== 'string' || job.prompt.trim() === '') throw validation('prompt is required');
  if (job.prompt.length > 5000) throw validation('prompt is longer than 5000 characters');
  if (!IMAGE_SIZES.includes(job.imageSize)) throw validation('imageSize is not supported');
  if (!ASPECT_RATIOS.includes(job.aspectRatio)) throw validation('aspectRatio is not supported');
  if (!OUTPUT_FORMATS.includes(job.outputFormat)) throw validation('outputFormat must be png or jpeg');
  if (job.type === 'edit_image') {
    const urls = job.inputImageUrls;
    if (!Array.isArray(urls) || urls.length === 0) throw validation('An edit needs at least one reference picture');
    if (urls.length > MAX_EDIT_REFERENCES) throw validation(`An edit takes at most ${MAX_EDIT_REFERENCES} reference pictures`);
    if (!urls.every(isHttpUrl)) throw validation('inputImageUrls must be http(s) URLs');
  }
}

function formatOf(job: ImageJob): OutputFormat {
  if (job.type !== 'upscale') return job.outputFormat;
  return job.outputFormat ?? (/\.jpe?g(?:[?#]|$)/i.test(job.imageUrl) ? 'jpeg' : 'png');
}

function contentTypeOf(format: OutputFormat): StoredContentType {
  return format === 'jpeg' ? 'image/jpeg' : 'image/png';
}

export class SandboxImageProvider implements ImageProvider {
  readonly name = 'sandbox';
  readonly #storage: FileStorage;
  readonly #delayMs: number;
  readonly #now: () => number;
  readonly #loadImage: (url: string) => Promise<Uint8Array>;
  readonly #maxOutputPixels?: number;
  readonly #manifests = new Map<string, SandboxManifest>();
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #failures = new Map<string, string>();
  /** Prompts with `SANDBOX_FAIL_ONE_MARKER` that already failed their one task. */
  readonly #failedOnce = new Set<string>();
  readonly #callbacks = new Set<NodeJS.Timeout>();
  readonly #callbackHmacKey?: string;

  constructor(options: SandboxProviderOptions) {
    this.#storage = options.storage;
    this.#delayMs = Math.max(0, options.delayMs ?? 4000);
    this.#now = options.now ?? Date.now;
    this.#maxOutputPixels = options.maxOutputPixels;
    this.#callbackHmacKey = options.callbackHmacKey;
    this.#loadImage = options.loadImage ?? ((url) => this.#defaultLoad(url, options.fetchImageOptions));
  }

  async submit(job: ImageJob, options?: SubmitOptions): Promise<SubmitResult> {
    validateSandboxJob(job);
    const taskId = `sbx_${randomBytes(16).toString('base64url')}`;
    const createdAt = this.#now();
    const manifest: SandboxManifest = { version: 1, taskId, job, format: formatOf(job), createdAt, readyAt: createdAt + this.#delayMs };
    await this.#storage.put(manifestKey(taskId), Buffer.from(JSON.stringify(manifest)), 'application/json');
    this.#manifests.set(taskId, manifest);
    // Start the work now; the status still says generating until the delay has passed.
    void this.#ensureWork(manifest);
    if (options?.callBackUrl) this.#callBackWhenReady(manifest, options.callBackUrl);
    return { providerTaskId: taskId };
  }

  /**
   * As KIE does: once the task is ready, POST its id to the callback address (KIE's body shape). A callback that
   * cannot be delivered (address unreachable, process stopped) is dropped: the caller's polling finds the result.
   */
  #callBackWhenReady(manifest: SandboxManifest, url: string): void {
    const timer = setTimeout(
      async () => {
        this.#callbacks.delete(timer);
        await this.#ensureWork(manifest);
        const state = this.#failures.has(manifest.taskId) ? 'fail' : 'success';
        const timestamp = String(Math.floor(Date.now() / 1000));
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (this.#callbackHmacKey) {
          headers['x-webhook-timestamp'] = timestamp;
          headers['x-webhook-signature'] = signKieCallback(this.#callbackHmacKey, manifest.taskId, timestamp);
        }
        const body = JSON.stringify({ code: 200, msg: 'success', data: { taskId: manifest.taskId, state } });
        await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      },
      Math.max(0, manifest.readyAt - this.#now()),
    );
    timer.unref();
    this.#callbacks.add(timer);
  }

  /** Drops the callbacks not yet sent (a stopping process; polling covers them). */
  close(): void {
    for (const timer of this.#callbacks) clearTimeout(timer);
    this.#callbacks.clear();
  }

  async getStatus(providerTaskId: string): Promise<ProviderTaskStatus> {
    const manifest = await this.#manifest(providerTaskId);
    const now = this.#now();
    if (now < manifest.readyAt) {
      void this.#ensureWork(manifest);
      const pendingFor = Math.min(1000, (manifest.readyAt - manifest.createdAt) * 0.2);
      return { state: now - manifest.createdAt < pendingFor ? 'pending' : 'generating' };
    }
    const key = this.#resultKey(manifest);
    if (!this.#failures.has(manifest.taskId) && !(await this.#storage.exists(key))) await this.#ensureWork(manifest);
    const failure = this.#failures.get(manifest.taskId);
    if (failure) return { state: 'fail', failMessage: failure };
    if (!(await this.#storage.exists(key))) return { state: 'fail', failMessage: 'The sandbox could not produce the picture' };
    return { state: 'success', resultUrls: [this.#storage.publicUrl(key)], ranMs: manifest.readyAt - manifest.createdAt };
  }

  /** Resolves when the task's work (if any is running) has finished; for tests and graceful stops. */
  async settle(providerTaskId?: string): Promise<void> {
    const pending = providerTaskId ? [this.#inFlight.get(providerTaskId)] : [...this.#inFlight.values()];
    await Promise.all(pending.map((promise) => promise?.catch(() => undefined)));
  }

  async #manifest(taskId: string): Promise<SandboxManifest> {
    if (typeof taskId !== 'string' || !TASK_ID.test(taskId)) {
      throw new ImageProviderError({ kind: 'not_found', message: 'Unknown sandbox task', provider: 'sandbox' });
    }
    const cached = this.#manifests.get(taskId);
    if (cached) return cached;
    const stored = await this.#storage.read(manifestKey(taskId));
    if (!stored) throw new ImageProviderError({ kind: 'not_found', message: 'Unknown sandbox task', provider: 'sandbox' });
    const manifest = JSON.parse(stored.bytes.toString('utf8')) as SandboxManifest;
    if (manifest.version !== 1 || manifest.taskId !== taskId) {
      throw new ImageProviderError({ kind: 'server', message: 'Corrupt sandbox task record', provider: 'sandbox', retryable: false });
    }
    this.#manifests.set(taskId, manifest);
    return manifest;
  }

  #resultKey(manifest: SandboxManifest): string {
    return resultKey(manifest.taskId, 0, manifest.format === 'jpeg' ? 'jpg' : 'png');
  }

  #ensureWork(manifest: SandboxManifest): Promise<void> {
    const running = this.#inFlight.get(manifest.taskId);
    if (running) return running;
    if (this.#failures.has(manifest.taskId)) return Promise.resolve();
    const work = (async () => {
      try {
        const key = this.#resultKey(manifest);
        if (await this.#storage.exists(key)) return;
        const bytes = await this.#produce(manifest);
        await this.#storage.put(key, bytes, contentTypeOf(manifest.format));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.#failures.set(manifest.taskId, `Sandbox: ${reason}`);
      } finally {
        this.#inFlight.delete(manifest.taskId);
      }
    })();
    this.#inFlight.set(manifest.taskId, work);
    return work;
  }

  async #produce(manifest: SandboxManifest): Promise<Buffer> {
    const { job } = manifest;
    if (job.type === 'upscale') {
      const source = await this.#loadImage(job.imageUrl);
      const result = await upscaleImage(source, {
        scale: job.scale,
        faceEnhancement: job.faceEnhancement,
        outputFormat: manifest.format,
        maxOutputPixels: this.#maxOutputPixels,
      });
      return result.bytes;
    }
    if (job.prompt.includes(SANDBOX_FAIL_MARKER)) throw new Error('simulated failure requested by the prompt');
    if (job.prompt.includes(SANDBOX_FAIL_ONE_MARKER) && !this.#failedOnce.has(job.prompt)) {
      this.#failedOnce.add(job.prompt);
      throw new Error('simulated failure of one image requested by the prompt');
    }
    if (job.type === 'text_to_image') return renderTextToImage(job);
    const references = await Promise.all(job.inputImageUrls.map((url) => this.#loadImage(url)));
    return renderEdit(job, references);
  }

  async #defaultLoad(url: string, fetchOptions: FetchImageOptions | undefined): Promise<Uint8Array> {
    const key = this.#storage.keyFromPublicUrl(url);
    if (key) {
      const stored = await this.#storage.read(key);
      if (!stored) throw new Error(`the picture ${url} no longer exists`);
      // Our own results can exceed the 10 MB upload limit (an upscale of an upscale); pixels still count.
      return (await validateImageBytes(stored.bytes, { maxBytes: 256 * 1024 * 1024, maxPixels: IMAGE_LIMITS.maxPixels })).bytes;
    }
    return (await guardedFetchImage(url, fetchOptions)).bytes;
  }
}

function manifestKey(taskId: string): string {
  return `sandbox/${taskId}.json`;
}
