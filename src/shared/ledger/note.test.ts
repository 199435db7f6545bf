import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cosignatureMessage,
  encodeVerifierKey,
  formatCheckpointBody,
  formatNote,
  formatSignatureLine,
  noteKeyId,
  parseCheckpointBody,
  parseNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  verifyCheckpoint,
  verifyNoteSignature,
} from './note';
import { EMPTY_ROOT } from './merkle';

// The example of c2sp.org/signed-note §Verifier keys.
const SPEC_VKEY = 'example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k';
const SPEC_NOTE =
  'This is an example message.\n\n' +
  '\u2014 example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n';

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return { raw: new Uint8Array(raw), privateKey };
}

const ROOT = 'a'.repeat(64);

function signedCheckpoint(origin: string, size: number, root: string) {
  const log = keyPair();
  const text = formatCheckpointBody({ origin, treeSize: size, rootHash: root });
  const id = noteKeyId(origin, SIGNATURE_TYPE.ed25519, log.raw);
  const line = formatSignatureLine(origin, id, sign(null, Buffer.from(text), log.privateKey));
  return { log, text, note: formatNote(text, [line]) };
}

function cosign(text: string, name: string, time: number) {
  const witness = keyPair();
  const stamp = Buffer.alloc(8);
  stamp.writeBigUInt64BE(BigInt(time));
  const sig = sign(null, cosignatureMessage(text, time), witness.privateKey);
  const id = noteKeyId(name, SIGNATURE_TYPE.cosignatureV1, witness.raw);
  return {
    vkey: encodeVerifierKey(name, SIGNATURE_TYPE.cosignatureV1, witness.raw),
    line: formatSignatureLine(name, id, Buffer.concat([stamp, sig])),
  };
}

describe('signed notes (c2sp.org/signed-note)', () => {
  it('verifies the specification example with its verifier key', async () => {
    const key = parseVerifierKey(SPEC_VKEY);
    expect(key.name).toBe('example.com/foo');
    expect(encodeVerifierKey(key.name, key.type, key.publicKey)).toBe(SPEC_VKEY);
    const note = parseNote(SPEC_NOTE);
    expect(note.text).toBe('This is an example message.\n');
    expect((await verifyNoteSignature(note, key)).status).toBe('valid');
    const changed = parseNote(SPEC_NOTE.replace('example message', 'exemplary message'));
    expect((await verifyNoteSignature(changed, key)).status).toBe('invalid');
  });

  it('rejects verifier keys whose id does not match, and malformed notes', () => {
    expect(() => parseVerifierKey(SPEC_VKEY.replace('530d903a', '530d903b'))).toThrow(/key id/);
    expect(() => parseVerifierKey('example.com/foo+530d903a')).toThrow(/three parts/);
    expect(() => parseNote('no blank line\n\u2014 a b\n')).toThrow(/blank line/);
    expect(() => parseNote('text\n\n\u2014 a b\n')).toThrow(/malformed/);
    expect(() => parseNote('text\u0007\n\n')).toThrow(/control/);
  });
});

describe('checkpoints and cosignatures', () => {
  it('round-trips a checkpoint body and checks its lines', () => {
    const text = formatCheckpointBody({ origin: 'example.test/log', treeSize: 12, rootHash: ROOT });
    expect(parseCheckpointBody(text)).toEqual({
      origin: 'example.test/log',
      treeSize: 12,
      rootHash: ROOT,
      extensions: [],
    });
    expect(() => parseCheckpointBody('o\n012\nAAAA\n')).toThrow(/decimal/);
    expect(() => parseCheckpointBody(text.replace('\n12\n', '\n0\n'))).toThrow(/empty tree/);
    expect(
      parseCheckpointBody(formatCheckpointBody({ origin: 'o', treeSize: 0, rootHash: EMPTY_ROOT }))
        .treeSize,
    ).toBe(0);
  });

  it('verifies the log signature and a quorum of timestamped cosignatures', async () => {
    const { log, text, note } = signedCheckpoint('example.test/log', 5, ROOT);
    const logKey = parseVerifierKey(encodeVerifierKey('example.test/log', 1, log.raw));
    const w1 = cosign(text, 'witness.test/one', 1_700_000_000);
    const w2 = cosign(text, 'witness.test/two', 1_700_000_001);
    const both = formatNote(text, [
      ...parseNote(note).signatures.map((s) => s.line),
      w1.line,
      w2.line,
    ]);
    const witnesses = [parseVerifierKey(w1.vkey), parseVerifierKey(w2.vkey)];

    const result = await verifyCheckpoint(both, { logKey, witnesses, quorum: 2 });
    expect(result.ok).toBe(true);
    expect(result.cosigned).toEqual([
      { name: 'witness.test/one', timestamp: 1_700_000_000 },
      { name: 'witness.test/two', timestamp: 1_700_000_001 },
    ]);
    const short = await verifyCheckpoint(note, { logKey, witnesses, quorum: 1 });
    expect(short).toMatchObject({ ok: false, problem: '0 of the required 1 witness cosignatures' });

    // A cosignature moved onto another checkpoint of the same log does not verify.
    const other = signedCheckpoint('example.test/log', 6, ROOT);
    const otherKey = parseVerifierKey(encodeVerifierKey('example.test/log', 1, other.log.raw));
    const moved = formatNote(other.text, [
      ...parseNote(other.note).signatures.map((s) => s.line),
      w1.line,
    ]);
    expect(await verifyCheckpoint(moved, { logKey: otherKey, witnesses, quorum: 1 })).toMatchObject(
      {
        ok: false,
        problem: 'the cosignature of witness.test/one does not verify',
      },
    );
    // Signed by another key under the same name: absent, not valid.
    expect(await verifyCheckpoint(note, { logKey: otherKey })).toMatchObject({ ok: false });
  });
});
