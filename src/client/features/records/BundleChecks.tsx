import {
  CircleCheck,
  CircleMinus,
  CircleX,
  ShieldAlert,
  ShieldCheck,
  ShieldQuestion,
} from 'lucide-react';
import { useId, useState } from 'react';
import {
  BUNDLE_CHECKS,
  type BundleCheckName,
  type BundleVerification,
} from '@shared/ledger/verify-bundle';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { trustedKeysOf, useLedgerKeys, verifyBundleFile } from './use-proof';

const CHECK_LABELS: Record<BundleCheckName, string> = {
  format: 'Bundle format',
  leaf_canonical: 'Leaf is canonical JSON',
  leaf_hash: 'Leaf hash recomputed',
  leaf_envelope: 'Leaf is this record',
  record_matches_leaf: 'Record equals the leaf',
  inclusion: 'Leaf is in the signed tree',
  public_key: 'Organization’s signing key',
  head_signature: 'Tree head signature',
  checkpoint: 'Checkpoint and witness cosignatures',
};

/** The verdict of the offline verifier, and for a failure the first check that did not hold. */
export function Verdict({
  verification,
  okText,
}: {
  verification: BundleVerification;
  okText: string;
}) {
  if (verification.ok && !verification.pinned) {
    // The maths holds for the key in the file, but nothing ties that key to the organization.
    return (
      <div role="alert" className="flex gap-2 rounded-md bg-amber-50 p-3 text-amber-950">
        <ShieldQuestion aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div>
          <p className="font-semibold">Signer not confirmed</p>
          <p className="text-sm [overflow-wrap:anywhere]">
            The proof is consistent, but it is signed by key {verification.fingerprint}, which is
            not one of this organization’s published keys. Anyone can sign with a key of their own:
            compare this fingerprint with the one the organization handed you.
          </p>
        </div>
      </div>
    );
  }
  if (verification.ok) {
    return (
      <div role="status" className="flex gap-2 rounded-md bg-green-50 p-3 text-green-900">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
        <div>
          <p className="font-semibold">Verified</p>
          <p className="text-sm [overflow-wrap:anywhere]">{okText}</p>
          <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere]">
            Signing key {verification.fingerprint}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-red-900">
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div>
        <p className="font-semibold">Verification failed</p>
        <p className="text-sm [overflow-wrap:anywhere]">
          {verification.failure?.message ?? 'Not every check ran.'}
        </p>
      </div>
    </div>
  );
}

/** Every check of the offline verifier, passed, failed or not reached, with what it found. */
export function BundleChecks({ verification }: { verification: BundleVerification }) {
  const byName = new Map(verification.checks.map((c) => [c.name, c]));
  return (
    <details className="group rounded-md border text-sm" open={!verification.ok}>
      <summary className="cursor-pointer px-3 py-2 font-medium">
        {verification.checks.filter((c) => c.ok).length} of {BUNDLE_CHECKS.length} checks passed
      </summary>
      <ul className="grid gap-2 border-t px-3 py-2">
        {BUNDLE_CHECKS.map((name) => {
          const check = byName.get(name);
          const Icon = !check ? CircleMinus : check.ok ? CircleCheck : CircleX;
          const tone = !check
            ? 'text-muted-foreground'
            : check.ok
              ? 'text-green-700'
              : 'text-destructive';
          return (
            <li key={name} className="flex gap-2" data-check={name}>
              <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
              <div className="min-w-0">
                <p className="font-medium">
                  {CHECK_LABELS[name]}
                  <span className="sr-only">
                    : {!check ? 'not checked' : check.ok ? 'passed' : 'failed'}
                  </span>
                </p>
                <p className="break-words text-xs text-muted-foreground">
                  {check?.message ?? 'Not checked: an earlier check failed'}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/**
 * Verifies a bundle file kept elsewhere (a download from earlier, one sent by a colleague),
 * with no server call but the organization's published key to compare against.
 */
export function BundleFileCheck() {
  const id = useId();
  const keys = useLedgerKeys();
  const [result, setResult] = useState<{ name: string; verification: BundleVerification } | null>(
    null,
  );
  const [checking, setChecking] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setChecking(true);
    try {
      setResult({
        name: file.name,
        verification: await verifyBundleFile(file, keys.data ? trustedKeysOf(keys.data) : []),
      });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="grid gap-2 border-t pt-4">
      <Label htmlFor={id}>Check a proof bundle file</Label>
      <Input
        id={id}
        type="file"
        accept=".json,application/json"
        onChange={(event) => void onFile(event.target.files?.[0])}
        className="cursor-pointer text-xs file:mr-2 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1"
      />
      <p className="text-xs text-muted-foreground">
        Verified in this browser, against your organization’s published key.
      </p>
      {checking && <Spinner label="Checking the file" />}
      {result && !checking && (
        <div className="grid gap-2" aria-label={`Result for ${result.name}`}>
          <p className="text-xs text-muted-foreground">{result.name}</p>
          <Verdict
            verification={result.verification}
            okText="The record in this file is in your organization’s signed log exactly as the file shows it."
          />
          <BundleChecks verification={result.verification} />
        </div>
      )}
    </div>
  );
}
