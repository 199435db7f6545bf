/**
 * Merkle tree hashing, proofs and proof verification as defined in RFC 9162 §2.1 (identical to
 * RFC 6962 §2.1 for SHA-256). Pure and synchronous so the browser can verify what the server
 * proves with the same code.
 *
 * Hashes are lowercase hex strings of 32 bytes. Indices and sizes are plain numbers, valid up to
 * Number.MAX_SAFE_INTEGER; they are only ever halved with Math.floor and tested with `% 2`,
 * because JavaScript's bitwise operators truncate to 32 bits and real logs are past 2^31 leaves.
 *
 * Provers (inclusionProof*, consistencyProof*, root and range helpers) throw on bad arguments:
 * a bad argument there is a programming error. Verifiers never throw; they answer false.
 */
import { bytesToHex, hexToBytes, isLowerHex } from './hex';
import { sha256 } from './sha256';

/** Leaves [start, start + size) of a tree. */
export interface SubtreeRange {
  readonly start: number;
  readonly size: number;
}

/** Returns MTH(D[start : start + size]) as hex. */
export type SubtreeHashFn = (start: number, size: number) => string;

export interface ConsistencyOptions {
  /**
   * RFC 9162 defines consistency only for 0 < oldSize. transparency-dev/merkle rejects every
   * proof from size 0 ("meaningless"), and that is the default here: a client that has never
   * seen the log has nothing to be consistent with, so accepting would only hide a caller bug.
   * Set true for the CCTV behaviour: from (0, EMPTY_ROOT) with an empty proof, any well-formed
   * new root is accepted (and for newSize 0 it must be EMPTY_ROOT).
   */
  acceptEmptyOldTree?: boolean;
}

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const HASH_RE = /^[0-9a-f]{64}$/;

/** MTH of the empty tree: SHA-256 of the empty string. */
export const EMPTY_ROOT = bytesToHex(sha256(new Uint8Array(0)));

/** True for exactly 64 lowercase hex characters. */
export function isHash(s: unknown): s is string {
  return typeof s === 'string' && HASH_RE.test(s);
}

function isCount(n: unknown): n is number {
  return Number.isSafeInteger(n) && (n as number) >= 0;
}

function requireCount(n: unknown, name: string): asserts n is number {
  if (!isCount(n)) throw new RangeError(`${name} must be a non-negative safe integer, got ${n}`);
}

function requireHash(s: unknown, what: string): Uint8Array {
  if (!isHash(s)) throw new TypeError(`${what} is not a 32-byte lowercase hex hash`);
  return hexToBytes(s);
}

/** Largest power of two strictly below n (n >= 2): the RFC's split point k. */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  if (n < 1) return false;
  while (n % 2 === 0) n /= 2;
  return n === 1;
}

function nodeBytes(left: Uint8Array, right: Uint8Array): Uint8Array {
  const buf = new Uint8Array(1 + left.length + right.length);
  buf[0] = NODE_PREFIX;
  buf.set(left, 1);
  buf.set(right, 1 + left.length);
  return sha256(buf);
}

/** SHA-256(0x00 || data): the hash of one log entry. */
export function hashLeaf(data: Uint8Array): string {
  const buf = new Uint8Array(data.length + 1);
  buf[0] = LEAF_PREFIX;
  buf.set(data, 1);
  return bytesToHex(sha256(buf));
}

/**
 * SHA-256(0x01 || left || right). Accepts hex of any length, like the RFC hasher it mirrors
 * (known-answer tests feed it short byte strings); the tree functions enforce 32 bytes.
 */
export function hashChildren(left: string, right: string): string {
  return bytesToHex(nodeBytes(hexToBytes(left), hexToBytes(right)));
}

/**
 * The ranges whose hashes make up the audit path for leaf `index` in a tree of `treeSize`
 * leaves, one per proof element, leaf level first (proof order).
 *
 * Every range is a node of the RFC tree shape: its start is a multiple of the smallest power of
 * two >= its size. Ranges left of the leaf are complete, power-of-two sized subtrees. A range
 * right of the leaf may be a ragged right edge (e.g. leaves 4..6 of a 7-leaf tree); its hash is
 * the right fold of `completeSubtrees(range)`. So a store that keeps the hash of each complete
 * aligned subtree serves any proof with O(log n) reads: see `subtreeHashFromComplete`.
 */
export function inclusionProofRanges(index: number, treeSize: number): SubtreeRange[] {
  requireCount(index, 'index');
  requireCount(treeSize, 'treeSize');
  if (index >= treeSize) throw new RangeError(`index ${index} is not below treeSize ${treeSize}`);
  // Walk down from the root (RFC 9162 §2.1.3.1 PATH), then reverse into audit-path order.
  const topDown: SubtreeRange[] = [];
  let start = 0;
  let size = treeSize;
  let m = index;
  while (size > 1) {
    const k = splitPoint(size);
    if (m < k) {
      topDown.push({ start: start + k, size: size - k });
      size = k;
    } else {
      topDown.push({ start, size: k });
      start += k;
      m -= k;
      size -= k;
    }
  }
  return topDown.reverse();
}

/**
 * The ranges whose hashes make up the consistency proof from `oldSize` to `newSize`
 * (RFC 9162 §2.1.4.1 SUBPROOF), one per proof element, in proof order. Same shape guarantees
 * as `inclusionProofRanges`: left of the old tree's edge everything is a complete subtree; the
 * first element may be a subtree ending exactly at oldSize, later ones may be ragged right edges.
 * Empty when oldSize is 0 or equals newSize: there is nothing to prove.
 */
export function consistencyProofRanges(oldSize: number, newSize: number): SubtreeRange[] {
  requireCount(oldSize, 'oldSize');
  requireCount(newSize, 'newSize');
  if (oldSize > newSize) throw new RangeError(`oldSize ${oldSize} exceeds newSize ${newSize}`);
  if (oldSize === 0) return [];
  const topDown: SubtreeRange[] = [];
  let start = 0;
  let size = newSize;
  let m = oldSize;
  // True while the current node is still the left edge of the tree, whose hash the verifier
  // already holds as the old root (the RFC's flag b).
  let onOldRoot = true;
  while (m !== size) {
    const k = splitPoint(size);
    if (m <= k) {
      topDown.push({ start: start + k, size: size - k });
      size = k;
    } else {
      topDown.push({ start, size: k });
      start += k;
      m -= k;
      size -= k;
      onOldRoot = false;
    }
  }
  if (!onOldRoot) topDown.push({ start, size });
  return topDown.reverse();
}

/**
 * Splits a tree-shaped range (start a multiple of the smallest power of two >= size) into
 * complete power-of-two subtrees, largest first. MTH of the range is
 * node(h0, node(h1, ... node(h[n-2], h[n-1]))) over their hashes.
 */
export function completeSubtrees(start: number, size: number): SubtreeRange[] {
  requireCount(start, 'start');
  requireCount(size, 'size');
  let span = 1;
  while (span < size) span *= 2;
  if (start % span !== 0) throw new RangeError(`range (${start}, ${size}) is not a tree node`);
  const parts: SubtreeRange[] = [];
  let rest = size;
  let at = start;
  while (rest > 0) {
    const k = isPowerOfTwo(rest) ? rest : splitPoint(rest);
    parts.push({ start: at, size: k });
    at += k;
    rest -= k;
  }
  return parts;
}

/**
 * Adapts a lookup of complete aligned subtree hashes (what a database stores) into a
 * `SubtreeHashFn` for any tree-shaped range. `completeHash` is only ever called with a
 * power-of-two size and a start that is a multiple of it; at most log2(size) + 1 times per range.
 */
export function subtreeHashFromComplete(completeHash: SubtreeHashFn): SubtreeHashFn {
  return (start, size) => {
    const parts = completeSubtrees(start, size);
    let acc: Uint8Array | null = null;
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!;
      const h = requireHash(
        completeHash(part.start, part.size),
        `hash of (${part.start}, ${part.size})`,
      );
      acc = acc === null ? h : nodeBytes(h, acc);
    }
    return acc === null ? EMPTY_ROOT : bytesToHex(acc);
  };
}

/**
 * A `SubtreeHashFn` computing MTH over any slice of an in-memory list of leaf hashes
 * (O(size) hashes per call). Throws if the slice is out of bounds or touches a malformed hash.
 */
export function subtreeHashFromLeaves(leafHashes: readonly string[]): SubtreeHashFn {
  const leaf = (i: number) => requireHash(leafHashes[i], `leaf hash ${i}`);
  const mth = (start: number, size: number): Uint8Array => {
    if (size === 1) return leaf(start);
    const k = splitPoint(size);
    return nodeBytes(mth(start, k), mth(start + k, size - k));
  };
  return (start, size) => {
    requireCount(start, 'start');
    requireCount(size, 'size');
    if (start + size > leafHashes.length) {
      throw new RangeError(`range (${start}, ${size}) exceeds ${leafHashes.length} leaves`);
    }
    return size === 0 ? EMPTY_ROOT : bytesToHex(mth(start, size));
  };
}

/** MTH of the whole list; EMPTY_ROOT for no leaves. */
export function rootFromLeafHashes(leafHashes: readonly string[]): string {
  return subtreeHashFromLeaves(leafHashes)(0, leafHashes.length);
}

function fetchAll(ranges: SubtreeRange[], subtreeHash: SubtreeHashFn): string[] {
  return ranges.map(({ start, size }) => {
    const h = subtreeHash(start, size);
    if (!isHash(h)) throw new TypeError(`subtreeHash(${start}, ${size}) returned a non-hash`);
    return h;
  });
}

/** Audit path for `index`, reading node hashes through `subtreeHash` (any range may be asked). */
export function inclusionProofFrom(
  index: number,
  treeSize: number,
  subtreeHash: SubtreeHashFn,
): string[] {
  return fetchAll(inclusionProofRanges(index, treeSize), subtreeHash);
}

/** Consistency proof from `oldSize` to `newSize`, reading node hashes through `subtreeHash`. */
export function consistencyProofFrom(
  oldSize: number,
  newSize: number,
  subtreeHash: SubtreeHashFn,
): string[] {
  return fetchAll(consistencyProofRanges(oldSize, newSize), subtreeHash);
}

/** Audit path for leaf `index` in the tree made of all of `leafHashes`. */
export function inclusionProof(leafHashes: readonly string[], index: number): string[] {
  return inclusionProofFrom(index, leafHashes.length, subtreeHashFromLeaves(leafHashes));
}

/** Proof that the first `oldSize` leaves are a prefix of the tree made of all of `leafHashes`. */
export function consistencyProof(leafHashes: readonly string[], oldSize: number): string[] {
  return consistencyProofFrom(oldSize, leafHashes.length, subtreeHashFromLeaves(leafHashes));
}

function isHashList(proof: unknown): proof is string[] {
  return Array.isArray(proof) && proof.every(isHash);
}

/** The RFC's "right-shift fn and sn until LSB(fn) is set or fn is 0". */
function shiftWhileEven(fn: number, sn: number): [number, number] {
  while (fn !== 0 && fn % 2 === 0) {
    fn /= 2;
    sn = Math.floor(sn / 2);
  }
  return [fn, sn];
}

/** RFC 9162 §2.1.3.2. False for any malformed argument, including a leaf hash not 32 bytes. */
export function verifyInclusion(
  leafHash: string,
  index: number,
  treeSize: number,
  proof: string[],
  root: string,
): boolean {
  if (!isCount(index) || !isCount(treeSize) || index >= treeSize) return false;
  if (!isHash(leafHash) || !isHash(root) || !isHashList(proof)) return false;
  // Implied by the loop below, but checking first means a wrong shape costs no hashing.
  if (proof.length !== inclusionProofRanges(index, treeSize).length) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = hexToBytes(leafHash);
  for (const p of proof) {
    if (sn === 0) return false;
    const c = hexToBytes(p);
    if (fn % 2 === 1 || fn === sn) {
      r = nodeBytes(c, r);
      [fn, sn] = shiftWhileEven(fn, sn);
    } else {
      r = nodeBytes(r, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesToHex(r) === root;
}

/** RFC 9162 §2.1.4.2, plus the equal-size and size-0 rules the RFC leaves to the caller. */
export function verifyConsistency(
  oldSize: number,
  newSize: number,
  oldRoot: string,
  newRoot: string,
  proof: string[],
  options: ConsistencyOptions = {},
): boolean {
  if (!isCount(oldSize) || !isCount(newSize) || oldSize > newSize || !Array.isArray(proof)) {
    return false;
  }
  if (oldSize === 0) {
    if (options.acceptEmptyOldTree !== true) return false;
    const newOk = newSize === 0 ? newRoot === EMPTY_ROOT : isHash(newRoot);
    return proof.length === 0 && oldRoot === EMPTY_ROOT && newOk;
  }
  if (oldSize === newSize) {
    // Same tree, so only byte equality is checked; the length is deliberately not, matching
    // transparency-dev (its vector "sizes are equal (one) and proof is empty" uses 12-byte roots).
    return proof.length === 0 && isLowerHex(oldRoot) && oldRoot !== '' && oldRoot === newRoot;
  }
  if (!isHash(oldRoot) || !isHash(newRoot) || !isHashList(proof)) return false;
  if (proof.length !== consistencyProofRanges(oldSize, newSize).length) return false;
  const path = proof.map(hexToBytes);
  // When the old tree is a complete subtree the prover omits its hash; the verifier has it.
  if (isPowerOfTwo(oldSize)) path.unshift(hexToBytes(oldRoot));
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (fn % 2 === 1) {
    fn = (fn - 1) / 2;
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = fr;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeBytes(c, fr);
      sr = nodeBytes(c, sr);
      [fn, sn] = shiftWhileEven(fn, sn);
    } else {
      sr = nodeBytes(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesToHex(fr) === oldRoot && bytesToHex(sr) === newRoot;
}
