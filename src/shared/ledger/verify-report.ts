import { reportManifest, type ReportManifest } from '../api/reports';
import { bytesToHex } from './hex';
import { parseVerifierKey, verifyCheckpoint } from './note';

export interface ReportCheck {
  name: 'manifest' | 'file' | 'checkpoint' | 'pinned';
  ok: boolean;
  message: string;
}

export interface ReportVerification {
  /** The file is the one the manifest names and its checkpoint is signed by the manifest's key. */
  ok: boolean;
  /** And that key is one the reader pinned (the organization's fingerprint). */
  pinned: boolean;
  checks: ReportCheck[];
  manifest: ReportManifest | null;
}

function defaultSubtle(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('WebCrypto is not available here');
  return subtle;
}

/**
 * Checks a report file against its manifest, offline: the file's SHA-256 and size are the
 * manifest's, the manifest's checkpoint is signed by the log key it names and commits to the
 * tree size and root it states, and (when keys are given) that key is one the reader trusts.
 * A changed byte of the file, or a manifest edited to match it, fails one of these.
 */
export async function verifyReport(
  manifestJson: unknown,
  file: Uint8Array,
  options: { trustedPublicKeys?: string[]; subtle?: SubtleCrypto } = {},
): Promise<ReportVerification> {
  const checks: ReportCheck[] = [];
  const done = (manifest: ReportManifest | null, pinned = false): ReportVerification => ({
    ok: checks.every((c) => c.ok || c.name === 'pinned'),
    pinned,
    checks,
    manifest,
  });
  const parsed = reportManifest.safeParse(manifestJson);
  if (!parsed.success) {
    checks.push({ name: 'manifest', ok: false, message: 'not a Centerline report manifest (v1)' });
    return done(null);
  }
  const manifest = parsed.data;
  checks.push({
    name: 'manifest',
    ok: true,
    message: `${manifest.type} report ${manifest.reportId} of ${manifest.organizationName}, ${manifest.period.from} to ${manifest.period.to}`,
  });

  const subtle = options.subtle ?? defaultSubtle();
  const digest = bytesToHex(new Uint8Array(await subtle.digest('SHA-256', new Uint8Array(file))));
  const fileOk = digest === manifest.sha256 && file.length === manifest.sizeBytes;
  checks.push({
    name: 'file',
    ok: fileOk,
    message: fileOk
      ? `SHA-256 ${digest} and ${file.length} bytes, as the manifest states`
      : `the file's SHA-256 is ${digest} (${file.length} bytes); the manifest states ${manifest.sha256} (${manifest.sizeBytes} bytes): this is not the file the manifest describes`,
  });

  const head = manifest.treeHead;
  let logKey;
  try {
    logKey = parseVerifierKey(head.vkey);
  } catch (error) {
    checks.push({ name: 'checkpoint', ok: false, message: `the log key: ${String(error)}` });
    return done(manifest);
  }
  const keyHex = bytesToHex(logKey.publicKey);
  const checkpoint = await verifyCheckpoint(head.checkpoint, {
    logKey,
    origin: head.origin,
    subtle,
  });
  const matches =
    checkpoint.checkpoint?.treeSize === head.treeSize &&
    checkpoint.checkpoint?.rootHash === head.rootHash &&
    keyHex === head.publicKeyHex;
  checks.push({
    name: 'checkpoint',
    ok: checkpoint.ok && matches,
    message: !checkpoint.ok
      ? (checkpoint.problem ?? 'the checkpoint does not verify')
      : matches
        ? `signed checkpoint of ${head.treeSize} entries, root ${head.rootHash}`
        : 'the checkpoint is signed but does not match the tree size, root or key the manifest states',
  });

  const trusted = (options.trustedPublicKeys ?? []).map((k) => k.trim().toLowerCase());
  const pinned = trusted.includes(keyHex);
  checks.push({
    name: 'pinned',
    ok: pinned,
    message: pinned
      ? `signed by the pinned key ${head.fingerprint}`
      : trusted.length === 0
        ? `no key pinned: compare ${head.fingerprint} with the organization's fingerprint`
        : `signed by ${head.fingerprint}, which is not one of the pinned keys`,
  });
  return done(manifest, pinned);
}
