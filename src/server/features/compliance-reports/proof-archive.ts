import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import JSZip from 'jszip';
import { PROOF_BUNDLE_FORMAT, type ProofBundle } from '@shared/api/ledger';
import type { ProofArchiveRequest } from '@shared/api/reports';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { recordAudit } from '../activity/service';
import { proofHead, recordProofs, type LedgerSigning, type RecordProof } from '../ledger/service';
import { toTrainingEvent } from '../training-events/repository';
import { recordRowsInScope } from './data';

/**
 * The proof archive of a scope: for every training record of the period and scope, a proof
 * bundle (the record as the API shows it, its canonical leaf, the audit path) against one signed
 * head, with the head as a checkpoint, the public key, and a verifier that needs Node.js and
 * nothing else. Each bundle is also a standard `centerline-proof-bundle/v1` file, so the browser
 * verifier and `npm run verify-proof` read it one by one.
 *
 * A record that is not in the ledger (a draft never submitted) has no proof; the manifest lists it
 * by name so it does not drop out of sight.
 */

export const PROOF_ARCHIVE_FORMAT = 'centerline-proof-archive/v1';
const VERIFIER = new URL('./verify-archive.mjs', import.meta.url);

export interface ProofArchive {
  fileName: string;
  stream: Readable;
  records: number;
  treeSize: number;
}

export async function proofArchive(
  db: Database,
  signing: LedgerSigning,
  actor: Actor,
  request: ProofArchiveRequest,
): Promise<ProofArchive> {
  const input = { organizationId: actor.organizationId, ...request };
  const rows = [];
  for await (const page of recordRowsInScope(db, actor, input)) rows.push(...page);
  // The head is taken after the records are read, so it holds every version they show.
  const { head, checkpoint, publicKey } = await proofHead(db, signing, actor.organizationId);
  const inLedger = rows.filter((r) => r.ledgerIndex !== null);
  const proofs = new Map<string, RecordProof>();
  for (let i = 0; i < inLedger.length; i += 500) {
    const chunk = inLedger.slice(i, i + 500);
    const found = await recordProofs(
      db,
      actor.organizationId,
      chunk.map((r) => ({ recordId: r.id, version: r.version })),
      head.treeSize,
    );
    for (const [id, proof] of found) proofs.set(id, proof);
  }

  const generatedAt = new Date().toISOString();
  const zip = new JSZip();
  const files: { recordId: string; file: string; leafIndex: number }[] = [];
  const withoutProof: {
    recordId: string;
    studentName: string;
    eventDate: string;
    reason: string;
  }[] = [];
  for (const row of rows) {
    const proof = proofs.get(row.id);
    if (!proof) {
      withoutProof.push({
        recordId: row.id,
        studentName: row.studentName,
        eventDate: row.eventDate,
        reason:
          row.ledgerIndex === null
            ? 'Not submitted to the ledger (draft)'
            : 'Changed after the archive head was signed; download the archive again',
      });
      continue;
    }
    const bundle: ProofBundle = {
      format: PROOF_BUNDLE_FORMAT,
      generatedAt,
      record: toTrainingEvent(row),
      leaf: { canonical: proof.leaf, index: proof.leafIndex, hash: proof.leafHash },
      proof: { treeSize: head.treeSize, auditPath: proof.auditPath },
      head,
      publicKey,
      checkpoint,
    };
    const file = `proofs/${row.eventDate}-${row.id}.json`;
    zip.file(file, `${JSON.stringify(bundle, null, 2)}\n`);
    files.push({ recordId: row.id, file, leafIndex: proof.leafIndex });
  }

  const manifest = {
    format: PROOF_ARCHIVE_FORMAT,
    organization: actor.organizationName,
    generatedAt,
    period: { from: request.from, to: request.to },
    scope: request.scope,
    head,
    publicKey: {
      publicKeyHex: publicKey.publicKeyHex,
      fingerprint: publicKey.fingerprint,
      vkey: publicKey.vkey,
    },
    records: files,
    withoutProof,
  };
  zip.file('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  zip.file('checkpoint.txt', checkpoint);
  zip.file('public-key.pem', publicKey.spkiPem);
  zip.file('verify-archive.mjs', await readFile(VERIFIER, 'utf8'), { unixPermissions: 0o755 });
  zip.file(
    'README.txt',
    readme(manifest.organization, files.length, withoutProof.length, head.treeSize),
  );

  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'export_proof_archive',
    details: {
      from: request.from,
      to: request.to,
      scope: request.scope,
      records: files.length,
      withoutProof: withoutProof.length,
      treeSize: head.treeSize,
    },
  });

  return {
    fileName: `centerline-proofs-${request.from}-${request.to}.zip`,
    stream: zip.generateNodeStream({
      type: 'nodebuffer',
      streamFiles: true,
      compression: 'DEFLATE',
      platform: 'UNIX',
    }) as Readable,
    records: files.length,
    treeSize: head.treeSize,
  };
}

function readme(organization: string, proofs: number, without: number, treeSize: number) {
  return [
    `Centerline proof archive: ${organization}`,
    '',
    `${proofs} training record(s), each with an inclusion proof against the signed tree head of`,
    `${treeSize} leaves (manifest.json, checkpoint.txt).${without > 0 ? ` ${without} record(s) of the scope have no proof; manifest.json lists them with the reason.` : ''}`,
    '',
    'To check it, with Node.js 20 or later and nothing else, in this folder:',
    '',
    '  node verify-archive.mjs --public-key <the 64 hex digits the organization gave you>',
    '',
    'It recomputes every leaf hash from its canonical leaf, checks that each record says what its',
    'leaf says, climbs every audit path to the signed root (RFC 9162), and checks the Ed25519',
    'signatures of the head and of the checkpoint. Exit code 0: verified against the key you',
    'pinned; 3: consistent, but no key pinned (that proves nothing about who signed); 1: a check',
    'failed (the output says which).',
    '',
  ].join('\n');
}
