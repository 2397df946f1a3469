import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  /** What the mail is for ('confirm', 'reset', ...): logged instead of the subject, which may hold a code. */
  purpose: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

/**
 * SMTP when SMTP_URL is set; otherwise the dev outbox: each message is written as an .eml file to
 * DATA_DIR/outbox and announced in the log. The log line names the file, never the code inside.
 */
export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({
          from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
        log.info({ to: m.to, purpose: m.purpose }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(m) {
      const info = await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${m.to.replace(/[^\w.@-]/g, '_')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      log.info(
        { to: m.to, purpose: m.purpose, file },
        'mail written to the dev outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}
