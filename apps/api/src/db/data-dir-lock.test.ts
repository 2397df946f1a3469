import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'exemplar-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second holder while the first lives, and frees on release', () => {
    const dir = tempDir();
    // A live process other than us holds the lock.
    const holder = spawnSync(process.execPath, ['-e', 'console.log(process.ppid)']);
    expect(holder.status).toBe(0);
    fs.writeFileSync(path.join(dir, 'exemplar.lock'), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.rmSync(path.join(dir, 'exemplar.lock'));

    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'exemplar.lock'), 'utf8').trim()).toBe(
      String(process.pid),
    );
    release();
    expect(fs.existsSync(path.join(dir, 'exemplar.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']);
    const deadPid = Number(dead.stdout.toString().trim());
    fs.writeFileSync(path.join(dir, 'exemplar.lock'), `${deadPid}\n`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'exemplar.lock'), 'utf8').trim()).toBe(
      String(process.pid),
    );
    release();
  });
});
