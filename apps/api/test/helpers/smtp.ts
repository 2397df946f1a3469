import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The one mail capture of the tests: API suites (test/helpers/test-app.ts starts it with
 * `smtp: true`) and browser tests (apps/web/e2e imports this file) point SMTP_URL at it.
 */
export interface TestSmtp {
  /** smtp://127.0.0.1:<port> for the server's SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** The newest message to `address` after the first `since` messages, waiting up to 15 s. */
  nextTo(address: string, since?: number): Promise<ParsedMail>;
  /**
   * Every message to `address` after the first `since` messages, in the order they arrived. To
   * show that an action mailed nobody, do something that must mail the same address next, wait for
   * that mail (`nextTo`) and check it is the only one: a mail the action sent would be before it.
   */
  mailsTo(address: string, since?: number): ParsedMail[];
  /** The 6-digit code in a message's plain-text body. */
  codeIn(mail: ParsedMail): string;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
    a.value.map((v) => v.address?.toLowerCase()),
  );

/** A real SMTP server in the test process that keeps every message it receives. */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const mailsTo = (address: string, since = 0) =>
    messages.slice(since).filter((mail) => recipients(mail).includes(address.toLowerCase()));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async nextTo(address, since = 0) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = mailsTo(address, since).at(-1);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${address} within 15 s`);
        // Woken by the next message to arrive, or at the deadline.
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, left);
          waiters.push(() => {
            clearTimeout(timer);
            wake();
          });
        });
      }
    },
    mailsTo,
    codeIn(mail) {
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      if (!code) throw new Error(`No code in the mail "${mail.subject ?? ''}"`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
