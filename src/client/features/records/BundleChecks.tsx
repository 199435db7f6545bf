import {
  CircleCheck,
  CircleMinus,
  CircleX,
  ShieldAlert,
  ShieldCheck,
  ShieldQuestion,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUNDLE_CHECKS,
  type BundleCheckName,
  type BundleVerification,
} from '@shared/ledger/verify-bundle';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { trustedKeysOf, useLedgerKeys, verifyBundleFile } from './use-proof';

/** Each check's name, a key of `records:checks.names` (drawn in the reader's language). */
const CHECK_LABELS: Record<BundleCheckName, string> = {
  format: 'checks.names.format',
  leaf_canonical: 'checks.names.leaf_canonical',
  leaf_hash: 'checks.names.leaf_hash',
  leaf_envelope: 'checks.names.leaf_envelope',
  record_matches_leaf: 'checks.names.record_matches_leaf',
  inclusion: 'checks.names.inclusion',
  public_key: 'checks.names.public_key',
  head_signature: 'checks.names.head_signature',
  checkpoint: 'checks.names.checkpoint',
};

/** The colour of a check's icon: not reached, passed or failed. */
function toneOf(check: { ok: boolean } | undefined): string {
  if (!check) return 'text-muted-foreground';
  return check.ok ? 'text-green-700' : 'text-destructive';
}

/** The verdict of the offline verifier, and for a failure the first check that did not hold. */
export function Verdict({
  verification,
  okText,
}: {
  verification: BundleVerification;
  okText: string;
}) {
  const { t } = useTranslation('records');
  if (verification.ok && !verification.pinned) {
    // The maths holds for the key in the file, but nothing ties that key to the organization.
    return (
      <div role="alert" className="flex gap-2 rounded-md bg-amber-50 p-3 text-amber-950">
        <ShieldQuestion aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div>
          <p className="font-semibold">{t('checks.unpinnedTitle')}</p>
          <p className="text-sm [overflow-wrap:anywhere]">
            {t('checks.unpinned', { fingerprint: verification.fingerprint ?? '' })}
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
          <p className="font-semibold">{t('checks.verified')}</p>
          <p className="text-sm [overflow-wrap:anywhere]">{okText}</p>
          <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere]">
            {t('checks.signingKey', { fingerprint: verification.fingerprint ?? '' })}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" className="flex gap-2 rounded-md bg-red-50 p-3 text-red-900">
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div>
        <p className="font-semibold">{t('checks.failed')}</p>
        <p className="text-sm [overflow-wrap:anywhere]">
          {verification.failure?.message ?? t('checks.incomplete')}
        </p>
      </div>
    </div>
  );
}

/** Every check of the offline verifier, passed, failed or not reached, with what it found. */
export function BundleChecks({ verification }: { verification: BundleVerification }) {
  const { t } = useTranslation('records');
  const byName = new Map(verification.checks.map((c) => [c.name, c]));
  return (
    <details className="group rounded-md border text-sm" open={!verification.ok}>
      <summary className="cursor-pointer px-3 py-2 font-medium">
        {t('checks.passedCount', {
          passed: verification.checks.filter((c) => c.ok).length,
          count: BUNDLE_CHECKS.length,
        })}
      </summary>
      <ul className="grid gap-2 border-t px-3 py-2">
        {BUNDLE_CHECKS.map((name) => {
          const check = byName.get(name);
          const Icon = !check ? CircleMinus : check.ok ? CircleCheck : CircleX;
          const tone = toneOf(check);
          return (
            <li key={name} className="flex gap-2" data-check={name}>
              <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
              <div className="min-w-0">
                <p className="font-medium">
                  {t(CHECK_LABELS[name])}
                  <span className="sr-only">
                    {t('checks.stateSeparator')}
                    {!check
                      ? t('checks.state.notChecked')
                      : check.ok
                        ? t('checks.state.passed')
                        : t('checks.state.failed')}
                  </span>
                </p>
                <p className="break-words text-xs text-muted-foreground">
                  {check?.message ?? t('checks.notReached')}
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
  const { t } = useTranslation('records');
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
      <Label htmlFor={id}>{t('checks.file.label')}</Label>
      <Input
        id={id}
        type="file"
        accept=".json,application/json"
        onChange={(event) => void onFile(event.target.files?.[0])}
        className="cursor-pointer text-xs file:mr-2 file:rounded file:border-0 file:bg-muted file:px-2 file:py-1"
      />
      <p className="text-xs text-muted-foreground">{t('checks.file.hint')}</p>
      {checking && <Spinner label={t('checks.file.checking')} />}
      {result && !checking && (
        <div className="grid gap-2" aria-label={t('checks.file.result', { name: result.name })}>
          <p className="text-xs text-muted-foreground">{result.name}</p>
          <Verdict verification={result.verification} okText={t('checks.file.ok')} />
          <BundleChecks verification={result.verification} />
        </div>
      )}
    </div>
  );
}
