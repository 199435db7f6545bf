// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, off
// the event loop that serves requests. The main thread speaks the PostgreSQL wire protocol to it
// through node-postgres (see pglite-thread.ts); each batch of messages is answered in order.
// Plain JavaScript, so that it starts the same under tsx, under the test runner and compiled.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// pg_trgm: the records search reads a trigram index (migration 0013).
const db = await PGlite.create(workerData.dataDir ?? undefined, { extensions: { pg_trgm } });

/**
 * One exchange: the complete frontend messages of one write, each run to its end before the
 * next; the answer is the bytes PostgreSQL wrote, errors included (node-postgres reads them).
 * `execProtocol`, not `execProtocolRaw`: PGlite also parses what it answers, and only
 * `execProtocol` clears those parsed messages afterwards (with the raw call the thread's heap
 * grew by about 8 KB a query, without end).
 */
async function exchange(frames) {
  const parts = [];
  for (const frame of frames) {
    parts.push((await db.execProtocol(frame, { throwOnError: false })).data);
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

let queue = Promise.resolve();

parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    if (message.type === 'close') {
      await db.close();
      parentPort.postMessage({ type: 'closed' });
      return;
    }
    let data;
    try {
      data = await exchange(message.frames);
    } catch (error) {
      parentPort.postMessage({ type: 'failed', id: message.id, message: String(error) });
      return;
    }
    parentPort.postMessage({ type: 'data', id: message.id, data }, [data.buffer]);
  });
});

parentPort.postMessage({ type: 'ready' });
