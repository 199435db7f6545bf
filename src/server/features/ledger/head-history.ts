import { createPublicKey, type KeyObject } from 'node:crypto';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { HeadHistory } from '@shared/api/ledger';
import type { DbOrTx } from '../../db/client';
import { ledgerCosignatures, ledgerHeads } from '../../db/schema';
import { headSignatureValidWith, keysOf, toPublicKey, toSignedTreeHead } from './heads';

/**
 * The log's signed heads, newest first, each with the key that signed it checked again: a head
 * signed before a key rotation still verifies with the retired key, which is kept for that.
 */
export async function headHistory(
  db: DbOrTx,
  organizationId: string,
  page: { limit: number; beforeSize?: number },
): Promise<HeadHistory> {
  const ofOrganization = eq(ledgerHeads.organizationId, organizationId);
  const rows = await db
    .select({
      head: ledgerHeads,
      // Qualified by hand: inside the subquery an unqualified column would be the cosignature's.
      cosignatures: sql<number>`(select count(*)::int from ${ledgerCosignatures} c where c.organization_id = "ledger_heads"."organization_id" and c.tree_size = "ledger_heads"."tree_size")`,
    })
    .from(ledgerHeads)
    .where(
      page.beforeSize === undefined
        ? ofOrganization
        : and(ofOrganization, lt(ledgerHeads.treeSize, page.beforeSize)),
    )
    .orderBy(desc(ledgerHeads.treeSize))
    .limit(page.limit);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(ledgerHeads)
    .where(ofOrganization);
  const keys = new Map((await keysOf(db, organizationId)).map((k) => [k.id, k]));
  const parsed = new Map<string, KeyObject>();
  return {
    total,
    heads: rows.map(({ head, cosignatures }) => {
      const key = keys.get(head.keyId);
      const signed = toSignedTreeHead(head);
      let publicKey = parsed.get(head.keyId);
      if (key && !publicKey) parsed.set(head.keyId, (publicKey = createPublicKey(key.spkiPem)));
      return {
        ...signed,
        fingerprint: key ? toPublicKey(key).fingerprint : '',
        keyRetired: key?.retiredAt != null,
        signatureValid: publicKey ? headSignatureValidWith(publicKey, signed) : false,
        cosignatures: Number(cosignatures),
      };
    }),
  };
}
