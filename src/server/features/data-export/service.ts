import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { asc, eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import JSZip from 'jszip';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Actor } from '../../http/actor';
import type { BlobStore } from '../../storage/blob-store';
import { recordAudit } from '../activity/service';
import { ledgerAnchor, type LedgerSigning } from '../ledger/service';

/**
 * "Data export at any time": one archive with everything the organization holds. Every table of
 * the organization as JSON (exact values) and CSV (for spreadsheets), the stored document files
 * under their SHA-256, and the ledger (leaves, signed heads, public keys, the checkpoint) with a
 * script that verifies it offline. Secrets are left out: password and invitation hashes, the
 * authenticator secrets, private ledger keys, sessions, and the e-mail outbox (it holds links).
 */

const LEFT_OUT_TABLES = new Set([
  'sessions',
  'email_outbox',
  'auth_challenges',
  'account_tokens',
  'jobs',
]);
const SECRET_COLUMNS = new Set([
  'passwordHash',
  'inviteTokenHash',
  'totpSecretSealed',
  'privateKeyPem',
  'sealedPrivateKey',
]);

type Row = Record<string, unknown>;

/** Tables holding the organization's rows (those with an organization id), by SQL name. */
function organizationTables(): { name: string; table: PgTable }[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .filter((table) => 'organizationId' in getTableColumns(table))
    .map((table) => ({ name: getTableName(table), table }))
    .filter(({ name }) => !LEFT_OUT_TABLES.has(name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

function withoutSecrets(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (!SECRET_COLUMNS.has(key)) out[key] = plain(value);
  }
  return out;
}

/** A CSV cell; one that starts like a formula is written as text (CSV injection). */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function toCsv(columns: string[], rows: Row[]): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name safe in every archive tool: no folders, no control characters. */
function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f/\\:*?"<>|]/g, '_').trim();
  return cleaned.slice(-120) || 'document';
}

const VERIFY_SCRIPT = new URL('./verify-ledger.mjs', import.meta.url);

export interface ExportResult {
  fileName: string;
  stream: Readable;
}

export async function exportOrganization(
  deps: { db: Database; blobs: BlobStore; ledgerSigning: LedgerSigning },
  actor: Actor,
): Promise<ExportResult> {
  const { db, blobs } = deps;
  const organizationId = actor.organizationId;
  const generatedAt = new Date();
  // A head covering every leaf, so the archive's last records are under a signature.
  const anchor = await ledgerAnchor(db, deps.ledgerSigning, organizationId);
  const zip = new JSZip();
  const tables: { name: string; rows: number }[] = [];

  const [organization] = await db
    .select()
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  zip.file('tables/organizations.json', JSON.stringify([withoutSecrets(organization!)], null, 2));

  for (const { name, table } of organizationTables()) {
    const columns = getTableColumns(table);
    const orgColumn = columns.organizationId!;
    const rows = (await db.select().from(table).where(eq(orgColumn, organizationId))) as Row[];
    const clean = rows.map(withoutSecrets);
    const names = Object.keys(columns).filter((c) => !SECRET_COLUMNS.has(c));
    zip.file(`tables/${name}.json`, JSON.stringify(clean, null, 2));
    zip.file(`tables/${name}.csv`, toCsv(names, clean));
    tables.push({ name, rows: rows.length });
  }

  // The ledger, in the order the tree is built.
  const leaves = await db
    .select()
    .from(schema.ledgerLeaves)
    .where(eq(schema.ledgerLeaves.organizationId, organizationId))
    .orderBy(asc(schema.ledgerLeaves.leafIndex));
  zip.file(
    'ledger/leaves.jsonl',
    leaves
      .map((l) =>
        JSON.stringify({
          leafIndex: l.leafIndex,
          recordType: l.recordType,
          recordId: l.recordId,
          version: l.version,
          leaf: l.leaf,
          leafHash: l.leafHash,
        }),
      )
      .join('\n') + '\n',
  );
  const heads = await db
    .select()
    .from(schema.ledgerHeads)
    .where(eq(schema.ledgerHeads.organizationId, organizationId))
    .orderBy(asc(schema.ledgerHeads.treeSize));
  zip.file(
    'ledger/heads.json',
    JSON.stringify(
      heads.map((h) => ({
        organizationId: h.organizationId,
        treeSize: h.treeSize,
        rootHash: h.rootHash,
        timestamp: h.timestamp,
        signature: h.signature,
        keyId: h.keyId,
      })),
      null,
      2,
    ),
  );
  const keys = await db
    .select()
    .from(schema.ledgerKeys)
    .where(eq(schema.ledgerKeys.organizationId, organizationId));
  zip.file(
    'ledger/keys.json',
    JSON.stringify(
      keys.map((k) => ({
        keyId: k.id,
        origin: k.origin,
        publicKeyHex: k.publicKeyHex,
        spkiPem: k.spkiPem,
        createdAt: k.createdAt.toISOString(),
        retiredAt: k.retiredAt?.toISOString() ?? null,
      })),
      null,
      2,
    ),
  );
  zip.file('ledger/checkpoint.txt', anchor.checkpoint);
  zip.file('ledger/verify-ledger.mjs', await readFile(VERIFY_SCRIPT, 'utf8'), {
    unixPermissions: 0o755,
  });

  // Stored files, each once under its hash (the same bytes uploaded twice are one file).
  const docs = await db
    .select({
      blobHash: schema.documents.blobHash,
      originalName: schema.documents.originalName,
    })
    .from(schema.documents)
    .where(eq(schema.documents.organizationId, organizationId));
  const seen = new Set<string>();
  const missing: string[] = [];
  for (const doc of docs) {
    if (seen.has(doc.blobHash)) continue;
    seen.add(doc.blobHash);
    try {
      const stream = await blobs.openRead(doc.blobHash);
      zip.file(`documents/${doc.blobHash}/${safeName(doc.originalName)}`, stream);
    } catch {
      missing.push(doc.blobHash);
    }
  }

  const manifest = {
    format: 'centerline-export/v1',
    organization: { id: organizationId, name: actor.organizationName },
    generatedAt: generatedAt.toISOString(),
    generatedBy: actor.email,
    tables,
    documentFiles: seen.size - missing.length,
    missingDocumentFiles: missing,
    ledger: {
      treeSize: anchor.treeSize,
      rootHash: anchor.rootHash,
      keyFingerprint: anchor.fingerprint,
      origin: anchor.origin,
      leaves: leaves.length,
      signedHeads: heads.length,
    },
    leftOut:
      'Password and invitation hashes, authenticator secrets and recovery-code hashes, private ledger keys, sessions and the e-mail outbox.',
  };
  zip.file('manifest.json', JSON.stringify(manifest, null, 2));
  zip.file(
    'README.txt',
    [
      `Centerline data export of ${actor.organizationName}`,
      `Made ${generatedAt.toISOString()} by ${actor.email}.`,
      '',
      'tables/      every table of the organization, as JSON (exact values) and CSV. In the CSV a',
      "             cell that would start like a formula starts with ' instead.",
      'documents/   the stored files, each in a folder named by its SHA-256.',
      'ledger/      leaves, signed tree heads, public keys and the latest checkpoint of the ledger.',
      'manifest.json  what is inside, with the ledger head it was made against.',
      '',
      'To verify offline (Node.js 18 or later, nothing to install), in the unpacked folder:',
      '',
      '  node ledger/verify-ledger.mjs --public-key <the organization key, 64 hex digits>',
      '',
      `The key of this export's latest head: ${keys.find((k) => heads.at(-1)?.keyId === k.id)?.publicKeyHex ?? 'none'}`,
      `(fingerprint ${anchor.fingerprint}). Compare it with the key the organization gave you`,
      'through another channel; a key taken from this archive alone proves only consistency.',
      '',
      `Left out: ${manifest.leftOut}`,
      ...(missing.length
        ? ['', `Missing from the file store (${missing.length}): ${missing.join(', ')}`]
        : []),
    ].join('\n') + '\n',
  );

  await recordAudit(db, {
    organizationId,
    actorId: actor.userId,
    action: 'export_data',
    details: {
      tables: tables.length,
      documentFiles: seen.size - missing.length,
      ledgerSize: anchor.treeSize,
    },
  });

  const stamp = generatedAt.toISOString().replace(/[-:]/g, '').slice(0, 13);
  return {
    fileName: `centerline-export-${stamp}Z.zip`,
    stream: zip.generateNodeStream({
      type: 'nodebuffer',
      streamFiles: true,
      compression: 'DEFLATE',
      compressionOptions: { level: 6 },
      platform: 'UNIX',
    }) as Readable,
  };
}
