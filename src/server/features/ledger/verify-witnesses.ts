import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { LedgerMismatch, LedgerVerification } from '@shared/api/ledger';
import {
  formatNote,
  parseCheckpointBody,
  parseNote,
  parseVerifierKey,
  verifyNoteSignature,
} from '@shared/ledger/note';
import type { Database, DbOrTx } from '../../db/client';
import { ledgerCosignatures, ledgerKeys, ledgerWitnesses } from '../../db/schema';
import { detail, Mismatch } from './mismatch';
import { storedConsistencyProof } from './proofs';

/*
 * What the verification learns from witnesses: the cosignatures kept in the database (each
 * checked with its witness's key, then its root against the log as recomputed), and each
 * witness's own latest checkpoint, asked over the network, which no write to this database can
 * change.
 */

export interface CosignedCheckpoint {
  witness: string;
  treeSize: number;
  rootHash: string;
  cosignedAt: Date;
}

/** Kept cosignatures in size order, each verified with its witness's key; a forged one stops here. */
export async function cosignaturesOf(
  tx: DbOrTx,
  organizationId: string,
): Promise<CosignedCheckpoint[]> {
  const rows = await tx
    .select({
      witness: ledgerWitnesses.name,
      vkey: ledgerWitnesses.vkey,
      treeSize: ledgerCosignatures.treeSize,
      rootHash: ledgerCosignatures.rootHash,
      checkpoint: ledgerCosignatures.checkpoint,
      line: ledgerCosignatures.signatureLine,
      cosignedAt: ledgerCosignatures.cosignedAt,
    })
    .from(ledgerCosignatures)
    .innerJoin(ledgerWitnesses, eq(ledgerWitnesses.id, ledgerCosignatures.witnessId))
    .where(eq(ledgerCosignatures.organizationId, organizationId))
    .orderBy(asc(ledgerCosignatures.treeSize));
  const checked: CosignedCheckpoint[] = [];
  for (const row of rows) {
    let valid = false;
    try {
      const body = parseCheckpointBody(row.checkpoint);
      const verdict = await verifyNoteSignature(
        parseNote(formatNote(row.checkpoint, [row.line])),
        parseVerifierKey(row.vkey),
      );
      valid =
        verdict.status === 'valid' &&
        body.treeSize === row.treeSize &&
        body.rootHash === row.rootHash;
    } catch {
      valid = false;
    }
    if (!valid) {
      throw new Mismatch({
        kind: 'cosignature_invalid',
        message: `The cosignature kept for ${row.witness} on the checkpoint of ${row.treeSize} leaves does not verify with that witness's key: it was altered after it was received`,
        treeSize: row.treeSize,
      });
    }
    checked.push(row);
  }
  return checked;
}

/** Throws when the root the witness cosigned is not the root the stored leaves give at that size. */
export function checkCosigned(cosigned: CosignedCheckpoint, root: string) {
  if (cosigned.rootHash === root) return;
  throw new Mismatch({
    kind: 'cosigned_checkpoint',
    message: `${cosigned.witness} cosigned the checkpoint of ${cosigned.treeSize} leaves on ${cosigned.cosignedAt.toISOString()} with root ${cosigned.rootHash}, but the stored leaves give ${root} at that size: the history before it was changed after the witness saw it`,
    treeSize: cosigned.treeSize,
    expected: cosigned.rootHash,
    actual: root,
  });
}

type WitnessResult = LedgerVerification['witnesses'][number];

const WITNESS_TIMEOUT_MS = 5_000;

/**
 * Asks every witness for the latest checkpoint it cosigned for this log (tlog-witness monitoring
 * endpoint) and checks it against the log: same root at that size, and not beyond the log's end.
 * `logTrusted` says the walk found the stored tree intact, so its hashes can answer for a size.
 */
export async function askWitnesses(
  db: Database,
  organizationId: string,
  treeSize: number,
  logTrusted: boolean,
): Promise<WitnessResult[]> {
  const witnesses = await db
    .select()
    .from(ledgerWitnesses)
    .where(
      and(eq(ledgerWitnesses.organizationId, organizationId), isNull(ledgerWitnesses.removedAt)),
    );
  if (witnesses.length === 0) return [];
  const [key] = await db
    .select({ origin: ledgerKeys.origin })
    .from(ledgerKeys)
    .where(eq(ledgerKeys.organizationId, organizationId))
    .limit(1);
  if (!key) return [];
  const originHash = createHash('sha256').update(key.origin).digest('hex');
  return Promise.all(
    witnesses.map(async (witness): Promise<WitnessResult> => {
      const result = (
        status: WitnessResult['status'],
        message: string,
        size: number | null = null,
      ) => ({
        name: witness.name,
        status,
        treeSize: size,
        message,
      });
      let text: string;
      try {
        const response = await fetch(`${witness.url}/${originHash}/checkpoint`, {
          signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS),
          redirect: 'error',
        });
        if (response.status === 404) {
          return result(
            'not_cosigned',
            `${witness.name} has not cosigned a checkpoint of this log yet`,
          );
        }
        if (!response.ok)
          return result('unreachable', `${witness.name} answered HTTP ${response.status}`);
        text = (await response.text()).slice(0, 64 * 1024);
      } catch {
        return result('unreachable', `${witness.name} did not answer; its view was not compared`);
      }
      try {
        const note = parseNote(text);
        const body = parseCheckpointBody(note.text);
        const verdict = await verifyNoteSignature(note, parseVerifierKey(witness.vkey));
        if (verdict.status !== 'valid' || body.origin !== key.origin) {
          return result(
            'unreachable',
            `${witness.name} served a checkpoint without a valid cosignature of its key`,
          );
        }
        if (body.treeSize > treeSize) {
          return result(
            'inconsistent',
            `${witness.name} cosigned a checkpoint of ${body.treeSize} leaves, but the log has only ${treeSize}: leaves were removed after the witness saw them`,
            body.treeSize,
          );
        }
        if (!logTrusted)
          return result(
            'consistent',
            `${witness.name} was not compared: the log itself does not verify`,
            body.treeSize,
          );
        const { fromRoot } = await storedConsistencyProof(
          db,
          organizationId,
          body.treeSize,
          treeSize,
        );
        if (body.treeSize > 0 && fromRoot !== body.rootHash) {
          return result(
            'inconsistent',
            `${witness.name} cosigned the checkpoint of ${body.treeSize} leaves with root ${body.rootHash}; the log now gives ${fromRoot} at that size: the history was rewritten after the witness saw it`,
            body.treeSize,
          );
        }
        return result(
          'consistent',
          `${witness.name} cosigned ${body.treeSize} leaves; the log agrees`,
          body.treeSize,
        );
      } catch {
        return result('unreachable', `${witness.name} served something that is not a checkpoint`);
      }
    }),
  );
}

/** A witness refusal recorded when checkpoints were sent, as a mismatch. */
export async function witnessAlarm(
  db: Database,
  organizationId: string,
): Promise<LedgerMismatch | null> {
  const [row] = await db
    .select({ alarm: ledgerWitnesses.alarm })
    .from(ledgerWitnesses)
    .where(
      and(
        eq(ledgerWitnesses.organizationId, organizationId),
        isNull(ledgerWitnesses.removedAt),
        isNotNull(ledgerWitnesses.alarm),
      ),
    )
    .limit(1);
  return row?.alarm ? detail({ kind: 'witness_refused', message: row.alarm }) : null;
}
