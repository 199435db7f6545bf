import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consistencyProof,
  EMPTY_ROOT,
  hashLeaf,
  rootFromLeafHashes,
} from '../shared/ledger/merkle';
import {
  bytesToBase64,
  encodeVerifierKey,
  formatCheckpointBody,
  formatNote,
  formatSignatureLine,
  noteKeyId,
  parseNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  verifyCheckpoint,
  verifyNoteSignature,
} from '../shared/ledger/note';
import { hexToBytes } from '../shared/ledger/hex';
import { createWitness, type Witness } from './server';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);

function ed25519() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  return { raw, privateKey };
}

/** A log with a real Merkle tree whose checkpoints it signs with its own Ed25519 key. */
function makeLog(origin: string) {
  const key = ed25519();
  const keyId = noteKeyId(origin, SIGNATURE_TYPE.ed25519, key.raw);
  const leaves: string[] = [];
  const signNote = (text: string, privateKey = key.privateKey) =>
    formatNote(text, [
      formatSignatureLine(origin, keyId, sign(null, Buffer.from(text), privateKey)),
    ]);
  return {
    origin,
    vkey: encodeVerifierKey(origin, SIGNATURE_TYPE.ed25519, key.raw),
    signNote,
    grow(count: number) {
      for (let i = 0; i < count; i++) leaves.push(hashLeaf(Buffer.from(`entry ${leaves.length}`)));
      return this;
    },
    root: (size: number) => rootFromLeafHashes(leaves.slice(0, size)),
    checkpoint(size = leaves.length, rootHash = rootFromLeafHashes(leaves.slice(0, size))) {
      return signNote(formatCheckpointBody({ origin, treeSize: size, rootHash }));
    },
    proof: (oldSize: number, newSize = leaves.length) =>
      consistencyProof(leaves.slice(0, newSize), oldSize).map((h) => bytesToBase64(hexToBytes(h))),
  };
}
type Log = ReturnType<typeof makeLog>;

const requestBody = (oldSize: number, proof: string[], checkpoint: string) =>
  `old ${oldSize}\n${proof.map((line) => `${line}\n`).join('')}\n${checkpoint}`;

async function post(base: string, body: string) {
  const res = await fetch(`${base}/add-checkpoint`, { method: 'POST', body });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** Submits the log's current checkpoint with a proof from `oldSize`. */
const submit = (base: string, log: Log, oldSize: number, size?: number) =>
  post(
    base,
    requestBody(oldSize, oldSize === 0 ? [] : log.proof(oldSize, size), log.checkpoint(size)),
  );

const originHash = (origin: string) => createHash('sha256').update(origin).digest('hex');

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (cleanup.length) await cleanup.pop()!();
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'witness-test-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return join(dir, 'data');
}

async function start(options: { dataDir?: string; name?: string; logs?: string[] } = {}) {
  const dataDir = options.dataDir ?? (await tempDir());
  const witness = createWitness({
    dataDir,
    name: options.name ?? 'witness.example/w1',
    logs: options.logs,
    now: () => NOW,
  });
  const base = await witness.listen(0);
  cleanup.push(() => witness.close());
  return { witness, base, dataDir };
}

async function verifyCosignature(witness: Witness, checkpoint: string, response: string) {
  return verifyNoteSignature(parseNote(checkpoint + response), parseVerifierKey(witness.vkey));
}

describe('tlog-witness add-checkpoint', () => {
  it('cosigns a first checkpoint submitted with old 0', async () => {
    const log = makeLog('ledger.example/org1').grow(5);
    const { witness, base, dataDir } = await start({ logs: [log.vkey] });
    const res = await submit(base, log, 0);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain; charset=utf-8');
    expect(res.text).toMatch(/^\u2014 witness\.example\/w1 \S+\n$/u);
    const verdict = await verifyCosignature(witness, log.checkpoint(), res.text);
    expect(verdict).toMatchObject({ status: 'valid', timestamp: NOW / 1000 });
    expect((await stat(join(dataDir, 'witness-key.pem'))).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });

  it('cosigns a grown log with a valid consistency proof', async () => {
    const log = makeLog('ledger.example/org1').grow(5);
    const { witness, base } = await start({ logs: [log.vkey] });
    expect((await submit(base, log, 0)).status).toBe(200);
    log.grow(8);
    const res = await submit(base, log, 5);
    expect(res.status).toBe(200);
    expect((await verifyCosignature(witness, log.checkpoint(), res.text)).status).toBe('valid');
    log.grow(1);
    expect((await submit(base, log, 13)).status).toBe(200);
  });

  it('answers 409 with the stored size when old is not the size it cosigned', async () => {
    const log = makeLog('ledger.example/org1').grow(7);
    const { base } = await start({ logs: [log.vkey] });
    expect((await submit(base, log, 0, 4)).status).toBe(200);
    const res = await submit(base, log, 3);
    expect(res).toEqual({ status: 409, type: 'text/x.tlog.size', text: '4\n' });
  });

  it('refuses a consistency proof that does not verify with 422', async () => {
    const log = makeLog('ledger.example/org1').grow(9);
    const { base } = await start({ logs: [log.vkey] });
    expect((await submit(base, log, 0, 3)).status).toBe(200);
    const proof = log.proof(3, 9);
    proof[0] = bytesToBase64(new Uint8Array(32).fill(7));
    expect((await post(base, requestBody(3, proof, log.checkpoint(9)))).status).toBe(422);
    const tooShort = requestBody(3, log.proof(3, 9).slice(1), log.checkpoint(9));
    expect((await post(base, tooShort)).status).toBe(422);
  });

  it('refuses a fork (same size, another root), keeps its state and records the evidence', async () => {
    const log = makeLog('ledger.example/org1').grow(6);
    const { base, dataDir } = await start({ logs: [log.vkey] });
    expect((await submit(base, log, 0)).status).toBe(200);
    const stored = await fetch(`${base}/${originHash(log.origin)}/checkpoint`).then((r) =>
      r.text(),
    );

    const fork = log.checkpoint(6, 'f'.repeat(64));
    const res = await post(base, requestBody(6, [], fork));
    expect(res.status).toBe(422);
    expect(res.text).toContain('forked');
    const after = await fetch(`${base}/${originHash(log.origin)}/checkpoint`).then((r) => r.text());
    expect(after).toBe(stored);
    expect((await submit(base, log, 0)).text).toBe('6\n');

    const refusals = (await readFile(join(dataDir, 'refusals.jsonl'), 'utf8')).trim().split('\n');
    const fork422 = refusals.map((line) => JSON.parse(line)).find((r) => r.status === 422);
    expect(fork422).toMatchObject({ origin: log.origin, oldSize: 6, note: fork });
    expect(fork422.reason).toContain('forked');
    expect(fork422.time).toBe(new Date(NOW).toISOString());
  });

  it('answers 422 for an empty tree with another root and for a proof from size 0', async () => {
    const log = makeLog('ledger.example/org1').grow(4);
    const { base } = await start({ logs: [log.vkey] });
    const empty = log.checkpoint(0, 'ab'.repeat(32));
    expect((await post(base, requestBody(0, [], empty))).status).toBe(422);
    const withProof = requestBody(0, [bytesToBase64(new Uint8Array(32))], log.checkpoint());
    expect((await post(base, withProof)).status).toBe(422);
    expect((await post(base, requestBody(0, [], log.checkpoint(0, EMPTY_ROOT)))).status).toBe(200);
  });

  it('answers 400 when old is larger than the checkpoint size', async () => {
    const log = makeLog('ledger.example/org1').grow(10);
    const { base } = await start({ logs: [log.vkey] });
    expect((await submit(base, log, 0)).status).toBe(200);
    expect((await post(base, requestBody(10, [], log.checkpoint(4)))).status).toBe(400);
  });

  it('answers 400 to malformed requests', async () => {
    const log = makeLog('ledger.example/org1').grow(3);
    const { base } = await start({ logs: [log.vkey] });
    const checkpoint = log.checkpoint();
    const hash = bytesToBase64(new Uint8Array(32));
    for (const body of [
      '',
      `old 01\n\n${checkpoint}`,
      `old -1\n\n${checkpoint}`,
      `old 0\n${checkpoint}`,
      `old 0\nnot base64!\n\n${checkpoint}`,
      requestBody(0, Array<string>(64).fill(hash), checkpoint),
      requestBody(0, [], checkpoint.replace('\n\n', '\n')),
      requestBody(0, [], checkpoint.replace('\n3\n', '\nthree\n')),
    ]) {
      expect((await post(base, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 404 for a log it does not witness', async () => {
    const known = makeLog('ledger.example/org1').grow(2);
    const unknown = makeLog('ledger.example/other').grow(2);
    const { base } = await start({ logs: [known.vkey] });
    expect((await submit(base, unknown, 0)).status).toBe(404);
  });

  it('answers 403 to a signature by another key and to a tampered checkpoint', async () => {
    const log = makeLog('ledger.example/org1').grow(3);
    const impostor = makeLog('ledger.example/org1').grow(3);
    const { base, dataDir } = await start({ logs: [log.vkey] });
    expect((await submit(base, impostor, 0)).status).toBe(403);
    const tampered = log.checkpoint().replace('\n3\n', '\n2\n');
    expect((await post(base, requestBody(0, [], tampered))).status).toBe(403);
    // The same text signed by another key under the log's name and key id.
    const forged = log.signNote(
      formatCheckpointBody({ origin: log.origin, treeSize: 3, rootHash: log.root(3) }),
      ed25519().privateKey,
    );
    expect((await post(base, requestBody(0, [], forged))).status).toBe(403);
    await expect(stat(join(dataDir, 'state.json'))).rejects.toThrow();
  });

  it('413 for a body over the limit, 405 and 404 for other methods and paths', async () => {
    const { base } = await start();
    const huge = await fetch(`${base}/add-checkpoint`, {
      method: 'POST',
      body: 'x'.repeat(70_000),
    });
    expect(huge.status).toBe(413);
    expect((await fetch(`${base}/add-checkpoint`)).status).toBe(405);
    expect((await fetch(`${base}/`, { method: 'POST', body: '' })).status).toBe(405);
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
    expect((await fetch(`${base}/${originHash('never.example')}/checkpoint`)).status).toBe(404);
  });
});

describe('tlog-witness state', () => {
  it('keeps its key and the cosigned size across a restart', async () => {
    const log = makeLog('ledger.example/org1').grow(12);
    const first = await start({ logs: [log.vkey] });
    expect((await submit(first.base, log, 0)).status).toBe(200);
    await first.witness.close();

    const second = await start({ dataDir: first.dataDir, logs: [log.vkey] });
    expect(second.witness.vkey).toBe(first.witness.vkey);
    expect(await submit(second.base, log, 0)).toMatchObject({ status: 409, text: '12\n' });
    log.grow(3);
    expect((await submit(second.base, log, 12)).status).toBe(200);
  });

  it('runs two witnesses side by side, each with its own key and state', async () => {
    const log = makeLog('ledger.example/org1').grow(5);
    const a = await start({ name: 'witness.example/a', logs: [log.vkey] });
    const b = await start({ name: 'witness.example/b', logs: [log.vkey] });
    expect(a.witness.vkey).not.toBe(b.witness.vkey);
    const fromA = await submit(a.base, log, 0, 3);
    expect(fromA.status).toBe(200);
    const fromB = await submit(b.base, log, 0, 5);
    expect(fromB.status).toBe(200);
    expect((await submit(a.base, log, 0)).text).toBe('3\n');
    expect((await submit(b.base, log, 0)).text).toBe('5\n');
    // Each cosignature verifies with its own witness key only.
    expect((await verifyCosignature(a.witness, log.checkpoint(3), fromA.text)).status).toBe(
      'valid',
    );
    expect((await verifyCosignature(b.witness, log.checkpoint(3), fromA.text)).status).toBe(
      'absent',
    );
  });

  it('never rolls back when two grown checkpoints race from the same old size', async () => {
    const log = makeLog('ledger.example/org1').grow(4);
    const { base } = await start({ logs: [log.vkey] });
    expect((await submit(base, log, 0)).status).toBe(200);
    let stored = 4;
    for (let round = 0; round < 10; round++) {
      log.grow(6);
      const sizes = [stored + 2, stored + 6];
      const results = await Promise.all(sizes.map((size) => submit(base, log, stored, size)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = sizes[results.findIndex((r) => r.status === 200)]!;
      expect(results.find((r) => r.status === 409)!.text).toBe(`${winner}\n`);
      const latest = await fetch(`${base}/${originHash(log.origin)}/checkpoint`).then((r) =>
        r.text(),
      );
      expect(latest.split('\n')[1]).toBe(String(winner));
      // Catch up to the whole log (from itself when the larger one won) for the next round.
      expect((await submit(base, log, winner)).status).toBe(200);
      stored = sizes[1]!;
    }
  });

  it('serves the latest cosigned checkpoint to monitors', async () => {
    const log = makeLog('ledger.example/org1').grow(8);
    const { witness, base } = await start({ logs: [log.vkey] });
    const url = `${base}/${originHash(log.origin)}/checkpoint`;
    expect((await fetch(url)).status).toBe(404);
    expect((await submit(base, log, 0)).status).toBe(200);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const result = await verifyCheckpoint(await res.text(), {
      logKey: parseVerifierKey(log.vkey),
      witnesses: [parseVerifierKey(witness.vkey)],
      quorum: 1,
    });
    expect(result).toMatchObject({ ok: true, checkpoint: { treeSize: 8, rootHash: log.root(8) } });
    expect(result.cosigned).toEqual([{ name: 'witness.example/w1', timestamp: NOW / 1000 }]);
  });

  it('honours logs added to logs.txt while running and skips malformed lines', async () => {
    const log = makeLog('ledger.example/org1').grow(2);
    const { base, dataDir } = await start();
    expect((await submit(base, log, 0)).status).toBe(404);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await writeFile(join(dataDir, 'logs.txt'), `# ledger logs\n\nnot a vkey\n${log.vkey}\n`);
    expect((await submit(base, log, 0)).status).toBe(200);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('logs.txt line 3'));
  });

  it('names itself and its key at /', async () => {
    const { witness, base } = await start();
    const res = await fetch(`${base}/healthz`);
    expect(await res.text()).toBe(`witness ${witness.name} ${witness.vkey}\n`);
    expect(parseVerifierKey(witness.vkey).type).toBe(SIGNATURE_TYPE.cosignatureV1);
  });
});
