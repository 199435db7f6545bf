import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { PROOF_BUNDLE_FORMAT, type ProofBundle } from '@shared/api/ledger';
import type { ProofArchiveRequest } from '@shared/api/reports';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { recordAudit } from '../activity/service';
import { proofHead, recordProofs, type LedgerSigning } from '../ledger/service';
import { toTrainingEvent } from '../training-events/repository';
import { countRecordsInScope, recordRowsInScope } from './data';
import { invalid } from '../../http/errors';

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
  treeSize: number;
}

/** Records read, and their proofs looked up, this many at a time. */
const PAGE = 500;

/** Records one archive holds (its other files stay well within the ZIP's 65,535 entries). */
export const PROOF_ARCHIVE_MAX_RECORDS = 65_000;

/**
 * Writes the archive as it reads the records, page by page, into a stream that waits for its
 * reader: memory stays bounded however many records the scope holds. The head is taken first;
 * a record changed after it has no proof against it and is listed as such.
 */
export async function proofArchive(
  db: Database,
  signing: LedgerSigning,
  actor: Actor,
  request: ProofArchiveRequest,
): Promise<ProofArchive> {
  const input = { organizationId: actor.organizationId, ...request };
  // A ZIP without its 64-bit extension holds at most 65,535 files; a larger scope is refused
  // with what to do rather than written as an archive no tool could open.
  const records = await countRecordsInScope(db, actor, input);
  if (records > PROOF_ARCHIVE_MAX_RECORDS) {
    throw invalid(
      `This period and scope hold ${records} records; a proof archive holds at most ${PROOF_ARCHIVE_MAX_RECORDS}. Choose a shorter period or a narrower scope.`,
    );
  }
  const { head, checkpoint, publicKey } = await proofHead(db, signing, actor.organizationId);
  const verifier = await readFile(VERIFIER, 'utf8');
  // The export is in the trail before a byte of it leaves.
  await recordAudit(db, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: 'export_proof_archive',
    details: { from: request.from, to: request.to, scope: request.scope, treeSize: head.treeSize },
  });

  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const add = (name: string, text: string, mode = 0o644) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.os = 3;
    file.attrs = mode << 16;
    zip.add(file);
    file.push(strToU8(text), true);
  };

  const write = async () => {
    const generatedAt = new Date().toISOString();
    const files: { recordId: string; file: string; leafIndex: number }[] = [];
    const withoutProof: {
      recordId: string;
      studentName: string;
      eventDate: string;
      reason: string;
    }[] = [];
    for await (const rows of recordRowsInScope(db, actor, input, PAGE)) {
      const inLedger = rows.filter((r) => r.ledgerIndex !== null);
      const proofs = await recordProofs(
        db,
        actor.organizationId,
        inLedger.map((r) => ({ recordId: r.id, version: r.version })),
        head.treeSize,
      );
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
        add(file, `${JSON.stringify(bundle, null, 2)}\n`);
        files.push({ recordId: row.id, file, leafIndex: proof.leafIndex });
      }
      // Wait for the reader before the next page.
      if (out.writableNeedDrain) await once(out, 'drain');
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
    add('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
    add('checkpoint.txt', checkpoint);
    add('public-key.pem', publicKey.spkiPem);
    add('verify-archive.mjs', verifier, 0o755);
    add(
      'README.txt',
      readme(manifest.organization, files.length, withoutProof.length, head.treeSize),
    );
    zip.end();
  };
  write().catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );

  return {
    fileName: `centerline-proofs-${request.from}-${request.to}.zip`,
    stream: out,
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
