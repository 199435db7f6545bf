import { hash } from 'node:crypto';

/*
 * RFC 9162 hashing on node:crypto for the server's hot paths (appends, full verification).
 * Same results as src/shared/ledger/merkle.ts, which the tests check; that one is pure JS so
 * the browser can run it, this one uses the native SHA-256.
 */

/*
 * One-shot `crypto.hash` (no Hash object per call) and no Buffer per hash: a leaf is hashed as
 * the string '\u0000' + leaf (U+0000 is the single byte 0x00 in UTF-8), and an interior node's
 * 0x01 || left || right is written into one scratch buffer straight from the two hex strings.
 * About twice as fast as createHash with separate updates, which the full verification and bulk
 * appends notice (one hash per leaf and about one per leaf for the subtrees).
 */

const scratch = Buffer.alloc(65);
scratch[0] = 0x01;

/** SHA-256(0x00 || utf8(leaf)) as lowercase hex. */
export function leafHashOf(leaf: string): string {
  return hash('sha256', `\u0000${leaf}`, 'hex');
}

/** SHA-256(0x01 || left || right) over two 32-byte hashes given as lowercase hex. */
export function nodeHashOf(left: string, right: string): string {
  if (scratch.write(left, 1, 32, 'hex') !== 32 || scratch.write(right, 33, 32, 'hex') !== 32) {
    throw new Error('nodeHashOf: both hashes must be 64 hex characters');
  }
  return hash('sha256', scratch, 'hex');
}

/** MTH of a tree from its frontier (complete subtrees, largest first): a right fold. */
export function rootOfFrontier(frontier: readonly string[], emptyRoot: string): string {
  if (frontier.length === 0) return emptyRoot;
  let root = frontier[frontier.length - 1]!;
  for (let i = frontier.length - 2; i >= 0; i--) root = nodeHashOf(frontier[i]!, root);
  return root;
}

export interface CompletedNode {
  level: number;
  nodeIndex: number;
  hash: string;
}

/**
 * Appends leaf `index` (== the tree size before it) to `frontier` in place, and returns the
 * complete subtrees that this leaf closes: one per trailing 1 bit of the index.
 */
export function pushLeaf(frontier: string[], index: number, leafHash: string): CompletedNode[] {
  const completed: CompletedNode[] = [];
  let hash = leafHash;
  let level = 0;
  let at = index;
  while (at % 2 === 1) {
    hash = nodeHashOf(frontier.pop()!, hash);
    level++;
    at = (at - 1) / 2;
    completed.push({ level, nodeIndex: at, hash });
  }
  frontier.push(hash);
  return completed;
}

/**
 * A tree grown one leaf at a time: its frontier is the stack of complete subtrees along the right
 * edge (O(log n) of them, hex), so the walk never holds more than that.
 */
export class Frontier {
  readonly stack: string[] = [];
  size = 0;

  /**
   * Appends the next leaf; calls `closed` for each complete subtree of two leaves or more that
   * it closes, lowest first (one per trailing 1 bit of the leaf's index).
   */
  push(leafHash: string, closed: (level: number, nodeIndex: number, hash: string) => void): void {
    let node = leafHash;
    let level = 0;
    let at = this.size;
    while (at % 2 === 1) {
      node = nodeHashOf(this.stack.pop()!, node);
      level++;
      at = (at - 1) / 2;
      closed(level, at, node);
    }
    this.stack.push(node);
    this.size++;
  }

  /** MTH of the tree so far. */
  root(emptyRoot: string): string {
    return rootOfFrontier(this.stack, emptyRoot);
  }
}
