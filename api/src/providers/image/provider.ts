// The one image-provider interface: KIE (production) and the sandbox (offline) both implement it,
// so the task step jobs submit, poll and fail over without knowing which one it talks to.

/** Output sizes the studio offers; `auto` means "use the request's aspect ratio". */
export const IMAGE_SIZES = ['auto', '1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const ASPECT_RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const OUTPUT_FORMATS = ['png', 'jpeg'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const UPSCALE_FACTORS = [2, 3, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/** Most reference pictures one edit accepts (spec §5/§9). */
export const MAX_EDIT_REFERENCES = 5;

export interface TextToImageJob {
  type: 'text_to_image';
  prompt: string;
  imageSize: ImageSize;
  outputFormat: OutputFormat;
  aspectRatio: AspectRatio;
  /** 10000..99999; the sandbox uses it, KIE's nano-banana has no seed field. */
  seed?: number;
}

export interface EditImageJob extends Omit<TextToImageJob, 'type'> {
  type: 'edit_image';
  /** Public URLs of reference pictures we host (1..5). */
  inputImageUrls: string[];
}

export interface UpscaleJob {
  type: 'upscale';
  /** Public URL of the picture to upscale. */
  imageUrl: string;
  scale: UpscaleFactor;
  faceEnhancement: boolean;
  /** Sandbox only: the encoding of the result; default jpeg when the URL ends in .jpg/.jpeg, else png. */
  outputFormat?: OutputFormat;
}

export type ImageJob = TextToImageJob | EditImageJob | UpscaleJob;

export interface SubmitOptions {
  /** Overrides the provider's default callback URL for this task (KIE only). */
  callBackUrl?: string;
}

export interface SubmitResult {
  providerTaskId: string;
}

export type ProviderTaskState = 'pending' | 'generating' | 'success' | 'fail';

export interface ProviderTaskStatus {
  state: ProviderTaskState;
  /** Present on success: the result images (upstream URLs; download and re-host them). */
  resultUrls?: string[];
  /** Present on fail: a human-readable reason. */
  failMessage?: string;
  /** Present on fail when the provider gave one. */
  failCode?: string;
  /**
   * Present on success when the provider says how long it worked on the task (its completion minus its creation,
   * both by its own clock): the status schedule learns the model's usual time from it rather than from when we looked.
   */
  ranMs?: number;
}

export interface ImageProvider {
  /** A short name for logs and the task record: `kie`, `sandbox`. */
  readonly name: string;
  /** Starts a task; resolves once the provider accepted it. Throws `ImageProviderError`. */
  submit(job: ImageJob, options?: SubmitOptions): Promise<SubmitResult>;
  /** Current state of a task. Throws `ImageProviderError` (e.g. `not_found`, `network`). */
  getStatus(providerTaskId: string): Promise<ProviderTaskStatus>;
}

/**
 * Why a provider call failed. Callers branch on `kind`:
 * - fail over to another account: `insufficient_credits`, `rate_limited`, `unavailable`, `server`, `auth`, `network`
 * - the job itself is bad, do not retry anywhere: `validation`
 * - the task id is unknown: `not_found`
 * - the feature is switched off upstream: `disabled`
 */
export type ImageProviderErrorKind =
  | 'auth'
  | 'insufficient_credits'
  | 'rate_limited'
  | 'validation'
  | 'not_found'
  | 'unavailable'
  | 'server'
  | 'disabled'
  | 'network';

export interface ImageProviderErrorInit {
  kind: ImageProviderErrorKind;
  message: string;
  /** Worth trying again later with the same account. */
  retryable?: boolean;
  /** HTTP status of the upstream answer, when there was one. */
  httpStatus?: number;
  /** The provider's own code (KIE body `code`), when there was one. */
  providerCode?: number;
  provider?: string;
  /** The provider asked us to wait this long (Retry-After). */
  retryAfterMs?: number;
  cause?: unknown;
}

const RETRYABLE_KINDS: ReadonlySet<ImageProviderErrorKind> = new Set(['rate_limited', 'unavailable', 'server', 'network']);

export class ImageProviderError extends Error {
  readonly kind: ImageProviderErrorKind;
  readonly retryable: boolean;
  readonly httpStatus?: number;
  readonly providerCode?: number;
  readonly provider?: string;
  readonly retryAfterMs?: number;

  constructor(init: ImageProviderErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ImageProviderError';
    this.kind = init.kind;
    this.retryable = init.retryable ?? RETRYABLE_KINDS.has(init.kind);
    this.httpStatus = init.httpStatus;
    this.providerCode = init.providerCode;
    this.provider = init.provider;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function isImageProviderError(error: unknown): error is ImageProviderError {
  return error instanceof ImageProviderError;
}

/** The size actually rendered/requested: `auto` falls back to the aspect ratio. */
export function resolveImageSize(job: { imageSize: ImageSize; aspectRatio: AspectRatio }): AspectRatio {
  return job.imageSize === 'auto' ? job.aspectRatio : job.imageSize;
}
