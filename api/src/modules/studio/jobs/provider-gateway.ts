// Which provider a task goes to, and talking to it: KIE accounts in rotation when any is enabled,
// otherwise the sandbox (never in production). Status checks use the same account that submitted.

import type { SqlEntityManager } from '@mikro-orm/sql';
import type { StudioConfig } from '../../../config.studio.ts';
import { providerCalls } from '../../../metrics/registry.ts';
import { type KieAccount, submitWithFailover } from '../../../providers/image/kie/accounts.ts';
import { KieImageProvider } from '../../../providers/image/kie/client.ts';
import {
  ASPECT_RATIOS,
  type AspectRatio,
  IMAGE_SIZES,
  type ImageJob,
  type ImageProvider,
  ImageProviderError,
  type ImageSize,
  type ProviderTaskStatus,
  type UpscaleFactor,
} from '../../../providers/image/provider.ts';
import type { SandboxImageProvider } from '../../../providers/image/sandbox/sandbox-provider.ts';
import { KieApiRepository } from '../../kie-accounts/index.ts';
import type { ImageTask, ProviderName } from '../tasks/image-task.entity.ts';
import { ImageTaskRepository } from '../tasks/image-task.repository.ts';

export interface Accepted {
  provider: ProviderName;
  providerTaskId: string;
  /** The KIE account that took it, with the KIE credits to book on it. */
  account: { id: string; cost: number } | null;
}

/**
 * Takes one of the account's `cap` places for a pending task: its `kie_api_id` is set before the submit, and
 * the account's generating and reserved tasks are counted under a lock on the account, so the cap holds
 * exactly for every process of the cluster. A reservation left by a crash is the task's own (not counted
 * against it) and is taken again by its next step.
 */
async function reservePlace(em: SqlEntityManager, accountId: string, taskId: string, cap: number): Promise<boolean> {
  return em.transactional((tx) => new ImageTaskRepository(tx).reserveAccountPlace(accountId, taskId, cap));
}

export interface ProviderGatewayOptions {
  config: StudioConfig;
  isProduction: boolean;
  sandbox: SandboxImageProvider;
  /** Test seam: how a KIE provider is built for an account. */
  kieFor?: (account: Pick<KieAccount, 'token'>) => ImageProvider;
  /** Where the sandbox calls back when a task is ready (our own callback route), if anywhere. */
  sandboxCallbackUrl?: (em: SqlEntityManager) => Promise<string | undefined>;
}

const asAspect = (value: string): AspectRatio => (ASPECT_RATIOS.includes(value as AspectRatio) ? (value as AspectRatio) : '1:1');
const asSize = (value: string): ImageSize => (IMAGE_SIZES.includes(value as ImageSize) ? (value as ImageSize) : 'auto');

/** The provider job for a stored task. */
export function jobFor(task: ImageTask): ImageJob {
  const outputFormat = task.outputFormat === 'jpeg' ? 'jpeg' : 'png';
  if (task.generationType === 'upscale') {
    const scale = (task.scaleRatio === 3 || task.scaleRatio === 4 ? task.scaleRatio : 2) as UpscaleFactor;
    return { type: 'upscale', imageUrl: task.inputImageUrls[0] ?? '', scale, faceEnhancement: task.faceEnhancement };
  }
  const common = {
    prompt: task.prompt,
    imageSize: asSize(task.imageSize),
    aspectRatio: asAspect(task.aspectRatio),
    outputFormat,
    ...(task.seeds ? { seed: task.seeds } : {}),
  } as const;
  if (task.generationType === 'edit_image') return { type: 'edit_image', ...common, inputImageUrls: task.inputImageUrls };
  return { type: 'text_to_image', ...common };
}

export class ProviderGateway {
  readonly #config: StudioConfig;
  readonly #isProduction: boolean;
  readonly #sandbox: SandboxImageProvider;
  readonly #kieFor: (account: Pick<KieAccount, 'token'>) => ImageProvider;
  readonly #sandboxCallbackUrl?: (em: SqlEntityManager) => Promise<string | undefined>;

  constructor(options: ProviderGatewayOptions) {
    this.#sandboxCallbackUrl = options.config.sandboxCallbacks ? options.sandboxCallbackUrl : undefined;
    this.#config = options.config;
    this.#isProduction = options.isProduction;
    this.#sandbox = options.sandbox;
    this.#kieFor =
      options.kieFor ??
      ((account) => new KieImageProvider({ token: account.token, baseUrl: options.config.kie.baseUrl, models: options.config.kie.models }));
  }

  get sandbox(): SandboxImageProvider {
    return this.#sandbox;
  }

  /**
   * Sends a task to a provider. With enabled KIE accounts: least recently used first, failing over on
   * 402/429/5xx/auth; an account that answers 402 is taken out of rotation; accounts at their cap of tasks
   * are passed over. Throws `ImageProviderError` (`KieAccountsBusyError` when every account is full).
   */
  async submit(em: SqlEntityManager, task: ImageTask, callBackUrl?: string): Promise<Accepted> {
    const job = jobFor(task);
    const accounts = new KieApiRepository(em);
    if (await accounts.hasEnabled()) {
      const cap = this.#config.kieMaxTasksPerAccount;
      const result = await submitWithFailover({
        accounts,
        reserve: (account) => reservePlace(em, account.id, task.id, cap),
        job,
        providerFor: (account) => this.#kieFor(account),
        submitOptions: callBackUrl ? { callBackUrl } : undefined,
        onAccountError: async (account, error) => {
          providerCalls.inc({ account: account.name, operation: 'submit', outcome: error.kind });
          if (error.kind === 'insufficient_credits') await accounts.markOutOfCredits(account.id);
          // Its place is free again (the next account, or the task's next try, reserves its own).
          await new ImageTaskRepository(em).releaseAccountPlace(task.id);
        },
      });
      providerCalls.inc({ account: result.account.name, operation: 'submit', outcome: 'ok' });
      return { provider: 'kie', providerTaskId: result.providerTaskId, account: { id: result.account.id, cost: result.cost } };
    }
    if (this.#isProduction) {
      throw new ImageProviderError({ kind: 'unavailable', message: 'No image provider account is available.', retryable: false });
    }
    const sandboxCallBackUrl = await this.#sandboxCallbackUrl?.(em);
    const { providerTaskId } = await this.#sandbox.submit(job, sandboxCallBackUrl ? { callBackUrl: sandboxCallBackUrl } : undefined);
    providerCalls.inc({ account: 'sandbox', operation: 'submit', outcome: 'ok' });
    return { provider: 'sandbox', providerTaskId, account: null };
  }

  /** The task's state upstream, asked with the account that submitted it. Throws `ImageProviderError`. */
  async status(em: SqlEntityManager, task: ImageTask): Promise<ProviderTaskStatus> {
    if (!task.providerTaskId) throw new ImageProviderError({ kind: 'not_found', message: 'The task was never submitted.' });
    if (task.provider === 'sandbox') return this.#sandbox.getStatus(task.providerTaskId);
    const accountId = task.kieApi?.id;
    const account = accountId ? await new KieApiRepository(em).findById(accountId) : null;
    if (!account) {
      throw new ImageProviderError({ kind: 'not_found', message: 'The provider account of this task was removed.', retryable: false });
    }
    try {
      const status = await this.#kieFor(account).getStatus(task.providerTaskId);
      providerCalls.inc({ account: account.name, operation: 'status', outcome: 'ok' });
      return status;
    } catch (error) {
      const kind = error instanceof ImageProviderError ? error.kind : 'error';
      providerCalls.inc({ account: account.name, operation: 'status', outcome: kind });
      throw error;
    }
  }
}
