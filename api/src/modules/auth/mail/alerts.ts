// Security alerts mailed to an account's owner, only ever to a verified email.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AppContext } from '../../../http/context.ts';
import { User } from '../../users/index.ts';
import { mailLanguage } from './account-mail.ts';
import { type AlertEvent, securityAlertMail } from './messages.ts';

/** Queues an alert in `tx`'s transaction when the account has a verified email; nothing otherwise. */
export async function queueSecurityAlert(ctx: AppContext, tx: SqlEntityManager, userId: string, event: AlertEvent): Promise<void> {
  const mail = ctx.services.accountMail;
  if (!mail) return;
  const user = await tx.findOne(User, { id: userId });
  if (!user?.email || !user.emailVerifiedAt) return;
  await mail.queue(tx, securityAlertMail(mailLanguage(ctx), user.email, user.username, event, ctx.ip || null));
}
