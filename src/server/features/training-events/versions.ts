import { and, asc, eq, inArray } from 'drizzle-orm';
import { PROOF_BUNDLE_FORMAT, type ProofBundle } from '@shared/api/ledger';
import { LEDGER_FIELDS, type TrainingEventVersion } from '@shared/api/training-events';
import type { Database } from '../../db/client';
import { ledgerLeaves, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { publicKeyOf } from '../ledger/heads';
import { getInclusionProof } from '../ledger/service';
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
  const leaves = await db
    .select()
    .from(ledgerLeaves)
    .where(
      and(
        eq(ledgerLeaves.organizationId, actor.organizationId),
        eq(ledgerLeaves.recordId, id),
        eq(ledgerLeaves.recordType, 'training_event'),
      ),
    )
    .orderBy(asc(ledgerLeaves.version));
  const parsed = leaves.map((l) => JSON.parse(l.leaf) as VersionLeaf);
  const authorIds = [
    ...new Set(parsed.map((p) => p.data.changedBy).filter((v): v is string => !!v)),
  ];
  const authors = authorIds.length
    ? await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(and(eq(users.organizationId, actor.organizationId), inArray(users.id, authorIds)))
    : [];
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

/** The downloadable bundle: the record as shown, its latest leaf, the audit path, head and key. */
export async function buildProofBundle(
  db: Database,
  actor: Actor,
  id: string,
): Promise<ProofBundle> {
  const row = await trainingEventsOf(db, actor).find(id);
  if (!row) throw notFound('Training event');
  if (row.ledgerIndex === null) throw conflict('This record has not been submitted to the ledger');
  const proof = await getInclusionProof(db, actor, id);
  return {
    format: PROOF_BUNDLE_FORMAT,
    generatedAt: new Date().toISOString(),
    record: toTrainingEvent(row),
    leaf: { canonical: proof.leaf, index: proof.leafIndex, hash: proof.leafHash },
    proof: { treeSize: proof.treeSize, auditPath: proof.auditPath },
    head: proof.head,
    publicKey: await publicKeyOf(db, actor.organizationId),
  };
}
