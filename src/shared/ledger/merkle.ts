/**
 * RFC 9162 §2.1 Merkle trees (same as RFC 6962 §2.1): hashing, proofs, verification. Pure and
 * synchronous so the browser checks proofs with the code the server made them with.
 *
 * Hashes are 32-byte lowercase hex. Sizes and indices are numbers up to 2^53 - 1, only ever halved
 * with Math.floor and tested with `% 2`: bitwise operators truncate to 32 bits, and real logs are
 * past 2^31 leaves. Provers throw on bad arguments (a caller bug); verifiers only answer false.
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
   * RFC 9162 only defines consistency for oldSize > 0. Default false, as in transparency-dev:
   * a client that has seen no tree has nothing to check, so accepting would hide a caller bug.
   * True gives CCTV's rule: from (0, EMPTY_ROOT) an empty proof reaches any well-formed root
   * (EMPTY_ROOT itself when newSize is 0).
   */
  acceptEmptyOldTree?: boolean;
}

const HASH_RE = /^[0-9a-f]{64}$/;

/** MTH of the empty tree: SHA-256 of the empty string. */
export const EMPTY_ROOT = bytesToHex(sha256(new Uint8Array(0)));

/** True for exactly 64 lowercase hex characters. */
export function isHash(s: unknown): s is string {
  return typeof s === 'string' && HASH_RE.test(s);
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

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

function nodeBytes(left: Uint8Array, right: Uint8Array): Uint8Array {
  const buf = new Uint8Array(1 + left.length + right.length);
  buf[0] = 0x01;
  buf.set(left, 1);
  buf.set(right, 1 + left.length);
  return sha256(buf);
}

/** SHA-256(0x00 || data): the hash of one log entry. */
export function hashLeaf(data: Uint8Array): string {
  const buf = new Uint8Array(data.length + 1);
  buf[0] = 0x00; // RFC 9162 domain separation: leaves 0x00, nodes 0x01
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
 * Walks from the root down to leaf `leaf` as RFC 9162 §2.1.3.1 PATH and §2.1.4.1 SUBPROOF do,
 * stopping early, if asked, at the first node whose last leaf is `leaf`. Returns the siblings
 * passed on the way in proof order (bottom-up), the node reached, and whether the walk ever
 * went right, i.e. whether that node is not on the tree's left edge.
 */
function descend(leaf: number, treeSize: number, stopAtLastLeaf: boolean) {
  const siblings: SubtreeRange[] = [];
  let start = 0;
  let size = treeSize;
  let m = leaf;
  let wentRight = false;
  while (size > 1 && !(stopAtLastLeaf && m === size - 1)) {
    const k = splitPoint(size);
    if (m < k) {
      siblings.push({ start: start + k, size: size - k });
      size = k;
    } else {
      siblings.push({ start, size: k });
      start += k;
      m -= k;
      size -= k;
      wentRight = true;
    }
  }
  return { siblings: siblings.reverse(), node: { start, size }, wentRight };
}

/**
 * The leaf ranges whose hashes form the audit path of leaf `index` in a tree of `treeSize`
 * leaves: one per proof element, in proof order (leaf level first).
 *
 * Each range is a node of the RFC tree: its start is a multiple of the smallest power of two
 * >= its size. Ranges left of the leaf are complete power-of-two subtrees; ranges right of it
 * may be ragged right edges (leaves 4..6 of a 7-leaf tree), whose hash is the right fold of
 * their `completeSubtrees`. So a store holding only complete aligned subtree hashes can serve
 * any proof with O(log n) reads; `subtreeHashFromComplete` does that fold.
 */
export function inclusionProofRanges(index: number, treeSize: number): SubtreeRange[] {
  requireCount(index, 'index');
  requireCount(treeSize, 'treeSize');
  if (index >= treeSize) throw new RangeError(`index ${index} is not below treeSize ${treeSize}`);
  return descend(index, treeSize, false).siblings;
}

/**
 * The leaf ranges whose hashes form the consistency proof from `oldSize` to `newSize`
 * (RFC 9162 §2.1.4.1), in proof order; same shape guarantees as `inclusionProofRanges`.
 * Empty when oldSize is 0 or equals newSize: there is nothing to prove.
 */
export function consistencyProofRanges(oldSize: number, newSize: number): SubtreeRange[] {
  requireCount(oldSize, 'oldSize');
  requireCount(newSize, 'newSize');
  if (oldSize > newSize) throw new RangeError(`oldSize ${oldSize} exceeds newSize ${newSize}`);
  if (oldSize === 0) return [];
  // Descend towards the old tree's last leaf until a node ends exactly there. On the left edge
  // that node is the old tree itself, which the verifier holds; otherwise it leads the proof.
  const { siblings, node, wentRight } = descend(oldSize - 1, newSize, true);
  return wentRight ? [node, ...siblings] : siblings;
}

/**
 * Splits a tree-shaped range (start a multiple of the smallest power of two >= size) into
 * complete power-of-two subtrees, largest first. MTH of the range is
 * node(h0, node(h1, ... node(h[n-2], h[n-1]))) over their hashes.
 */
export function completeSubtrees(start: number, size: number): SubtreeRange[] {
  requireCount(start, 'start');
  requireCount(size, 'size');
  const span = size <= 1 ? 1 : 2 * splitPoint(size);
  if (start % span !== 0) throw new RangeError(`range (${start}, ${size}) is not a tree node`);
  const parts: SubtreeRange[] = [];
  let rest = size;
  let at = start;
  while (rest > 0) {
    const k = splitPoint(rest + 1);
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
    if (isHash(h)) return h;
    throw new TypeError(`subtreeHash(${start}, ${size}) returned a non-hash`);
  });
}

/**
 * Audit path for `index`, reading node hashes through `subtreeHash`. It is asked for tree-node
 * ranges that may be ragged right edges, not only complete subtrees; to serve them from a store
 * of complete subtrees, wrap the store with `subtreeHashFromComplete`.
 */
export function inclusionProofFrom(
  index: number,
  treeSize: number,
  subtreeHash: SubtreeHashFn,
): string[] {
  return fetchAll(inclusionProofRanges(index, treeSize), subtreeHash);
}

/** Consistency proof from `oldSize` to `newSize`; `subtreeHash` as for `inclusionProofFrom`. */
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

const isHashList = (p: unknown): p is string[] => Array.isArray(p) && p.every(isHash);

/**
 * The loop shared by RFC 9162 §2.1.3.2 step 4 and §2.1.4.2 step 6: `sr` absorbs every path
 * element, `fr` (kept only for consistency) just the left siblings. Null if the path is too long
 * or too short for the sizes.
 */
function climb(fn: number, sn: number, seed: Uint8Array, path: Uint8Array[], withOld: boolean) {
  let fr = seed;
  let sr = seed;
  for (const c of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      if (withOld) fr = nodeBytes(c, fr);
      sr = nodeBytes(c, sr);
      while (fn !== 0 && fn % 2 === 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeBytes(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? { fr, sr } : null;
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
  // Implied by the loop, but checking first means a proof of the wrong shape costs no hashing.
  if (proof.length !== inclusionProofRanges(index, treeSize).length) return false;
  const end = climb(index, treeSize - 1, hexToBytes(leafHash), proof.map(hexToBytes), false);
  return end !== null && bytesToHex(end.sr) === root;
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
    if (options?.acceptEmptyOldTree !== true) return false;
    const newOk = newSize === 0 ? newRoot === EMPTY_ROOT : isHash(newRoot);
    return proof.length === 0 && oldRoot === EMPTY_ROOT && newOk;
  }
  if (oldSize === newSize) {
    // Same tree: only byte equality is checked, not the length, as in transparency-dev (its
    // vector "sizes are equal (one) and proof is empty" expects true for 12-byte roots).
    return proof.length === 0 && isLowerHex(oldRoot) && oldRoot !== '' && oldRoot === newRoot;
  }
  if (!isHash(oldRoot) || !isHash(newRoot) || !isHashList(proof)) return false;
  if (proof.length !== consistencyProofRanges(oldSize, newSize).length) return false;
  const path = proof.map(hexToBytes);
  // A complete old tree is itself a node of the new one, so the prover leaves its hash out.
  if (splitPoint(oldSize + 1) === oldSize) path.unshift(hexToBytes(oldRoot));
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (fn % 2 === 1) {
    fn = (fn - 1) / 2;
    sn = Math.floor(sn / 2);
  }
  const end = climb(fn, sn, path[0]!, path.slice(1), true);
  return end !== null && bytesToHex(end.fr) === oldRoot && bytesToHex(end.sr) === newRoot;
}
