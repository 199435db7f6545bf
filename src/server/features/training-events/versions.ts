import { PROOF_BUNDLE_FORMAT, type ProofBundle } from '@shared/api/ledger';
import { LEDGER_FIELDS, type TrainingEventVersion } from '@shared/api/training-events';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import {
  checkpointOfHead,
  getInclusionProof,
  preferCosignedHead,
  recordLeaves,
  type LedgerSigning,
} from '../ledger/service';
import { usersOf } from '../users/repository';
import { toTrainingEvent, trainingEventsOf } from './repository';

interface VersionLeaf {
  version: number;
  recordedAt: string;
  data: Record<string, string | null>;
}

/** Every version of a record, read back from its leaves: who changed what, and when. */
export async function listVersions(
  db: Database,
  actor: Actor,
  id: string,
): Promise<TrainingEventVersion[]> {
  const event = await trainingEventsOf(db, actor).find(id);
  if (!event) throw notFound('Training event');
  const leaves = await recordLeaves(db, actor.organizationId, 'training_event', id);
  const parsed = leaves.map((l) => JSON.parse(l.leaf) as VersionLeaf);
  const authorIds = [
    ...new Set(parsed.map((p) => p.data.changedBy).filter((v): v is string => !!v)),
  ];
  const authors = await usersOf(db, actor.organizationId).names(authorIds);
  const byId = new Map(authors.map((a) => [a.id, a]));

  return leaves.map((leaf, i) => {
    const { data, recordedAt } = parsed[i]!;
    const before = i > 0 ? parsed[i - 1]!.data : null;
    const author = data.changedBy ? byId.get(data.changedBy) : undefined;
    return {
      version: leaf.version,
      ledgerIndex: leaf.leafIndex,
      leafHash: leaf.leafHash,
      recordedAt,
      changedBy: author
        ? {
            id: author.id,
            name: `${author.firstName} ${author.lastName}`.trim(),
            email: author.email,
          }
        : null,
      // The first version lists every field it set; later ones what differs from the one before.
      changes: LEDGER_FIELDS.flatMap((field) => {
        const from = before ? (before[field] ?? null) : null;
        const to = data[field] ?? null;
        return (before ? from !== to : to !== null) ? [{ field, from, to }] : [];
      }),
    };
  });
}

/**
 * The downloadable bundle: the record as shown, its latest leaf, the audit path to a signed head
 * (the latest one witnesses cosigned, when one holds the leaf), the key that signed that head and
 * the head as a checkpoint note with the witnesses' cosignatures.
 */
export async function buildProofBundle(
  db: Database,
  signing: LedgerSigning,
  actor: Actor,
  id: string,
): Promise<ProofBundle> {
  const row = await trainingEventsOf(db, actor).find(id);
  if (!row) throw notFound('Training event');
  if (row.ledgerIndex === null) throw conflict('This record has not been submitted to the ledger');
  const proof = await preferCosignedHead(
    db,
    await getInclusionProof(db, signing, actor, id),
    actor.organizationId,
  );
  const signed = await checkpointOfHead(db, actor.organizationId, proof.head.treeSize);
  return {
    format: PROOF_BUNDLE_FORMAT,
    generatedAt: new Date().toISOString(),
    record: toTrainingEvent(row),
    leaf: { canonical: proof.leaf, index: proof.leafIndex, hash: proof.leafHash },
    proof: { treeSize: proof.treeSize, auditPath: proof.auditPath },
    head: proof.head,
    publicKey: signed.publicKey,
    checkpoint: signed.note,
  };
}
