import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AddLedgerWitness, LedgerWitness } from '@shared/api/ledger';
import { hexToBytes } from '@shared/ledger/hex';
import {
  bytesToBase64,
  formatCheckpointBody,
  formatNote,
  keyFingerprint,
  NoteFormatError,
  parseNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  verifyNoteSignature,
} from '@shared/ledger/note';
import type { Database, DbOrTx } from '../../db/client';
import type { ledgerHeads } from '../../db/schema';
import { ledgerCosignatures, ledgerKeys, ledgerWitnesses } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, invalid, notFound } from '../../http/errors';
import { defineJob, type JobLogger } from '../../jobs/types';
import { currentHeadRow } from './heads';
import type { LedgerSigning } from './keys';
import { storedConsistencyProof } from './proofs';

/*
 * The log's side of C2SP tlog-witness: each new checkpoint goes to every witness the organization
 * configured, with a consistency proof from the last size that witness cosigned. What comes back
 * is verified with the witness's key before it is kept; a witness that refuses a checkpoint as
 * inconsistent raises an alarm, because that is what a rewritten history looks like from outside.
 */

type WitnessRow = typeof ledgerWitnesses.$inferSelect;
type HeadRow = typeof ledgerHeads.$inferSelect;

/** A witness answer takes at most this long; the next round tries again. */
const WITNESS_TIMEOUT_MS = 10_000;

export function toLedgerWitness(row: WitnessRow): LedgerWitness {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    vkey: row.vkey,
    fingerprint: keyFingerprint(parseVerifierKey(row.vkey).publicKey),
    createdAt: row.createdAt.toISOString(),
    cosignedSize: row.cosignedSize,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: row.lastError,
    alarm: row.alarm,
  };
}

export async function activeWitnesses(db: DbOrTx, organizationId: string): Promise<WitnessRow[]> {
  return db
    .select()
    .from(ledgerWitnesses)
    .where(
      and(eq(ledgerWitnesses.organizationId, organizationId), isNull(ledgerWitnesses.removedAt)),
    )
    .orderBy(asc(ledgerWitnesses.createdAt));
}

export async function addWitness(
  db: Database,
  actor: Actor,
  input: AddLedgerWitness,
): Promise<WitnessRow> {
  let name: string;
  try {
    const key = parseVerifierKey(input.vkey);
    if (key.type !== SIGNATURE_TYPE.cosignatureV1) {
      throw new NoteFormatError(
        'this is a signing key (type 0x01), not a witness cosignature key (type 0x04)',
      );
    }
    name = key.name;
  } catch (error) {
    if (!(error instanceof NoteFormatError)) throw error;
    throw invalid(`The witness key is not valid: ${error.message}`, [
      { path: 'vkey', message: error.message },
    ]);
  }
  const existing = await activeWitnesses(db, actor.organizationId);
  if (existing.some((w) => w.name === name)) {
    throw conflict(`A witness named ${name} is already configured`);
  }
  const [row] = await db
    .insert(ledgerWitnesses)
    .values({
      organizationId: actor.organizationId,
      name,
      url: input.url.replace(/\/+$/, ''),
      vkey: input.vkey.trim(),
      createdBy: actor.userId,
    })
    .returning();
  return row!;
}

export async function removeWitness(db: Database, actor: Actor, witnessId: string) {
  const [row] = await db
    .update(ledgerWitnesses)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(ledgerWitnesses.id, witnessId),
        eq(ledgerWitnesses.organizationId, actor.organizationId),
        isNull(ledgerWitnesses.removedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('Witness');
  return row;
}

/** The head's checkpoint note: the log's signature and every cosignature kept for that size. */
export async function checkpointNoteOf(db: DbOrTx, head: HeadRow): Promise<string> {
  const [key] = await db.select().from(ledgerKeys).where(eq(ledgerKeys.id, head.keyId));
  if (!key || !head.checkpointSignature) {
    throw new Error(`head of size ${head.treeSize} has no checkpoint signature`);
  }
  const cosignatures = await db
    .select({ line: ledgerCosignatures.signatureLine })
    .from(ledgerCosignatures)
    .where(
      and(
        eq(ledgerCosignatures.organizationId, head.organizationId),
        eq(ledgerCosignatures.treeSize, head.treeSize),
        eq(ledgerCosignatures.rootHash, head.rootHash),
      ),
    )
    .orderBy(asc(ledgerCosignatures.receivedAt));
  const text = formatCheckpointBody({
    origin: key.origin,
    treeSize: head.treeSize,
    rootHash: head.rootHash,
  });
  return formatNote(text, [head.checkpointSignature, ...cosignatures.map((c) => c.line)]);
}

/** The current checkpoint, signed (a head is signed first if the log grew). */
export async function currentCheckpoint(
  db: Database,
  signing: LedgerSigning,
  organizationId: string,
): Promise<{ note: string; head: HeadRow }> {
  const head = await currentHeadRow(db, signing, organizationId);
  return { note: await checkpointNoteOf(db, head), head };
}

type Outcome =
  | { kind: 'cosigned'; size: number }
  | { kind: 'up_to_date' }
  | { kind: 'error'; message: string }
  | { kind: 'alarm'; message: string };

interface WitnessAnswer {
  status: number;
  body: string;
  contentType: string;
}

async function post(url: string, body: string, fetchImpl: typeof fetch): Promise<WitnessAnswer> {
  const response = await fetchImpl(`${url}/add-checkpoint`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    signal: AbortSignal.timeout(WITNESS_TIMEOUT_MS),
    redirect: 'error',
  });
  const text = (await response.text()).slice(0, 64 * 1024);
  return {
    status: response.status,
    body: text,
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** One witness, one checkpoint: the protocol's happy path and each of its refusals. */
async function submit(
  db: Database,
  witness: WitnessRow,
  head: HeadRow,
  note: string,
  fetchImpl: typeof fetch,
): Promise<Outcome> {
  if (witness.cosignedSize === head.treeSize) return { kind: 'up_to_date' };
  const ours = parseNote(note);
  const logLine = ours.signatures[0]!.line;
  let old = witness.cosignedSize ?? 0;
  // A 409 tells us the size the witness holds; one more try with that size.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (old > head.treeSize) {
      return {
        kind: 'alarm',
        message: `${witness.name} has cosigned a checkpoint of ${old} leaves, but this log now has ${head.treeSize}: the log went backwards`,
      };
    }
    const proof =
      old === 0 || old === head.treeSize
        ? []
        : (await storedConsistencyProof(db, head.organizationId, old, head.treeSize)).proof;
    const body =
      `old ${old}\n` +
      proof.map((h) => `${bytesToBase64(hexToBytes(h))}\n`).join('') +
      '\n' +
      formatNote(ours.text, [logLine]);
    let answer: WitnessAnswer;
    try {
      answer = await post(witness.url, body, fetchImpl);
    } catch (error) {
      const reason =
        error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : '';
      return { kind: 'error', message: `${witness.name} did not answer: ${reason}` };
    }
    if (answer.status === 200) return accept(db, witness, head, ours.text, answer.body);
    if (answer.status === 409 && /^\d+\n?$/.test(answer.body)) {
      old = Number(answer.body.trim());
      continue;
    }
    if (answer.status === 422) {
      return {
        kind: 'alarm',
        message: `${witness.name} refused the checkpoint of ${head.treeSize} leaves as inconsistent with the checkpoint of ${old} leaves it cosigned before: the log's history differs from what the witness saw`,
      };
    }
    const reasons: Record<number, string> = {
      403: `${witness.name} does not trust this log's key: give its operator the current verifier key`,
      404: `${witness.name} does not know this log: give its operator the log's origin and verifier key`,
      400: `${witness.name} rejected the request as malformed`,
    };
    return {
      kind: 'error',
      message:
        reasons[answer.status] ??
        `${witness.name} answered HTTP ${answer.status}: ${answer.body.slice(0, 200)}`,
    };
  }
  return { kind: 'error', message: `${witness.name} kept answering 409 Conflict` };
}

/** Keeps the witness's cosignature when, and only when, it verifies with the witness's key. */
async function accept(
  db: Database,
  witness: WitnessRow,
  head: HeadRow,
  text: string,
  body: string,
): Promise<Outcome> {
  const key = parseVerifierKey(witness.vkey);
  const lines = body.split('\n').filter((l) => l !== '');
  for (const line of lines) {
    let verdict;
    try {
      verdict = await verifyNoteSignature(parseNote(formatNote(text, [line])), key);
    } catch {
      continue;
    }
    if (verdict.status === 'invalid') {
      return {
        kind: 'error',
        message: `${witness.name} answered a cosignature that does not verify with its key; it was not kept`,
      };
    }
    if (verdict.status !== 'valid') continue;
    await db
      .insert(ledgerCosignatures)
      .values({
        organizationId: head.organizationId,
        witnessId: witness.id,
        treeSize: head.treeSize,
        rootHash: head.rootHash,
        checkpoint: text,
        signatureLine: line,
        cosignedAt: new Date(verdict.timestamp! * 1000),
      })
      .onConflictDoNothing();
    return { kind: 'cosigned', size: head.treeSize };
  }
  return {
    kind: 'error',
    message: `${witness.name} answered no cosignature from its key ${witness.name}; nothing was kept`,
  };
}

export interface CosignReport {
  witnesses: number;
  cosigned: number;
  failed: number;
}

/**
 * Sends the organization's current checkpoint to every witness that has not cosigned it and
 * records each outcome on the witness. Never throws for a witness's failure: appends never wait
 * on witnesses, and the next round (or job retry) sends the latest checkpoint again.
 */
export async function cosignCheckpoint(
  db: Database,
  signing: LedgerSigning,
  organizationId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<CosignReport> {
  const witnesses = await activeWitnesses(db, organizationId);
  const report: CosignReport = { witnesses: witnesses.length, cosigned: 0, failed: 0 };
  if (witnesses.length === 0) return report;
  const { note, head } = await currentCheckpoint(db, signing, organizationId);
  await Promise.all(
    witnesses.map(async (witness) => {
      const outcome = await submit(db, witness, head, note, fetchImpl);
      if (outcome.kind === 'up_to_date') return;
      const now = new Date();
      if (outcome.kind === 'cosigned') report.cosigned++;
      else report.failed++;
      await db
        .update(ledgerWitnesses)
        .set(
          outcome.kind === 'cosigned'
            ? {
                cosignedSize: outcome.size,
                lastAttemptAt: now,
                lastSuccessAt: now,
                lastError: null,
              }
            : outcome.kind === 'alarm'
              ? { lastAttemptAt: now, lastError: outcome.message, alarm: outcome.message }
              : { lastAttemptAt: now, lastError: outcome.message },
        )
        .where(eq(ledgerWitnesses.id, witness.id));
    }),
  );
  return report;
}

export const COSIGN_JOB = 'ledger.cosign';
const cosignPayload = z.object({ organizationId: z.uuid() });

/** A checkpoint's trip to the witnesses as a background job (retried while any fails). */
export function cosignJob(deps: { db: Database; signing: LedgerSigning; log?: JobLogger }) {
  return defineJob<z.infer<typeof cosignPayload>>({
    name: COSIGN_JOB,
    payload: cosignPayload,
    retries: 3,
    backoff: { delayMs: 30_000, maxDelayMs: 5 * 60_000 },
    timeoutMs: 2 * 60_000,
    async handler({ organizationId }) {
      const report = await cosignCheckpoint(deps.db, deps.signing, organizationId);
      deps.log?.info({ organizationId, ...report }, 'checkpoint sent to witnesses');
      if (report.failed > 0) {
        throw new Error(`${report.failed} of ${report.witnesses} witnesses did not cosign`);
      }
    },
  });
}
