import {
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { LedgerPublicKey, SignedTreeHead } from '@shared/api/ledger';
import {
  encodeVerifierKey,
  formatCheckpointBody,
  formatSignatureLine,
  keyFingerprint,
  noteKeyId,
  SIGNATURE_TYPE,
} from '@shared/ledger/note';
import { treeHeadSigningInput } from '@shared/ledger/verify-bundle';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { ledgerHeads, ledgerKeys, ledgerStates } from '../../db/schema';
import { inTransaction, lockLedger } from './append';
import { SigningKeyUnavailable, type LedgerSigning } from './keys';

type KeyRow = typeof ledgerKeys.$inferSelect;
type HeadRow = typeof ledgerHeads.$inferSelect;

/*
 * Heads are signed lazily: whoever asks for the head (a head, a proof, a bundle) after the log
 * grew signs one for the current size, under the append lock; and a timer signs one for every
 * organization whose log moved in the last minute. So every batch of appends (one request's
 * transaction) is covered by a signed head by the time anyone can see it, without a signature
 * and a head row per append.
 */

export function toSignedTreeHead(row: HeadRow): SignedTreeHead {
  return {
    organizationId: row.organizationId,
    treeSize: row.treeSize,
    rootHash: row.rootHash,
    timestamp: row.timestamp,
    signature: row.signature,
    keyId: row.keyId,
  };
}

export function toPublicKey(row: KeyRow): LedgerPublicKey {
  const raw = Buffer.from(row.publicKeyHex, 'hex');
  return {
    organizationId: row.organizationId,
    keyId: row.id,
    algorithm: 'Ed25519',
    publicKeyHex: row.publicKeyHex,
    publicKeyBase64: raw.toString('base64'),
    spkiPem: row.spkiPem,
    origin: row.origin,
    vkey: encodeVerifierKey(row.origin, SIGNATURE_TYPE.ed25519, raw),
    fingerprint: keyFingerprint(raw),
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

async function findKey(db: DbOrTx, organizationId: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerKeys)
    .where(and(eq(ledgerKeys.organizationId, organizationId), isNull(ledgerKeys.retiredAt)));
  return row;
}

/** Every key the organization has signed with, oldest first. */
export async function keysOf(db: DbOrTx, organizationId: string): Promise<KeyRow[]> {
  return db
    .select()
    .from(ledgerKeys)
    .where(eq(ledgerKeys.organizationId, organizationId))
    .orderBy(asc(ledgerKeys.createdAt));
}

/** A new key pair: the private half goes to the vault first, then the public half is recorded. */
async function createKey(
  tx: Transaction,
  signing: LedgerSigning,
  organizationId: string,
  origin: string,
): Promise<KeyRow> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const id = randomUUID();
  const { sealedPrivateKey } = await signing.vault.keep(
    id,
    privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  );
  const jwk = publicKey.export({ format: 'jwk' });
  const [row] = await tx
    .insert(ledgerKeys)
    .values({
      id,
      organizationId,
      origin,
      publicKeyHex: Buffer.from(jwk.x!, 'base64url').toString('hex'),
      spkiPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      sealedPrivateKey,
    })
    .returning();
  if (!row) throw new Error('ledger key insert returned nothing');
  return row;
}

/** The organization's current key, generated on first use. Call with the append lock held. */
async function ensureKey(
  tx: Transaction,
  signing: LedgerSigning,
  organizationId: string,
): Promise<KeyRow> {
  const existing = await findKey(tx, organizationId);
  if (existing) return existing;
  const [earlier] = await keysOf(tx, organizationId);
  const origin = earlier?.origin ?? `${signing.originPrefix}/${organizationId}`;
  return createKey(tx, signing, organizationId, origin);
}

/** The organization's current public key (created with the log on first use). */
export async function publicKeyOf(
  db: Database,
  signing: LedgerSigning,
  organizationId: string,
): Promise<LedgerPublicKey> {
  const existing = await findKey(db, organizationId);
  if (existing) return toPublicKey(existing);
  return inTransaction(db, async (tx) => {
    await lockLedger(tx, organizationId);
    return toPublicKey(await ensureKey(tx, signing, organizationId));
  });
}

/**
 * Retires the current key and makes a new one under the same origin. Heads signed before keep
 * their key id and still verify with the retired key, which stays listed.
 */
export async function rotateKey(
  db: Database,
  signing: LedgerSigning,
  organizationId: string,
): Promise<LedgerPublicKey> {
  return inTransaction(db, async (tx) => {
    await lockLedger(tx, organizationId);
    const current = await ensureKey(tx, signing, organizationId);
    await tx.update(ledgerKeys).set({ retiredAt: new Date() }).where(eq(ledgerKeys.id, current.id));
    return toPublicKey(await createKey(tx, signing, organizationId, current.origin));
  });
}

/**
 * Moves private keys of databases from before the vault out of the database: into the vault,
 * then the column is emptied. Runs at start; returns how many keys moved.
 */
export async function moveKeysOutOfDatabase(db: Database, signing: LedgerSigning) {
  const rows = await db.select().from(ledgerKeys).where(isNotNull(ledgerKeys.privateKeyPem));
  for (const row of rows) {
    const { sealedPrivateKey } = await signing.vault
      .keep(row.id, row.privateKeyPem!)
      .catch(async (error: unknown) => {
        // A file kept by an earlier attempt that stopped before the update below.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        await signing.vault.open({ id: row.id, sealedPrivateKey: null });
        return { sealedPrivateKey: null };
      });
    await db
      .update(ledgerKeys)
      .set({ privateKeyPem: null, sealedPrivateKey })
      .where(eq(ledgerKeys.id, row.id));
  }
  return rows.length;
}

export async function latestHead(db: DbOrTx, organizationId: string): Promise<HeadRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerHeads)
    .where(eq(ledgerHeads.organizationId, organizationId))
    .orderBy(desc(ledgerHeads.treeSize))
    .limit(1);
  return row;
}

export async function headAtSize(db: DbOrTx, organizationId: string, treeSize: number) {
  const [row] = await db
    .select()
    .from(ledgerHeads)
    .where(and(eq(ledgerHeads.organizationId, organizationId), eq(ledgerHeads.treeSize, treeSize)));
  return row ? toSignedTreeHead(row) : null;
}

/** Ed25519 over the canonical head (see signedTreeHead in @shared/api/ledger). */
export function signHead(
  privateKey: KeyObject,
  head: { organizationId: string; treeSize: number; rootHash: string; timestamp: string },
): string {
  return sign(null, treeHeadSigningInput(head), privateKey).toString('hex');
}

/** The C2SP checkpoint of a head, and its note signature line by the same key. */
export function signCheckpoint(
  privateKey: KeyObject,
  key: Pick<KeyRow, 'origin' | 'publicKeyHex'>,
  head: { treeSize: number; rootHash: string },
): string {
  const text = formatCheckpointBody({ origin: key.origin, ...head });
  const keyId = noteKeyId(key.origin, SIGNATURE_TYPE.ed25519, Buffer.from(key.publicKeyHex, 'hex'));
  return formatSignatureLine(key.origin, keyId, sign(null, Buffer.from(text), privateKey));
}

export function headSignatureValid(key: Pick<KeyRow, 'spkiPem'>, head: SignedTreeHead): boolean {
  try {
    return headSignatureValidWith(createPublicKey(key.spkiPem), head);
  } catch {
    return false;
  }
}

/** The same check with the key already parsed (a verification checks many heads with one key). */
export function headSignatureValidWith(publicKey: KeyObject, head: SignedTreeHead): boolean {
  try {
    const signature = Buffer.from(head.signature, 'hex');
    if (signature.length !== 64) return false;
    return verify(null, treeHeadSigningInput(head), publicKey, signature);
  } catch {
    return false;
  }
}

async function signCurrentHead(
  tx: Transaction,
  signing: LedgerSigning,
  organizationId: string,
): Promise<HeadRow> {
  const state = await lockLedger(tx, organizationId);
  const latest = await latestHead(tx, organizationId);
  if (latest && latest.treeSize === state.treeSize && latest.checkpointSignature) return latest;
  const key =
    latest?.treeSize === state.treeSize
      ? await keyById(tx, latest.keyId)
      : await ensureKey(tx, signing, organizationId);
  const privateKey = await signing.vault.open(key);
  const checkpointSignature = signCheckpoint(privateKey, key, state);
  if (latest && latest.treeSize === state.treeSize) {
    // A head from before checkpoints: add the note signature of the key that signed it.
    const [row] = await tx
      .update(ledgerHeads)
      .set({ checkpointSignature })
      .where(eq(ledgerHeads.id, latest.id))
      .returning();
    return row!;
  }
  const unsigned = {
    organizationId,
    treeSize: state.treeSize,
    rootHash: state.rootHash,
    timestamp: new Date().toISOString(),
  };
  const [row] = await tx
    .insert(ledgerHeads)
    .values({
      ...unsigned,
      signature: signHead(privateKey, unsigned),
      keyId: key.id,
      checkpointSignature,
    })
    .returning();
  if (!row) throw new Error('head insert returned nothing');
  return row;
}

async function keyById(db: DbOrTx, keyId: string): Promise<KeyRow> {
  const [row] = await db.select().from(ledgerKeys).where(eq(ledgerKeys.id, keyId));
  if (!row) throw new Error(`ledger key ${keyId} is missing`);
  return row;
}

/** The head row covering every committed leaf, with its checkpoint signature. */
export async function currentHeadRow(
  db: Database,
  signing: LedgerSigning,
  organizationId: string,
): Promise<HeadRow> {
  // One query in the usual case: the head signed at exactly the current size, if there is one.
  const [current] = await db
    .select()
    .from(ledgerHeads)
    .where(
      and(
        eq(ledgerHeads.organizationId, organizationId),
        eq(
          ledgerHeads.treeSize,
          sql`(select ${ledgerStates.treeSize} from ${ledgerStates} where ${ledgerStates.organizationId} = ${organizationId})`,
        ),
      ),
    );
  if (current?.checkpointSignature) return current;
  return inTransaction(db, (tx) => signCurrentHead(tx, signing, organizationId));
}

/** A signed head covering every committed leaf: the latest one, or a new one if the log grew. */
export async function currentHead(
  db: Database,
  signing: LedgerSigning,
  organizationId: string,
): Promise<SignedTreeHead> {
  return toSignedTreeHead(await currentHeadRow(db, signing, organizationId));
}

/**
 * Signs a head for every organization whose log grew since its latest head; returns how many were
 * signed. An organization whose key cannot be opened is reported to `onUnavailable` and skipped,
 * so one missing key file never stops the others' heads.
 */
export async function signPendingHeads(
  db: Database,
  signing: LedgerSigning,
  onUnavailable: (error: SigningKeyUnavailable, organizationId: string) => void = () => {},
): Promise<number> {
  const rows = await db
    .select({ organizationId: ledgerStates.organizationId })
    .from(ledgerStates)
    .where(
      sql`${ledgerStates.treeSize} > coalesce((select max(h.tree_size) from ledger_heads h
        where h.organization_id = ${ledgerStates.organizationId}), -1)`,
    );
  let signed = 0;
  for (const { organizationId } of rows) {
    try {
      await inTransaction(db, (tx) => signCurrentHead(tx, signing, organizationId));
      signed++;
    } catch (error) {
      if (!(error instanceof SigningKeyUnavailable)) throw error;
      onUnavailable(error, organizationId);
    }
  }
  return signed;
}

/** Signs pending heads every `intervalMs` (a minute by default); returns a stop function. */
export function startHeadSigner(
  db: Database,
  signing: LedgerSigning,
  onError: (error: unknown) => void,
  intervalMs = 60_000,
): () => void {
  const timer = setInterval(() => {
    signPendingHeads(db, signing).catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
