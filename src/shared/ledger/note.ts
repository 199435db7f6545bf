/**
 * C2SP signed notes, checkpoints and cosignatures (c2sp.org/signed-note, tlog-checkpoint,
 * tlog-cosignature): parsing, verifier keys and verification with WebCrypto, so the same code
 * runs in the server, the witness, the command-line verifier and the auditor's browser.
 * Signing needs a private key and lives with whoever holds one (server, witness).
 */
import { bytesToHex, tryHexToBytes } from './hex';
import { EMPTY_ROOT, isHash } from './merkle';
import { sha256 } from './sha256';

/** Signature type bytes (signed-note §Signature types). */
export const SIGNATURE_TYPE = { ed25519: 0x01, cosignatureV1: 0x04 } as const;
export type SignatureType = (typeof SIGNATURE_TYPE)[keyof typeof SIGNATURE_TYPE];

const EM_DASH = '\u2014';
const encoder = new TextEncoder();

export class NoteFormatError extends Error {}

// Base64 (RFC 4648 §4) without Buffer, so the browser bundle stays free of Node polyfills.
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict standard base64; null for anything else (no whitespace, no URL alphabet). */
export function base64ToBytes(text: string): Uint8Array | null {
  if (!BASE64.test(text)) return null;
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A key name: non-empty, no Unicode spaces, no plus sign. */
export function isKeyName(name: string): boolean {
  return name.length > 0 && !/[\s+\u2014]/u.test(name) && !/\p{Z}/u.test(name);
}

/** SHA-256(name || 0x0A || type || public key)[:4], as a big-endian uint32. */
export function noteKeyId(name: string, type: number, publicKey: Uint8Array): number {
  const digest = sha256(concat(encoder.encode(name), Uint8Array.of(0x0a, type), publicKey));
  return ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;
}

export interface VerifierKey {
  name: string;
  keyId: number;
  type: number;
  /** The raw 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

/** `<name>+<hex key id>+<base64(type || public key)>` (signed-note §Verifier keys). */
export function encodeVerifierKey(name: string, type: number, publicKey: Uint8Array): string {
  const keyId = noteKeyId(name, type, publicKey);
  return `${name}+${hex8(keyId)}+${bytesToBase64(concat(Uint8Array.of(type), publicKey))}`;
}

/** Parses a vkey of type Ed25519 (0x01) or cosignature/v1 (0x04); throws NoteFormatError. */
export function parseVerifierKey(vkey: string): VerifierKey {
  // The base64 key may itself contain '+': split at the first two only.
  const text = vkey.trim();
  const first = text.indexOf('+');
  const second = first < 0 ? -1 : text.indexOf('+', first + 1);
  if (second < 0) throw new NoteFormatError('a verifier key has three parts: name+id+key');
  const name = text.slice(0, first);
  const idHex = text.slice(first + 1, second);
  const keyB64 = text.slice(second + 1);
  if (!isKeyName(name)) throw new NoteFormatError('the key name is empty or contains a space');
  if (!/^[0-9a-f]{8}$/.test(idHex)) throw new NoteFormatError('the key id is not 8 hex digits');
  const material = base64ToBytes(keyB64);
  if (!material || material.length !== 33) {
    throw new NoteFormatError('the key is not a type byte and 32 bytes of Ed25519 key');
  }
  const type = material[0]!;
  if (type !== SIGNATURE_TYPE.ed25519 && type !== SIGNATURE_TYPE.cosignatureV1) {
    throw new NoteFormatError(`signature type 0x${type.toString(16)} is not supported`);
  }
  const publicKey = material.slice(1);
  const keyId = noteKeyId(name, type, publicKey);
  if (hex8(keyId) !== idHex) throw new NoteFormatError('the key id does not match the key');
  return { name, keyId, type, publicKey };
}

export interface NoteSignature {
  name: string;
  keyId: number;
  /** The bytes after the key id. */
  signature: Uint8Array;
  /** The line as it appeared, without its newline. */
  line: string;
}

export interface Note {
  /** The text, final newline included, without the blank line. */
  text: string;
  signatures: NoteSignature[];
}

/** Parses one `— <name> <base64>` line (no newline). */
export function parseSignatureLine(line: string): NoteSignature {
  const match = /^\u2014 (\S+) (\S+)$/u.exec(line);
  if (!match) throw new NoteFormatError(`not a signature line: ${JSON.stringify(line)}`);
  const [, name, b64] = match as unknown as [string, string, string];
  const bytes = base64ToBytes(b64);
  if (!isKeyName(name) || !bytes || bytes.length < 5) {
    throw new NoteFormatError(`malformed signature line: ${JSON.stringify(line)}`);
  }
  const keyId = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  return { name, keyId, signature: bytes.slice(4), line };
}

export function formatSignatureLine(name: string, keyId: number, signature: Uint8Array): string {
  const id = Uint8Array.of(keyId >>> 24, (keyId >>> 16) & 0xff, (keyId >>> 8) & 0xff, keyId & 0xff);
  return `${EM_DASH} ${name} ${bytesToBase64(concat(id, signature))}`;
}

/** At most this many signatures are read (the format asks for at least 16). */
export const MAX_NOTE_SIGNATURES = 64;

/** Splits a signed note at its last blank line; throws NoteFormatError when it is not one. */
export function parseNote(input: string): Note {
  // eslint-disable-next-line no-control-regex -- the format forbids exactly these characters
  if (/[\u0000-\u0009\u000b-\u001f]/.test(input)) {
    throw new NoteFormatError('a note contains no control characters other than newline');
  }
  if (!input.endsWith('\n')) throw new NoteFormatError('a note ends with a newline');
  const split = input.lastIndexOf('\n\n');
  if (split < 0) throw new NoteFormatError('a note has a blank line before its signatures');
  const text = input.slice(0, split + 1);
  const lines = input.slice(split + 2, -1).split('\n');
  if (lines.length > MAX_NOTE_SIGNATURES) throw new NoteFormatError('too many signatures');
  return { text, signatures: lines.map(parseSignatureLine) };
}

export function formatNote(text: string, signatureLines: readonly string[]): string {
  return `${text}\n${signatureLines.map((l) => `${l}\n`).join('')}`;
}

export interface CheckpointBody {
  origin: string;
  treeSize: number;
  /** Lowercase hex, as everywhere else in the ledger. */
  rootHash: string;
  extensions: string[];
}

export function formatCheckpointBody(body: Omit<CheckpointBody, 'extensions'>): string {
  const root = tryHexToBytes(body.rootHash);
  if (!root || root.length !== 32) throw new NoteFormatError('the root is not a 32-byte hash');
  if (!isKeyName(body.origin)) throw new NoteFormatError('the origin is empty or has a space');
  return `${body.origin}\n${body.treeSize}\n${bytesToBase64(root)}\n`;
}

/** Reads a checkpoint's note text (tlog-checkpoint §Note text). */
export function parseCheckpointBody(text: string): CheckpointBody {
  const lines = text.slice(0, -1).split('\n');
  if (!text.endsWith('\n') || lines.length < 3 || lines.some((l) => l === '')) {
    throw new NoteFormatError('a checkpoint has at least three non-empty lines');
  }
  const [origin, sizeLine, rootLine, ...extensions] = lines as [string, string, string];
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeLine) || !Number.isSafeInteger(Number(sizeLine))) {
    throw new NoteFormatError(`the tree size ${JSON.stringify(sizeLine)} is not a decimal count`);
  }
  const root = base64ToBytes(rootLine);
  if (!root || root.length !== 32) throw new NoteFormatError('the root is not a base64 hash');
  const rootHash = bytesToHex(root);
  const treeSize = Number(sizeLine);
  if (treeSize === 0 && rootHash !== EMPTY_ROOT) {
    throw new NoteFormatError('an empty tree has the root of the empty string');
  }
  if (!isHash(rootHash)) throw new NoteFormatError('the root is not a hash');
  return { origin, treeSize, rootHash, extensions };
}

/** The bytes a cosignature/v1 covers: header, time line, then the checkpoint text. */
export function cosignatureMessage(
  checkpointText: string,
  timestamp: number,
): Uint8Array<ArrayBuffer> {
  return encoder.encode(`cosignature/v1\ntime ${timestamp}\n${checkpointText}`);
}

async function ed25519Verify(
  subtle: SubtleCrypto,
  publicKey: Uint8Array,
  signature: Uint8Array,
  message: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  if (signature.length !== 64) return false;
  try {
    const key = await subtle.importKey(
      'raw',
      new Uint8Array(publicKey),
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    return await subtle.verify({ name: 'Ed25519' }, key, new Uint8Array(signature), message);
  } catch {
    return false;
  }
}

function defaultSubtle(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto is not available here');
  return subtle;
}

export type SignatureVerdict =
  /** No line carries this key's name and id. */
  | { status: 'absent' }
  | { status: 'invalid'; line: string }
  | {
      status: 'valid';
      line: string;
      /** Cosignatures only: seconds since the epoch. */ timestamp?: number;
    };

/**
 * Looks for the key's signature among the note's lines and checks it. Lines of other keys are
 * ignored, as the format requires; a line of this key that does not verify is `invalid`.
 */
export async function verifyNoteSignature(
  note: Note,
  key: VerifierKey,
  subtle: SubtleCrypto = defaultSubtle(),
): Promise<SignatureVerdict> {
  const mine = note.signatures.filter((s) => s.name === key.name && s.keyId === key.keyId);
  if (mine.length === 0) return { status: 'absent' };
  let verdict: SignatureVerdict = { status: 'absent' };
  for (const sig of mine) {
    if (key.type === SIGNATURE_TYPE.ed25519) {
      const ok = await ed25519Verify(
        subtle,
        key.publicKey,
        sig.signature,
        encoder.encode(note.text),
      );
      if (!ok) return { status: 'invalid', line: sig.line };
      verdict = { status: 'valid', line: sig.line };
    } else {
      if (sig.signature.length !== 72) return { status: 'invalid', line: sig.line };
      const view = new DataView(sig.signature.buffer, sig.signature.byteOffset, 8);
      const time = view.getBigUint64(0);
      if (time >= 2n ** 63n || time === 0n) return { status: 'invalid', line: sig.line };
      const timestamp = Number(time);
      const ok = await ed25519Verify(
        subtle,
        key.publicKey,
        sig.signature.slice(8),
        cosignatureMessage(note.text, timestamp),
      );
      if (!ok) return { status: 'invalid', line: sig.line };
      verdict = { status: 'valid', line: sig.line, timestamp };
    }
  }
  return verdict;
}

export interface CheckpointVerification {
  ok: boolean;
  checkpoint: CheckpointBody | null;
  /** Why it is not ok, in words; null when ok. */
  problem: string | null;
  /** Witnesses (by key name) whose cosignature verified, with its time. */
  cosigned: { name: string; timestamp: number }[];
}

/**
 * Verifies a checkpoint note against the log's key and, when given, a quorum of witnesses.
 * A witness line that is present but does not verify fails the whole note.
 */
export async function verifyCheckpoint(
  noteText: string,
  options: {
    logKey: VerifierKey;
    witnesses?: VerifierKey[];
    quorum?: number;
    origin?: string;
    subtle?: SubtleCrypto;
  },
): Promise<CheckpointVerification> {
  const fail = (problem: string, checkpoint: CheckpointBody | null = null) => ({
    ok: false,
    checkpoint,
    problem,
    cosigned: [],
  });
  let note: Note;
  let checkpoint: CheckpointBody;
  try {
    note = parseNote(noteText);
    checkpoint = parseCheckpointBody(note.text);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (options.origin !== undefined && checkpoint.origin !== options.origin) {
    return fail(
      `the checkpoint is for log ${checkpoint.origin}, not ${options.origin}`,
      checkpoint,
    );
  }
  const subtle = options.subtle ?? defaultSubtle();
  const logVerdict = await verifyNoteSignature(note, options.logKey, subtle);
  if (logVerdict.status !== 'valid') {
    return fail(
      logVerdict.status === 'absent'
        ? `the checkpoint carries no signature of the key ${options.logKey.name}+${hex8(options.logKey.keyId)}`
        : 'the log signature on the checkpoint does not verify',
      checkpoint,
    );
  }
  const cosigned: { name: string; timestamp: number }[] = [];
  for (const witness of options.witnesses ?? []) {
    const verdict = await verifyNoteSignature(note, witness, subtle);
    if (verdict.status === 'invalid') {
      return fail(`the cosignature of ${witness.name} does not verify`, checkpoint);
    }
    if (verdict.status === 'valid')
      cosigned.push({ name: witness.name, timestamp: verdict.timestamp! });
  }
  const quorum = options.quorum ?? 0;
  if (cosigned.length < quorum) {
    return {
      ok: false,
      checkpoint,
      problem: `${cosigned.length} of the required ${quorum} witness cosignatures`,
      cosigned,
    };
  }
  return { ok: true, checkpoint, problem: null, cosigned };
}

/** SHA-256 of the raw public key, lowercase hex in groups of four: what people compare and pin. */
export function keyFingerprint(publicKey: Uint8Array): string {
  return `SHA256:${bytesToHex(sha256(publicKey)).match(/.{4}/g)!.join(':')}`;
}
