// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, off
// the event loop that serves requests. The main thread speaks the PostgreSQL wire protocol to it
// through node-postgres (see pglite-thread.ts); each message batch is answered in order.
// Plain JavaScript, so that it starts the same under tsx, under the test runner and compiled.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// pg_trgm: the records search reads a trigram index (migration 0013).
const db = await PGlite.create(workerData.dataDir ?? undefined, { extensions: { pg_trgm } });
let queue = Promise.resolve();

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    queue = queue.then(async () => {
      await db.close();
      parentPort.postMessage({ type: 'closed' });
    });
    return;
  }
  // One protocol exchange: the complete frontend messages of one write, run one by one.
  queue = queue.then(async () => {
    const parts = [];
    let length = 0;
    try {
      for (const frame of message.frames) {
        const part = await db.execProtocolRaw(frame);
        parts.push(part);
        length += part.length;
      }
    } catch (error) {
      parentPort.postMessage({ type: 'failed', id: message.id, message: String(error) });
      return;
    }
    const out = parts.length === 1 ? parts[0].slice() : new Uint8Array(length);
    if (parts.length !== 1) {
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.length;
      }
    }
    parentPort.postMessage({ type: 'data', id: message.id, data: out }, [out.buffer]);
  });
});

parentPort.postMessage({ type: 'ready' });
