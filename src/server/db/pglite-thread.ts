import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

type WorkerReply =
  | { type: 'ready' | 'closed' }
  | { type: 'data'; id: number; data: Uint8Array }
  | { type: 'failed'; id: number; message: string };

/** The PostgreSQL 3.0 protocol version a startup message carries after its length. */
const PROTOCOL_3 = 196_608;

/**
 * Complete frontend messages at the start of `buffer` and the bytes left over. The startup
 * message has no type byte (length, then the protocol version); every other one is a type byte
 * and a length that counts itself.
 */
function splitFrames(buffer: Buffer): { frames: Uint8Array[]; rest: Buffer } {
  const frames: Uint8Array[] = [];
  let at = 0;
  while (buffer.length - at >= 5) {
    const startup = buffer.length - at >= 8 && buffer.readInt32BE(at + 4) === PROTOCOL_3;
    const size = startup ? buffer.readInt32BE(at) : 1 + buffer.readInt32BE(at + 1);
    if (buffer.length - at < size) break;
    frames.push(new Uint8Array(buffer.subarray(at, at + size)));
    at += size;
  }
  return { frames, rest: buffer.subarray(at) };
}

/**
 * The connection node-postgres writes to: what a socket would carry to a PostgreSQL server goes
 * to the database thread instead, and its answers come back as the socket's data.
 */
class ThreadConnection extends Duplex {
  private pending = Buffer.alloc(0);

  constructor(private readonly thread: DatabaseThread) {
    super();
  }

  /** node-postgres calls these on a socket. The connection opens once the thread is up. */
  connect() {
    this.thread.ready.then(
      () => this.emit('connect'),
      (error: Error) => this.destroy(error),
    );
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void) {
    const { frames, rest } = splitFrames(
      this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk,
    );
    this.pending = Buffer.from(rest);
    // A Terminate message ends this connection only; the database stays open for the next one.
    const terminate = frames.findIndex((f) => f[0] === 0x58 && f.length === 5);
    const sent = terminate === -1 ? frames : frames.slice(0, terminate);
    if (sent.length > 0) {
      this.thread.exchange(sent).then(
        (data) => this.push(Buffer.from(data.buffer, data.byteOffset, data.length)),
        (error: Error) => this.destroy(error),
      );
    }
    if (terminate !== -1) process.nextTick(() => this.push(null));
    done();
  }
}

/** PGlite in a worker thread, and the one connection to it. */
class DatabaseThread {
  private readonly worker: Worker;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (data: Uint8Array) => void; reject: (e: Error) => void }
  >();
  readonly ready: Promise<void>;
  private closed?: () => void;
  private failure: Error | null = null;

  constructor(dataDir: string | undefined) {
    this.worker = new Worker(WORKER_URL, { workerData: { dataDir } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'closed') this.closed?.();
        else if (reply.type === 'data' || reply.type === 'failed') {
          const waiter = this.waiting.get(reply.id);
          this.waiting.delete(reply.id);
          if (reply.type === 'data') waiter?.resolve(reply.data);
          else waiter?.reject(new Error(`embedded database: ${reply.message}`));
        }
      });
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) =>
      this.fail(new Error(`embedded database thread exited (${code})`)),
    );
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  exchange(frames: Uint8Array[]): Promise<Uint8Array> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'exchange', id, frames });
    });
  }

  async close() {
    if (this.failure) return;
    const closed = new Promise<void>((resolve) => (this.closed = resolve));
    this.worker.postMessage({ type: 'close' });
    await closed;
    await this.worker.terminate();
  }
}

/**
 * The embedded database off the request path: PGlite runs in its own thread and the server talks
 * to it with node-postgres, exactly as it talks to PostgreSQL. PGlite is one session, so the pool
 * holds one connection: a transaction has the database to itself until it ends, as it had in
 * process. The pool is usable at once: its first connection waits for the database to open.
 */
export function openPgliteThread(dataDir: string | undefined) {
  const thread = new DatabaseThread(dataDir);
  // Connections wait for the thread; a start that failed shows in the first query.
  thread.ready.catch(() => {});
  const pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => new ThreadConnection(thread),
  } as pg.PoolConfig);
  return {
    pool,
    async close() {
      await pool.end();
      await thread.close();
    },
  };
}
