// The SQLite checkpointer's thread, in plain JavaScript (it needs nothing but libsql). It opens a
// connection of its own to the database file and copies the write-ahead log back into the file
// (a PASSIVE checkpoint: it never waits for, nor blocks, the event loop's connection) every
// `intervalMs`, until told to stop. See sqlite-checkpointer.ts.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'libsql';

const { file, intervalMs } = workerData;
const db = new Database(file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');

let timer;
function checkpoint() {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage({ type: 'checkpointed', ...result });
}

function tick() {
  try {
    checkpoint();
  } catch (err) {
    // SQLITE_BUSY is not expected from a passive checkpoint; anything else is reported and retried.
    parentPort.postMessage({ type: 'error', message: String(err?.message ?? err) });
  }
  timer = setTimeout(tick, intervalMs);
}

parentPort.on('message', (message) => {
  if (message === 'now') {
    clearTimeout(timer);
    tick();
  } else if (message === 'stop') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
  }
});
parentPort.postMessage({ type: 'ready' });
timer = setTimeout(tick, intervalMs);
