// Sending one mail with nodemailer: through the SMTP server of SMTP_URL, or, without one, into the outbox folder
// (one `.eml` file each) and the server log, so links can be followed on a machine with no mail account.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from '../config.mail.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailSender {
  /** Sends the mail; throws when the server refuses it or cannot be reached (the caller's job is retried). */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** The sender for this configuration. */
export function mailSender(config: MailConfig, logger: Logger): MailSender {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.from, ...mail });
      await mkdir(config.outboxDir, { recursive: true });
      sequence += 1;
      const file = join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${sequence}.eml`);
      await writeFile(file, info.message as Buffer);
      logger.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to the outbox (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}
