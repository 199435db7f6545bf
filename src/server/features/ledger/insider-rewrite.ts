import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { canonicalize } from '@shared/ledger/canonical-json';
import { EMPTY_ROOT } from '@shared/ledger/merkle';
import type { Database } from '../../db/client';
import { ledgerHeads, ledgerKeys, ledgerLeaves, ledgerNodes, ledgerStates } from '../../db/schema';
import { Frontier, leafHashOf } from './hashing';
import { signCheckpoint, signHead } from './heads';
import type { LedgerKeyVault } from './keys';

/**
 * For tests only (integration and end-to-end): the attack the witnesses and auditors' stored
 * checkpoints exist to expose.
 *
 * What an insider with write access to the database AND the organization's private key can do:
 * change one training record's field in its row and in its latest leaf, then recompute every
 * hash above it and re-sign every head and checkpoint, so that the database is consistent with
 * itself again. Only something kept outside the database (a witness, an auditor's stored
 * checkpoint) can tell. Returns the leaf index changed.
 */
export async function rewriteHistory(
  db: Database,
  vault: LedgerKeyVault,
  organizationId: string,
  change: { recordId: string; field: string; column: string; value: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const leaves = await tx
      .select()
      .from(ledgerLeaves)
      .where(eq(ledgerLeaves.organizationId, organizationId))
      .orderBy(asc(ledgerLeaves.leafIndex));
    const target = leaves.filter((l) => l.recordId === change.recordId).at(-1);
    if (!target) throw new Error(`no leaf for record ${change.recordId}`);
    const leaf = JSON.parse(target.leaf) as { data: Record<string, unknown> };
    leaf.data[change.field] = change.value;
    target.leaf = canonicalize(leaf);
    target.leafHash = leafHashOf(target.leaf);
    await tx
      .update(ledgerLeaves)
      .set({ leaf: target.leaf, leafHash: target.leafHash })
      .where(
        and(
          eq(ledgerLeaves.organizationId, organizationId),
          eq(ledgerLeaves.leafIndex, target.leafIndex),
        ),
      );
    await tx.execute(
      sql`update training_events set ${sql.identifier(change.column)} = ${change.value},
        blockchain_hash = ${target.leafHash} where id = ${change.recordId}`,
    );

    // Every subtree hash again, and the root at each size a head was signed at.
    const heads = await tx
      .select()
      .from(ledgerHeads)
      .where(eq(ledgerHeads.organizationId, organizationId));
    const rootAt = new Map<number, string>([[0, EMPTY_ROOT]]);
    const sizes = new Set(heads.map((h) => h.treeSize));
    const nodes: { level: number; nodeIndex: number; hash: string }[] = [];
    const frontier = new Frontier();
    for (const l of leaves) {
      frontier.push(l.leafHash, (level, nodeIndex, hash) => nodes.push({ level, nodeIndex, hash }));
      if (sizes.has(frontier.size)) rootAt.set(frontier.size, frontier.root(EMPTY_ROOT));
    }
    await tx.delete(ledgerNodes).where(eq(ledgerNodes.organizationId, organizationId));
    for (let i = 0; i < nodes.length; i += 5000) {
      await tx
        .insert(ledgerNodes)
        .values(nodes.slice(i, i + 5000).map((n) => ({ organizationId, ...n })));
    }
    await tx
      .update(ledgerStates)
      .set({ rootHash: frontier.root(EMPTY_ROOT), frontier: frontier.stack })
      .where(eq(ledgerStates.organizationId, organizationId));

    const keys = await tx
      .select()
      .from(ledgerKeys)
      .where(eq(ledgerKeys.organizationId, organizationId));
    for (const head of heads) {
      const key = keys.find((k) => k.id === head.keyId)!;
      const privateKey = await vault.open(key);
      const rootHash = rootAt.get(head.treeSize)!;
      await tx
        .update(ledgerHeads)
        .set({
          rootHash,
          signature: signHead(privateKey, { ...head, rootHash }),
          checkpointSignature: signCheckpoint(privateKey, key, {
            treeSize: head.treeSize,
            rootHash,
          }),
        })
        .where(eq(ledgerHeads.id, head.id));
    }
    return target.leafIndex;
  });
}

/**
 * For tests only: the log cut back to its first `keep` leaves (a restore of an old backup, or an
 * insider removing recent records), with the state recomputed and the heads past it deleted, so
 * the database is consistent with itself at the smaller size.
 */
export async function truncateHistory(db: Database, organizationId: string, keep: number) {
  await db.transaction(async (tx) => {
    const leaves = await tx
      .select({ leafHash: ledgerLeaves.leafHash })
      .from(ledgerLeaves)
      .where(and(eq(ledgerLeaves.organizationId, organizationId), lt(ledgerLeaves.leafIndex, keep)))
      .orderBy(asc(ledgerLeaves.leafIndex));
    const frontier = new Frontier();
    for (const l of leaves) frontier.push(l.leafHash, () => undefined);
    await tx
      .delete(ledgerLeaves)
      .where(
        and(eq(ledgerLeaves.organizationId, organizationId), gte(ledgerLeaves.leafIndex, keep)),
      );
    await tx.execute(
      sql`delete from ledger_nodes where organization_id = ${organizationId}
        and (node_index + 1) * power(2, level) > ${keep}`,
    );
    await tx
      .delete(ledgerHeads)
      .where(and(eq(ledgerHeads.organizationId, organizationId), gt(ledgerHeads.treeSize, keep)));
    await tx
      .update(ledgerStates)
      .set({ treeSize: keep, rootHash: frontier.root(EMPTY_ROOT), frontier: frontier.stack })
      .where(eq(ledgerStates.organizationId, organizationId));
  });
}
