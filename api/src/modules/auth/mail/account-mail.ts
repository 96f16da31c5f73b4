// Account mail as background jobs: queued in the transaction of the change that causes it (a reset link exists
// exactly when its mail is on the way), sealed with SECRET_KEY while it waits (the job table never holds a link in the
// clear), retried by pg-boss when the mail server fails.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Logger } from 'pino';
import { decryptSecret, encryptSecret } from '../../../crypto/secret-box.ts';
import type { AppContext } from '../../../http/context.ts';
import type { Jobs } from '../../../jobs/boss.ts';
import type { Mail, MailSender } from '../../../mail/mail-sender.ts';
import type { MailLanguage } from './messages.ts';

export const ACCOUNT_MAIL_QUEUE = 'account-mail';

declare module '../../../http/context.ts' {
  interface AppServices {
    /** Password resets, address checks and security alerts (auth/mail/account-mail.ts). */
    accountMail?: AccountMail;
  }
}

export class AccountMail {
  readonly #jobs: Jobs;
  readonly #sender: MailSender;
  readonly #logger: Logger;

  constructor(jobs: Jobs, sender: MailSender, logger: Logger) {
    this.#jobs = jobs;
    this.#sender = sender;
    this.#logger = logger;
  }

  /** Declares the queue and, where this process runs workers, sends the mail. */
  async start(): Promise<void> {
    // A mail server down: tried again after about 10 s, 20 s, 40 s, 80 s, 160 s, then given up (the link expires anyway).
    await this.#jobs.define(ACCOUNT_MAIL_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 });
    await this.#jobs.work<{ sealed: string }>(ACCOUNT_MAIL_QUEUE, { pollingIntervalSeconds: 1 }, async (job) => {
      const mail = JSON.parse(decryptSecret(job.data.sealed)) as Mail;
      try {
        await this.#sender.send(mail);
      } catch (error) {
        this.#logger.warn({ err: error, subject: mail.subject }, 'account mail failed; pg-boss retries it');
        throw error;
      }
    });
  }

  /** Queues a mail in `tx`'s transaction. */
  async queue(tx: SqlEntityManager, mail: Mail): Promise<void> {
    await this.#jobs.send(ACCOUNT_MAIL_QUEUE, { sealed: encryptSecret(JSON.stringify(mail)) }, {}, tx);
  }

  /** Resolves once no mail is queued, waiting for a retry or in hand (tests). */
  idle(timeoutMs?: number): Promise<void> {
    return this.#jobs.idle([ACCOUNT_MAIL_QUEUE], timeoutMs);
  }

  stop(): void {
    this.#sender.close();
  }
}

/** The account mail of this app (built by the auth module's process). */
export function accountMailOf(ctx: AppContext): AccountMail {
  const mail = ctx.services.accountMail;
  if (!mail) throw new Error('account mail is not running in this process');
  return mail;
}

/** The language of the page that asked: its saved choice (cookie), else the browser's preference. */
export function mailLanguage(ctx: AppContext): MailLanguage {
  const saved = ctx.cookies.get('app-language');
  if (saved === 'vi' || saved === 'en') return saved;
  return ctx.acceptsLanguages(['en', 'vi']) === 'vi' ? 'vi' : 'en';
}
