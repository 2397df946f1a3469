/**
 * `npm run user -- create --email EMAIL [--name NAME] [--role superadmin|admin|basic]`
 * Ensures a confirmed account with that role exists (idempotent), asking for the password on the
 * terminal (hidden), or reading it from the first line of standard input when that is not a terminal.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { EmailSchema } from '@exemplar/shared/fields';
import { isRole, ROLES } from '@exemplar/shared/roles';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { memoryCounterStore } from '../lib/counters';
import { createMailer } from '../lib/mailer';
import { authService, createKeyring } from '../modules/auth';

const USAGE = `Usage: npm run user -- create --email EMAIL [--name NAME] [--role ${ROLES.join('|')}]`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    fail('No password given on standard input.');
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      const rl = readline.createInterface({
        input: process.stdin,
        output: process.stdout,
        terminal: true,
      });
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
        write.call(rl, s.startsWith(prompt) ? prompt : s.replace(/[^\r\n]/g, ''));
      rl.question(prompt, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  const second = await ask('Repeat password: ');
  if (first !== second) fail('The passwords do not match; nothing was changed.');
  return first;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string', default: '' },
      role: { type: 'string', default: 'basic' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals[0] !== 'create' || positionals.length !== 1) fail(USAGE, 64);
  const email = EmailSchema.safeParse(values.email ?? '');
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message ?? 'invalid'}\n${USAGE}`, 64);
  if (!isRole(values.role)) fail(`--role must be one of ${ROLES.join(', ')}.`, 64);

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    fail(err instanceof ConfigError ? err.message : String(err), 78);
  }
  const password = await readPassword();

  let database;
  try {
    database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      fail(
        `${err.message} Stop the server first, or use PostgreSQL (DATABASE_URL) to manage users while it runs.`,
      );
    }
    throw err;
  }
  try {
    await migrate(database);
    const log = pino({ level: 'warn' });
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log,
    });
    const auth = authService({
      db: database.db,
      keyring: await createKeyring(database.db),
      mailer,
      counters: memoryCounterStore(),
      log,
    });
    const result = await auth.ensureUser({
      email: email.data,
      password,
      name: values.name,
      role: values.role,
    });
    mailer.close();
    console.log(
      result.created
        ? `Created ${email.data} (${values.role}), confirmed and enabled.`
        : `${email.data} already existed: it is now confirmed, enabled and in ${values.role}; its password is unchanged.`,
    );
  } catch (err) {
    fail(`Nothing was changed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await database.close();
  }
}

await main();
