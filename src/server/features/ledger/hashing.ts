import { createHash } from 'node:crypto';

/*
 * RFC 9162 hashing on node:crypto for the server's hot paths (appends, full verification).
 * Same results as src/shared/ledger/merkle.ts, which the tests check; that one is pure JS so
 * the browser can run it, this one uses the native SHA-256.
 */

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** SHA-256(0x00 || utf8(leaf)) as lowercase hex. */
export function leafHashOf(leaf: string): string {
  return createHash('sha256').update(LEAF_PREFIX).update(leaf, 'utf8').digest('hex');
}

/** SHA-256(0x01 || left || right) over two 32-byte hashes given as hex. */
export function nodeHashOf(left: string, right: string): string {
  return createHash('sha256')
    .update(NODE_PREFIX)
    .update(Buffer.from(left, 'hex'))
    .update(Buffer.from(right, 'hex'))
    .digest('hex');
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
