/**
 * A transparency-log witness (c2sp.org/tlog-witness). A log POSTs each new checkpoint with a
 * consistency proof from the size this witness last cosigned; the witness checks that the log
 * only grew and answers with a timestamped Ed25519 cosignature (c2sp.org/tlog-cosignature,
 * cosignature/v1). Plain node:http, so it runs apart from the product, on its own machine and key.
 */
import { sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { join } from 'node:path';
import { bytesToHex } from '../shared/ledger/hex';
import { EMPTY_ROOT, verifyConsistency } from '../shared/ledger/merkle';
import {
  base64ToBytes,
  cosignatureMessage,
  encodeVerifierKey,
  formatNote,
  formatSignatureLine,
  isKeyName,
  noteKeyId,
  NoteFormatError,
  parseCheckpointBody,
  parseNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  verifyNoteSignature,
  type CheckpointBody,
  type Note,
  type VerifierKey,
} from '../shared/ledger/note';
import { loadOrCreateKey, openState, type CosignedCheckpoint, type WitnessState } from './state';

/** A request is an old size, at most 63 hashes and a checkpoint: far below this. */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_PROOF_LINES = 63;
const LOGS_FILE = 'logs.txt';
const TEXT = 'text/plain; charset=utf-8';

export interface WitnessOptions {
  dataDir: string;
  /** The witness's key name, e.g. `witness.example.com/w1`. */
  name: string;
  /** Verifier keys (Ed25519, type 0x01) of the logs to witness; the key name is the origin. */
  logs?: string[];
  /** Milliseconds since the epoch, like Date.now; cosignatures carry whole seconds. */
  now?: () => number;
}

export interface Witness {
  name: string;
  /** The cosignature/v1 (type 0x04) verifier key clients pin. */
  vkey: string;
  /** Resolves to the base URL, e.g. `http://127.0.0.1:7380`. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

interface Reply {
  status: number;
  body: string;
  headers?: OutgoingHttpHeaders;
}

const reply = (status: number, body: string, headers?: OutgoingHttpHeaders): Reply => ({
  status,
  body: body.endsWith('\n') ? body : `${body}\n`,
  headers,
});

function parseLogKey(vkey: string): VerifierKey {
  const key = parseVerifierKey(vkey);
  if (key.type !== SIGNATURE_TYPE.ed25519) {
    throw new NoteFormatError(`${key.name}: a log key has signature type 0x01 (Ed25519)`);
  }
  return key;
}

interface AddCheckpointRequest {
  oldSize: number;
  /** Lowercase hex, as merkle.ts wants it. */
  proof: string[];
  note: Note;
  /** The note as submitted, every signature line included. */
  noteText: string;
  checkpoint: CheckpointBody;
}

/**
 * The shared parser rejects a size-0 checkpoint whose root is not the empty root outright; the
 * protocol answers that one with 422 after the log signature is checked, so it is read again as
 * if it had one leaf (which validates everything else) and given back its size of 0.
 */
function readCheckpoint(text: string): CheckpointBody {
  try {
    return parseCheckpointBody(text);
  } catch (error) {
    const [origin, size, ...rest] = text.split('\n');
    if (size !== '0') throw error;
    return { ...parseCheckpointBody([origin, '1', ...rest].join('\n')), treeSize: 0 };
  }
}

/** Reads `old N`, proof lines, a blank line, the checkpoint; throws NoteFormatError (400). */
function parseAddCheckpoint(body: string): AddCheckpointRequest {
  let at = 0;
  const nextLine = () => {
    const end = body.indexOf('\n', at);
    if (end < 0) throw new NoteFormatError('the request ends before the checkpoint');
    const line = body.slice(at, end);
    at = end + 1;
    return line;
  };
  const old = /^old (0|[1-9][0-9]*)$/.exec(nextLine());
  if (!old || !Number.isSafeInteger(Number(old[1]))) {
    throw new NoteFormatError('the first line is `old <size>`');
  }
  const proof: string[] = [];
  for (let line = nextLine(); line !== ''; line = nextLine()) {
    if (proof.length === MAX_PROOF_LINES) {
      throw new NoteFormatError(`at most ${MAX_PROOF_LINES} proof lines`);
    }
    const hash = base64ToBytes(line);
    if (!hash || hash.length !== 32) throw new NoteFormatError('a proof line is a base64 hash');
    proof.push(bytesToHex(hash));
  }
  const noteText = body.slice(at);
  const note = parseNote(noteText);
  return { oldSize: Number(old[1]), proof, note, noteText, checkpoint: readCheckpoint(note.text) };
}

/** Why the checkpoint is not consistent with what was cosigned at `oldSize`; null if it is. */
function inconsistency(
  { oldSize, proof, checkpoint }: AddCheckpointRequest,
  stored: CosignedCheckpoint | undefined,
): string | null {
  if (checkpoint.treeSize === 0 && checkpoint.rootHash !== EMPTY_ROOT) {
    return 'a checkpoint of size 0 has the root of the empty tree';
  }
  if (oldSize === 0) return proof.length === 0 ? null : 'a proof from size 0 is empty';
  // The caller checked oldSize against the stored size, so a non-zero one has an entry.
  const oldRoot = stored!.rootHash;
  if (oldSize === checkpoint.treeSize && oldRoot !== checkpoint.rootHash) {
    return 'same size as the cosigned checkpoint with another root: the log forked';
  }
  if (!verifyConsistency(oldSize, checkpoint.treeSize, oldRoot, checkpoint.rootHash, proof)) {
    return 'the consistency proof does not verify';
  }
  return null;
}

/** The body, or null when it is larger than the limit (the rest is left unread). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function createWitness(options: WitnessOptions): Witness {
  const { dataDir, name } = options;
  if (!isKeyName(name)) throw new NoteFormatError(`${JSON.stringify(name)} is not a key name`);
  const configuredLogs = (options.logs ?? []).map(parseLogKey);
  const now = options.now ?? Date.now;
  const key = loadOrCreateKey(dataDir);
  const keyId = noteKeyId(name, SIGNATURE_TYPE.cosignatureV1, key.publicKey);
  const vkey = encodeVerifierKey(name, SIGNATURE_TYPE.cosignatureV1, key.publicKey);
  const state: WitnessState = openState(dataDir);
  const reported = new Set<string>();

  /** The configured logs and those in logs.txt, read now so an operator needs no restart. */
  async function trustedLogs(): Promise<Map<string, VerifierKey[]>> {
    const byOrigin = new Map<string, VerifierKey[]>();
    const add = (log: VerifierKey) =>
      byOrigin.set(log.name, [...(byOrigin.get(log.name) ?? []), log]);
    configuredLogs.forEach(add);
    const text = await readFile(join(dataDir, LOGS_FILE), 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
      throw error;
    });
    text.split('\n').forEach((raw, index) => {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) return;
      try {
        add(parseLogKey(line));
      } catch (error) {
        const problem = `${LOGS_FILE} line ${index + 1} skipped: ${(error as Error).message}`;
        // Once per distinct problem, not on every request.
        if (!reported.has(problem)) console.error(problem);
        reported.add(problem);
      }
    });
    return byOrigin;
  }

  function cosign(checkpointText: string): string {
    const timestamp = Math.floor(now() / 1000);
    // The format forbids a zero timestamp: a clock that reads 1970 is broken, not early.
    if (timestamp <= 0) throw new Error('the clock reads before 1970-01-01T00:00:01Z');
    const signed = Buffer.alloc(8 + 64);
    signed.writeBigUInt64BE(BigInt(timestamp));
    sign(null, cosignatureMessage(checkpointText, timestamp), key.privateKey).copy(signed, 8);
    return formatSignatureLine(name, keyId, signed);
  }

  async function addCheckpoint(body: string): Promise<Reply> {
    let request: AddCheckpointRequest;
    try {
      request = parseAddCheckpoint(body);
    } catch (error) {
      if (error instanceof NoteFormatError) return reply(400, error.message);
      throw error;
    }
    const { oldSize, note, noteText, checkpoint } = request;
    const { origin } = checkpoint;
    const logKeys = (await trustedLogs()).get(origin);
    if (!logKeys) return reply(404, `unknown log origin ${origin}`);
    const logLines: string[] = [];
    for (const logKey of logKeys) {
      const verdict = await verifyNoteSignature(note, logKey);
      if (verdict.status === 'invalid') return reply(403, 'a log signature does not verify');
      if (verdict.status === 'valid') logLines.push(verdict.line);
    }
    if (logLines.length === 0) return reply(403, 'no signature from a trusted key of this log');

    // From here on the log really signed this checkpoint: a refusal may be evidence against it.
    const refuse = async (refusal: Reply): Promise<Reply> => {
      const reason = refusal.body.trim();
      const time = new Date(now()).toISOString();
      await state
        .recordRefusal({ time, origin, status: refusal.status, reason, oldSize, note: noteText })
        .catch((error: unknown) => console.error('could not record a refusal:', error));
      return refusal;
    };
    if (oldSize > checkpoint.treeSize) {
      return refuse(reply(400, `old size ${oldSize} is larger than the checkpoint`));
    }
    return state.exclusive(origin, async () => {
      const stored = state.latest(origin);
      const storedSize = stored?.size ?? 0;
      if (oldSize !== storedSize) {
        return refuse(reply(409, `${storedSize}`, { 'content-type': 'text/x.tlog.size' }));
      }
      const problem = inconsistency(request, stored);
      if (problem) return refuse(reply(422, problem));
      const cosignature = cosign(note.text);
      await state.record(origin, {
        size: checkpoint.treeSize,
        rootHash: checkpoint.rootHash,
        note: formatNote(note.text, [...logLines, cosignature]),
      });
      return reply(200, cosignature);
    });
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    const { pathname } = new URL(req.url ?? '/', 'http://witness');
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (pathname === '/add-checkpoint') {
      if (req.method !== 'POST') return reply(405, 'use POST', { allow: 'POST' });
      const body = await readBody(req);
      if (body === null) {
        return reply(413, `the body is larger than ${MAX_BODY_BYTES} bytes`, {
          connection: 'close',
        });
      }
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(body);
      } catch {
        return reply(400, 'the body is not UTF-8');
      }
      return addCheckpoint(text);
    }
    const checkpointPath = /^\/([0-9a-f]{64})\/checkpoint$/.exec(pathname);
    if (pathname === '/' || pathname === '/healthz' || checkpointPath) {
      if (!isRead) return reply(405, 'use GET', { allow: 'GET, HEAD' });
      if (!checkpointPath) return reply(200, `witness ${name} ${vkey}`);
      const entry = state.byOriginHash(checkpointPath[1]!);
      return entry ? reply(200, entry.note) : reply(404, 'no checkpoint cosigned for this log');
    }
    return reply(404, 'not found');
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    route(req).then(
      ({ status, body, headers }) => {
        res.writeHead(status, { 'content-type': TEXT, ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        console.error('witness request failed:', error);
        if (res.headersSent) return void res.destroy();
        res.writeHead(500, { 'content-type': TEXT });
        res.end('internal error\n');
      },
    );
  };

  const server = createServer(handler);

  return {
    name,
    vkey,
    handler,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          const bound = typeof address === 'object' && address ? address.port : port;
          resolve(`http://${host.includes(':') ? `[${host}]` : host}:${bound}`);
        });
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }).then(state.idle),
  };
}
