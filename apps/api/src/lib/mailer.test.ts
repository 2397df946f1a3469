import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmationMail } from '../modules/auth';
import { createMailer } from './mailer';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the dev outbox', () => {
  it('writes each message as an .eml file and logs where, never the code', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-outbox-'));
    dirs.push(dataDir);
    let logged = '';
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _e, cb) {
          logged += String(chunk);
          cb();
        },
      }),
    );
    const mailer = createMailer({ from: 'Exemplar <no-reply@exemplar.local>', dataDir, log });
    await mailer.send(confirmationMail('reader@example.com', 'Reader', '482913'));
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: reader@example.com$/m);
    expect(eml).toContain('482913');
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(logged).toContain('dev outbox');
    expect(logged).toContain('"purpose":"confirm"');
    expect(logged).toContain(files[0]);
    expect(logged).not.toContain('482913');
  });
});
