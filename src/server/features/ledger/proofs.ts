import {
  completeSubtrees,
  consistencyProofFrom,
  consistencyProofRanges,
  EMPTY_ROOT,
  inclusionProofFrom,
  inclusionProofRanges,
  type SubtreeHashFn,
  type SubtreeRange,
} from '@shared/ledger/merkle';
import type { DbOrTx } from '../../db/client';
import { nodeHashOf } from './hashing';
import { rawRows } from './raw-query';

/** log2 of a power of two, without 32-bit bitwise operators (sizes can pass 2^31). */
function levelOf(size: number): number {
  let level = 0;
  for (let s = size; s > 1; s /= 2) level++;
  return level;
}

const key = (level: number, index: number) => `${level}:${index}`;

interface Row {
  level: number | string;
  idx: number | string | bigint;
  hash: string;
}

/**
 * Reads, in one query, the stored hashes of every complete subtree that the tree-shaped
 * `ranges` decompose into (O(log n) rows per range), and returns a SubtreeHashFn over them.
 * Level-0 hashes come from the leaves, higher ones from ledger_nodes, each looked up by primary
 * key: the (level, index) pairs go in as two arrays and are joined against the table, so the
 * plan is one index probe per hash whatever the planner's statistics say. The hash of an
 * incomplete subtree on the right edge is folded from its complete parts with the native
 * SHA-256.
 */
export async function storedSubtreeHashes(
  db: DbOrTx,
  organizationId: string,
  ranges: SubtreeRange[],
): Promise<SubtreeHashFn> {
  const leafIndices: number[] = [];
  const levels: number[] = [];
  const indices: number[] = [];
  const wanted = new Set<string>();
  for (const range of ranges) {
    if (range.size === 0) continue;
    for (const part of completeSubtrees(range.start, range.size)) {
      const level = levelOf(part.size);
      const index = part.start / part.size;
      const k = key(level, index);
      if (wanted.has(k)) continue;
      wanted.add(k);
      if (level === 0) leafIndices.push(index);
      else {
        levels.push(level);
        indices.push(index);
      }
    }
  }
  const rows = await rawRows<Row>(
    db,
    `select 0 as level, leaf_index as idx, leaf_hash as hash from ledger_leaves
       where organization_id = $1 and leaf_index = any($2::bigint[])
     union all
     select n.level, n.node_index, n.hash
       from unnest($3::smallint[], $4::bigint[]) as k(level, idx)
       join ledger_nodes n on n.organization_id = $1 and n.level = k.level and n.node_index = k.idx`,
    [organizationId, leafIndices, levels, indices],
  );
  const hashes = new Map<string, string>();
  for (const row of rows) hashes.set(key(Number(row.level), Number(row.idx)), row.hash);
  const complete = (start: number, size: number) => {
    const hash = hashes.get(key(levelOf(size), start / size));
    if (hash === undefined) {
      // Storage lost a node the log must have: an integrity failure, which /api/ledger/verify locates.
      throw new Error(`ledger storage has no hash for subtree (${start}, ${size})`);
    }
    return hash;
  };
  return (start, size) => {
    const parts = completeSubtrees(start, size);
    if (parts.length === 0) return EMPTY_ROOT;
    let hash = complete(parts[parts.length - 1]!.start, parts[parts.length - 1]!.size);
    for (let i = parts.length - 2; i >= 0; i--) {
      hash = nodeHashOf(complete(parts[i]!.start, parts[i]!.size), hash);
    }
    return hash;
  };
}

/** RFC 9162 audit path of leaf `index` in the tree of `treeSize` leaves, from stored hashes. */
export async function storedInclusionProof(
  db: DbOrTx,
  organizationId: string,
  index: number,
  treeSize: number,
): Promise<string[]> {
  const ranges = inclusionProofRanges(index, treeSize);
  const lookup = await storedSubtreeHashes(db, organizationId, ranges);
  return inclusionProofFrom(index, treeSize, lookup);
}

/** Consistency proof between two sizes, with the roots of both trees. */
export async function storedConsistencyProof(
  db: DbOrTx,
  organizationId: string,
  fromSize: number,
  toSize: number,
) {
  const ranges = consistencyProofRanges(fromSize, toSize);
  const lookup = await storedSubtreeHashes(db, organizationId, [
    ...ranges,
    { start: 0, size: fromSize },
    { start: 0, size: toSize },
  ]);
  return {
    proof: consistencyProofFrom(fromSize, toSize, lookup),
    fromRoot: lookup(0, fromSize),
    toRoot: lookup(0, toSize),
  };
}
