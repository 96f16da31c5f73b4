// KIE account rotation: least recently used first among enabled accounts that can pay for the job,
// moving on when an account is out of credits, rate limited, unavailable, failing or refuses its key.
// Pure logic over an injected source of accounts and an injected provider factory: the caller records
// the usage (totalUsage += cost, totalCredits -= cost, lastUsed = now) on the account that succeeded.
import { type ImageJob, type ImageProvider, ImageProviderError, type ImageProviderErrorKind, type SubmitOptions } from '../provider.ts';

export interface KieAccount {
  id: string;
  name?: string;
  token: string;
  isEnabled?: boolean;
  /** KIE credits we believe the account still has. */
  totalCredits: number;
  /** KIE credits one text-to-image costs on this account. */
  nanoBananaCredits: number;
  /** KIE credits one edit costs on this account. */
  nanoBananaEditCredits: number;
  lastUsed: Date | null;
  totalUsage: number;
}

/** Repository-like source; return only enabled accounts (disabled ones are skipped anyway). */
export interface KieAccountSource {
  listEnabled(): Promise<KieAccount[]>;
}

/** Kinds that say "this account cannot take the job now, another one might". */
export const FAILOVER_KINDS: ReadonlySet<ImageProviderErrorKind> = new Set([
  'insufficient_credits',
  'rate_limited',
  'unavailable',
  'server',
  'network',
  'auth',
  'disabled',
]);

export interface AccountAttempt {
  accountId: string;
  kind: ImageProviderErrorKind;
  message: string;
  httpStatus?: number;
}

export interface SubmitWithFailoverInput {
  accounts: KieAccountSource;
  job: ImageJob;
  /** Builds the provider for one account (e.g. `new KieImageProvider({ token: account.token, ... })`). */
  providerFor: (account: KieAccount) => ImageProvider;
  submitOptions?: SubmitOptions;
  /** KIE credits the job costs on an account; default text -> nanoBananaCredits, edit -> nanoBananaEditCredits, upscale -> nanoBananaCredits. */
  costFor?: (account: KieAccount, job: ImageJob) => number;
  /** Told about every account that failed (auth errors deserve an admin alert, 402 a "low credits" mark). */
  onAccountError?: (account: KieAccount, error: ImageProviderError) => void | Promise<void>;
  /** Takes a place on the account before submitting (a cap on its tasks at once); false passes it over. */
  reserve?: (account: KieAccount) => Promise<boolean>;
}

export interface SubmitWithFailoverResult {
  account: KieAccount;
  providerTaskId: string;
  /** KIE credits to book on the account. */
  cost: number;
  /** Accounts tried before the one that succeeded. */
  failures: AccountAttempt[];
}

export type KieAccountsExhaustedReason = 'no_accounts' | 'no_credits' | 'all_failed';

/** Every account that could take the job is running as many tasks as it may: wait for a free place. */
export class KieAccountsBusyError extends ImageProviderError {
  constructor() {
    super({ kind: 'rate_limited', message: 'Every KIE account is running as many tasks as it may.', retryable: true, provider: 'kie' });
    this.name = 'KieAccountsBusyError';
  }
}

/** No account could take the job; `attempts` lists what each tried account answered. */
export class KieAccountsExhaustedError extends ImageProviderError {
  readonly reason: KieAccountsExhaustedReason;
  readonly attempts: AccountAttempt[];

  constructor(reason: KieAccountsExhaustedReason, attempts: AccountAttempt[]) {
    const message =
      reason === 'no_accounts'
        ? 'No enabled KIE account is configured.'
        : reason === 'no_credits'
          ? 'No enabled KIE account has enough credits for this job.'
          : `Every KIE account failed: ${attempts.map((a) => `${a.accountId} ${a.kind}`).join(', ')}`;
    super({
      kind:
        reason === 'all_failed'
          ? attempts.every((a) => a.kind === 'insufficient_credits')
            ? 'insufficient_credits'
            : 'unavailable'
          : reason === 'no_credits'
            ? 'insufficient_credits'
            : 'unavailable',
      message,
      retryable: reason === 'all_failed' && attempts.some((a) => a.kind === 'rate_limited' || a.kind === 'network' || a.kind === 'server'),
      provider: 'kie',
    });
    this.name = 'KieAccountsExhaustedError';
    this.reason = reason;
    this.attempts = attempts;
  }
}

export function defaultKieCost(account: KieAccount, job: ImageJob): number {
  return job.type === 'edit_image' ? account.nanoBananaEditCredits : account.nanoBananaCredits;
}

/** Enabled accounts that can pay `cost`, least recently used first (never-used first), ties by id. */
export function orderAccounts(
  accounts: KieAccount[],
  job: ImageJob,
  costFor: (account: KieAccount, job: ImageJob) => number = defaultKieCost,
): KieAccount[] {
  return accounts
    .filter((account) => account.isEnabled !== false && account.totalCredits >= costFor(account, job))
    .sort((a, b) => {
      const at = a.lastUsed?.getTime() ?? Number.NEGATIVE_INFINITY;
      const bt = b.lastUsed?.getTime() ?? Number.NEGATIVE_INFINITY;
      if (at !== bt) return at < bt ? -1 : 1;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
}

/**
 * Submits the job on the first account that accepts it, in least-recently-used order.
 * Throws the provider's error at once for job errors (`validation`, `not_found`), and
 * `KieAccountsExhaustedError` when no account is left.
 */
export async function submitWithFailover(input: SubmitWithFailoverInput): Promise<SubmitWithFailoverResult> {
  const costFor = input.costFor ?? defaultKieCost;
  const all = (await input.accounts.listEnabled()).filter((account) => account.isEnabled !== false);
  if (all.length === 0) throw new KieAccountsExhaustedError('no_accounts', []);
  const candidates = orderAccounts(all, input.job, costFor);
  if (candidates.length === 0) throw new KieAccountsExhaustedError('no_credits', []);

  const failures: AccountAttempt[] = [];
  let full = 0;
  for (const account of candidates) {
    if (input.reserve && !(await input.reserve(account))) {
      full += 1;
      continue;
    }
    try {
      const { providerTaskId } = await input.providerFor(account).submit(input.job, input.submitOptions);
      return { account, providerTaskId, cost: costFor(account, input.job), failures };
    } catch (error) {
      if (!(error instanceof ImageProviderError)) throw error;
      await input.onAccountError?.(account, error);
      if (!FAILOVER_KINDS.has(error.kind)) throw error;
      failures.push({ accountId: account.id, kind: error.kind, message: error.message, httpStatus: error.httpStatus });
    }
  }
  if (failures.length === 0 && full > 0) throw new KieAccountsBusyError();
  throw new KieAccountsExhaustedError('all_failed', failures);
}

/** The account fields to write after a successful submit. */
export function usageAfterSubmit(
  account: KieAccount,
  cost: number,
  now: Date = new Date(),
): Pick<KieAccount, 'totalUsage' | 'totalCredits' | 'lastUsed'> {
  return { totalUsage: account.totalUsage + cost, totalCredits: account.totalCredits - cost, lastUsed: now };
}
