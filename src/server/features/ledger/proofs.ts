import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  completeSubtrees,
  consistencyProofFrom,
  consistencyProofRanges,
  inclusionProofFrom,
  inclusionProofRanges,
  subtreeHashFromComplete,
  type SubtreeHashFn,
  type SubtreeRange,
} from '@shared/ledger/merkle';
import type { DbOrTx } from '../../db/client';
import { ledgerLeaves, ledgerNodes } from '../../db/schema';

/** log2 of a power of two, without 32-bit bitwise operators (sizes can pass 2^31). */
function levelOf(size: number): number {
  let level = 0;
  for (let s = size; s > 1; s /= 2) level++;
  return level;
}

const key = (level: number, index: number) => `${level}:${index}`;

/**
 * Reads, in two queries, the stored hashes of every complete subtree that the tree-shaped
 * `ranges` decompose into (O(log n) rows per range), and returns a SubtreeHashFn over them.
 * Level-0 hashes come from the leaves, higher ones from ledger_nodes.
 */
export async function storedSubtreeHashes(
  db: DbOrTx,
  organizationId: string,
  ranges: SubtreeRange[],
): Promise<SubtreeHashFn> {
  const leafIndices = new Set<number>();
  const nodesByLevel = new Map<number, Set<number>>();
  for (const range of ranges) {
    if (range.size === 0) continue;
    for (const part of completeSubtrees(range.start, range.size)) {
      const level = levelOf(part.size);
      const index = part.start / part.size;
      if (level === 0) leafIndices.add(index);
      else {
        const set = nodesByLevel.get(level) ?? new Set<number>();
        set.add(index);
        nodesByLevel.set(level, set);
      }
    }
  }
  // Both kinds in one round trip: level 0 from the leaves, the rest from the nodes.
  const none = sql`false`;
  const leaves = db
    .select({
      level: sql<number>`0::smallint`.as('level'),
      index: ledgerLeaves.leafIndex,
      hash: ledgerLeaves.leafHash,
    })
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, organizationId),
        leafIndices.size > 0 ? inArray(ledgerLeaves.leafIndex, [...leafIndices]) : none,
      ),
    );
  const nodes = db
    .select({ level: ledgerNodes.level, index: ledgerNodes.nodeIndex, hash: ledgerNodes.hash })
    .from(ledgerNodes)
    .where(
      and(
        eq(ledgerNodes.organizationId, organizationId),
        nodesByLevel.size > 0
          ? or(
              ...[...nodesByLevel].map(([level, indices]) =>
                and(eq(ledgerNodes.level, level), inArray(ledgerNodes.nodeIndex, [...indices])),
              ),
            )
          : none,
      ),
    );
  const hashes = new Map<string, string>();
  for (const row of await unionAll(leaves, nodes))
    hashes.set(key(Number(row.level), Number(row.index)), row.hash);
  return subtreeHashFromComplete((start, size) => {
    const level = levelOf(size);
    const hash = hashes.get(key(level, start / size));
    if (hash === undefined) {
      // Storage lost a node the log must have: an integrity failure, which /api/ledger/verify locates.
      throw new Error(`ledger storage has no hash for subtree (${start}, ${size})`);
    }
    return hash;
  });
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
