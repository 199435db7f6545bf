import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LedgerPublicKey, SignedTreeHead } from '@shared/api/ledger';
import { treeHeadSigningInput } from '@shared/ledger/verify-bundle';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import { ledgerHeads, ledgerKeys, ledgerStates } from '../../db/schema';
import { inTransaction, lockLedger } from './append';

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
  return {
    organizationId: row.organizationId,
    keyId: row.id,
    algorithm: 'Ed25519',
    publicKeyHex: row.publicKeyHex,
    publicKeyBase64: Buffer.from(row.publicKeyHex, 'hex').toString('base64'),
    spkiPem: row.spkiPem,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findKey(db: DbOrTx, organizationId: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerKeys)
    .where(eq(ledgerKeys.organizationId, organizationId));
  return row;
}

/** The organization's key, generated on first use. Call with the append lock held. */
async function ensureKey(tx: Transaction, organizationId: string): Promise<KeyRow> {
  const existing = await findKey(tx, organizationId);
  if (existing) return existing;
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const [row] = await tx
    .insert(ledgerKeys)
    .values({
      organizationId,
      publicKeyHex: Buffer.from(jwk.x!, 'base64url').toString('hex'),
      spkiPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    })
    .returning();
  if (!row) throw new Error('ledger key insert returned nothing');
  return row;
}

/** The organization's public key (created with the log on first use). */
export async function publicKeyOf(db: Database, organizationId: string): Promise<LedgerPublicKey> {
  const existing = await findKey(db, organizationId);
  if (existing) return toPublicKey(existing);
  return inTransaction(db, async (tx) => {
    await lockLedger(tx, organizationId);
    return toPublicKey(await ensureKey(tx, organizationId));
  });
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
  key: Pick<KeyRow, 'privateKeyPem'>,
  head: { organizationId: string; treeSize: number; rootHash: string; timestamp: string },
): string {
  return sign(null, treeHeadSigningInput(head), createPrivateKey(key.privateKeyPem)).toString(
    'hex',
  );
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

async function signCurrentHead(tx: Transaction, organizationId: string): Promise<HeadRow> {
  const state = await lockLedger(tx, organizationId);
  const latest = await latestHead(tx, organizationId);
  if (latest && latest.treeSize === state.treeSize) return latest;
  const key = await ensureKey(tx, organizationId);
  const unsigned = {
    organizationId,
    treeSize: state.treeSize,
    rootHash: state.rootHash,
    timestamp: new Date().toISOString(),
  };
  const [row] = await tx
    .insert(ledgerHeads)
    .values({ ...unsigned, signature: signHead(key, unsigned), keyId: key.id })
    .returning();
  if (!row) throw new Error('head insert returned nothing');
  return row;
}

/** A signed head covering every committed leaf: the latest one, or a new one if the log grew. */
export async function currentHead(db: Database, organizationId: string): Promise<SignedTreeHead> {
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
  if (current) return toSignedTreeHead(current);
  return toSignedTreeHead(await inTransaction(db, (tx) => signCurrentHead(tx, organizationId)));
}

/** Signs a head for every organization whose log grew since its latest head; returns how many. */
export async function signPendingHeads(db: Database): Promise<number> {
  const rows = await db
    .select({ organizationId: ledgerStates.organizationId })
    .from(ledgerStates)
    .where(
      sql`${ledgerStates.treeSize} > coalesce((select max(h.tree_size) from ledger_heads h
        where h.organization_id = ${ledgerStates.organizationId}), -1)`,
    );
  for (const { organizationId } of rows) {
    await inTransaction(db, (tx) => signCurrentHead(tx, organizationId));
  }
  return rows.length;
}

/** Signs pending heads every `intervalMs` (a minute by default); returns a stop function. */
export function startHeadSigner(
  db: Database,
  onError: (error: unknown) => void,
  intervalMs = 60_000,
): () => void {
  const timer = setInterval(() => {
    signPendingHeads(db).catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
