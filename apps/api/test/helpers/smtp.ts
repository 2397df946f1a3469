import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in this process that keeps every message it receives. */
export async function startSmtp() {
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
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest message to `address` received after `since` messages, waiting up to 10 s. */
    async nextTo(address: string, since = 0): Promise<ParsedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages
          .slice(since)
          .reverse()
          .find((m) => to(m).includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
    /** The 6-digit code in a message's plain-text body. */
    codeIn(mail: ParsedMail): string {
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      if (!code) throw new Error(`no code in mail "${mail.subject}"`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
