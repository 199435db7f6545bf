import { and, desc, eq } from 'drizzle-orm';
import type { ConsistencyProof, InclusionProof, LeafType } from '@shared/api/ledger';
import type { Database } from '../../db/client';
import { ledgerLeaves, trainingEventAssignments } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { invalid, notFound } from '../../http/errors';
import { currentHead, headAtSize } from './heads';
import { storedConsistencyProof, storedInclusionProof } from './proofs';

/** The leaf of a record's version (latest when `version` is absent), in the caller's organization. */
export async function findLeaf(
  db: Database,
  organizationId: string,
  recordId: string,
  version?: number,
) {
  const [row] = await db
    .select()
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, organizationId),
        eq(ledgerLeaves.recordId, recordId),
        version === undefined ? undefined : eq(ledgerLeaves.version, version),
      ),
    )
    .orderBy(desc(ledgerLeaves.version))
    .limit(1);
  return row;
}

/** Viewers see proofs only for training events assigned to them (DESIGN.md §4). */
async function visibleTo(db: Database, actor: Actor, recordType: string, recordId: string) {
  if (actor.role !== 'viewer') return true;
  if (recordType !== 'training_event') return false;
  const [row] = await db
    .select({ id: trainingEventAssignments.trainingEventId })
    .from(trainingEventAssignments)
    .where(
      and(
        eq(trainingEventAssignments.trainingEventId, recordId),
        eq(trainingEventAssignments.userId, actor.userId),
        eq(trainingEventAssignments.organizationId, actor.organizationId),
      ),
    );
  return row !== undefined;
}

/** Leaf, index, audit path and a signed head covering it. */
export async function getInclusionProof(
  db: Database,
  actor: Actor,
  recordId: string,
  version?: number,
): Promise<InclusionProof> {
  const leaf = await findLeaf(db, actor.organizationId, recordId, version);
  if (!leaf || !(await visibleTo(db, actor, leaf.recordType, recordId))) {
    throw notFound(version === undefined ? 'Record' : 'Record version');
  }
  const head = await currentHead(db, actor.organizationId);
  return {
    recordType: leaf.recordType as LeafType,
    recordId,
    version: leaf.version,
    leaf: leaf.leaf,
    leafIndex: leaf.leafIndex,
    leafHash: leaf.leafHash,
    treeSize: head.treeSize,
    auditPath: await storedInclusionProof(db, actor.organizationId, leaf.leafIndex, head.treeSize),
    head,
  };
}

/** Proof that the log of `from` leaves is a prefix of the log of `to` leaves (the latest head's by default). */
export async function getConsistencyProof(
  db: Database,
  actor: Actor,
  from: number,
  to?: number,
): Promise<ConsistencyProof> {
  const head = await currentHead(db, actor.organizationId);
  const toSize = to ?? head.treeSize;
  if (toSize > head.treeSize) {
    throw invalid(`The log has ${head.treeSize} leaves; it cannot prove a tree of ${toSize}`);
  }
  if (from > toSize) throw invalid(`from (${from}) must not exceed to (${toSize})`);
  const { proof, fromRoot, toRoot } = await storedConsistencyProof(
    db,
    actor.organizationId,
    from,
    toSize,
  );
  return {
    fromSize: from,
    toSize,
    fromRoot,
    toRoot,
    proof,
    fromHead: await headAtSize(db, actor.organizationId, from),
    toHead: toSize === head.treeSize ? head : await headAtSize(db, actor.organizationId, toSize),
  };
}
