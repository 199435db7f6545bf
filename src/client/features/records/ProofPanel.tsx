import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { proofBundle } from '@shared/api/ledger';
import { parseNote } from '@shared/ledger/note';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { QueryError } from '../dashboard/QueryError';
import { BundleChecks, BundleFileCheck, Verdict } from './BundleChecks';
import { HashCell } from './HashCell';
import { useVerifiedProof } from './use-proof';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-2 py-1.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** Witness cosignatures on the bundle's checkpoint: every signature line but the log's own. */
function cosignatureCount(checkpoint: string, origin: string): number | null {
  try {
    return parseNote(checkpoint).signatures.filter((s) => s.name !== origin).length;
  } catch {
    return null;
  }
}

function CheckpointWitnesses({ checkpoint, origin }: { checkpoint?: string; origin: string }) {
  const { t } = useTranslation('records');
  if (checkpoint === undefined) {
    return <span className="text-muted-foreground">{t('proof.noCheckpoint')}</span>;
  }
  const count = cosignatureCount(checkpoint, origin);
  if (count === null) {
    return <span className="text-destructive">{t('proof.malformedCheckpoint')}</span>;
  }
  if (count === 0) {
    return <span className="text-muted-foreground">{t('proof.noWitness')}</span>;
  }
  return (
    <span>
      <Trans
        t={t}
        i18nKey="proof.cosignatures"
        count={count}
        components={{ num: <span className="tabular-nums" /> }}
      />
    </span>
  );
}

/** The proof as received, shown when its shape is the bundle format (a forged one may not be). */
function ProofDetails({ bundle }: { bundle: unknown }) {
  const { t } = useTranslation('records');
  const parsed = proofBundle.safeParse(bundle);
  if (!parsed.success) return null;
  const { leaf, proof, head, publicKey, checkpoint } = parsed.data;
  return (
    <dl className="divide-y text-sm">
      <Row label={t('proof.leafIndex')}>
        <span className="tabular-nums">{leaf.index}</span>
      </Row>
      <Row label={t('proof.treeSize')}>
        <Trans
          t={t}
          i18nKey="proof.leaves"
          count={proof.treeSize}
          components={{ num: <span className="tabular-nums" /> }}
        />
      </Row>
      <Row label={t('proof.leafHash')}>
        <HashCell hash={leaf.hash} subject={t('hash.subjects.leaf')} />
      </Row>
      <Row label={t('proof.signedRoot')}>
        <HashCell hash={head.rootHash} subject={t('hash.subjects.root')} />
      </Row>
      <Row label={t('proof.signedAt')}>{formatDateTime(head.timestamp)}</Row>
      <Row label={t('proof.signature')}>
        <HashCell hash={head.signature} subject={t('hash.subjects.signature')} />
      </Row>
      <Row label={t('proof.publicKey')}>
        <HashCell hash={publicKey.publicKeyHex} subject={t('hash.subjects.publicKey')} />
        <span className="block text-xs text-muted-foreground">
          {t('proof.keyId', { keyId: head.keyId })}
        </span>
      </Row>
      <Row label={t('proof.fingerprint')}>
        <code className="font-mono text-xs [overflow-wrap:anywhere]">{publicKey.fingerprint}</code>
      </Row>
      <Row label={t('proof.witnesses')}>
        <CheckpointWitnesses checkpoint={checkpoint} origin={publicKey.origin} />
      </Row>
      <Row label={t('proof.auditPath')}>
        {proof.auditPath.length === 0 ? (
          <span className="text-muted-foreground">{t('proof.noAuditPath')}</span>
        ) : (
          <ol className="grid gap-1" aria-label={t('proof.auditPathLabel')}>
            {proof.auditPath.map((hash, i) => (
              <li key={`${i}-${hash}`} className="flex items-baseline gap-2">
                <span className="w-4 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                  {i + 1}
                </span>
                <code className="break-all font-mono text-[11px] leading-snug">{hash}</code>
              </li>
            ))}
          </ol>
        )}
      </Row>
    </dl>
  );
}

/** The verdict at a glance, for the record's header; the panel below says why. */
export function ProofBadge({ id, canExport }: { id: string; canExport: boolean }) {
  const { t } = useTranslation('records');
  const proof = useVerifiedProof(id, { canExport });
  if (proof.isPending) return <Badge variant="outline">{t('proof.badge.verifying')}</Badge>;
  if (proof.isError || !proof.data.verification.ok) {
    return (
      <Badge variant="destructive">
        <ShieldAlert aria-hidden className="size-3" /> {t('proof.badge.notVerified')}
      </Badge>
    );
  }
  return (
    <Badge variant="success">
      <ShieldCheck aria-hidden className="size-3" /> {t('proof.badge.verified')}
    </Badge>
  );
}

/** Inclusion proof of the record's latest version, verified here with the offline verifier. */
export function ProofPanel({
  id,
  canExport,
  version,
}: {
  id: string;
  canExport: boolean;
  version: number;
}) {
  const { t } = useTranslation('records');
  const proof = useVerifiedProof(id, { canExport });
  return (
    <Card role="region" aria-label={t('proof.title')}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{t('proof.title')}</CardTitle>
          <CardDescription>{t('proof.description', { version })}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('proof.recheckLabel')}
          title={t('proof.recheck')}
          disabled={proof.isFetching}
          onClick={() => void proof.refetch()}
        >
          <RefreshCw className={proof.isFetching ? 'animate-spin' : undefined} />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {proof.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label={t('proof.verifyingLabel')} /> {t('proof.verifying')}
          </div>
        ) : proof.isError ? (
          <QueryError error={proof.error} what={t('proof.what')} />
        ) : (
          <>
            <Verdict verification={proof.data.verification} okText={t('proof.ok')} />
            <ProofDetails bundle={proof.data.bundle} />
            <BundleChecks verification={proof.data.verification} />
          </>
        )}
        <BundleFileCheck />
      </CardContent>
    </Card>
  );
}
