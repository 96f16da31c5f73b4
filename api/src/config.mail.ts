// Account mail (password resets, address checks, security alerts): an SMTP server when SMTP_URL is set, else the
// local outbox folder and the server log, so a fresh start works end to end without any mail account.
import { join } from 'node:path';
import { z } from 'zod';

export interface MailConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`; unset writes mail to `outboxDir`. */
  smtpUrl?: string;
  /** The From address of every mail. */
  from: string;
  /** Where mail goes without SMTP: one `.eml` file per message. */
  outboxDir: string;
}

export const MailEnvSchema = z.object({
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
});

/** The mail part of the configuration from the parsed environment. */
export function mailConfigFrom(e: z.infer<typeof MailEnvSchema>, dataDir: string, publicUrl: string | undefined): MailConfig {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return {
    ...(e.SMTP_URL && { smtpUrl: e.SMTP_URL }),
    from: e.MAIL_FROM ?? `Nano Banana Image Studio <no-reply@${host}>`,
    outboxDir: join(dataDir, 'outbox'),
  };
}
