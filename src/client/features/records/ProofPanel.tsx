import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
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
  if (checkpoint === undefined) {
    return <span className="text-muted-foreground">No checkpoint in this proof</span>;
  }
  const count = cosignatureCount(checkpoint, origin);
  if (count === null) return <span className="text-destructive">The checkpoint is malformed</span>;
  if (count === 0) {
    return <span className="text-muted-foreground">No witness has cosigned this checkpoint</span>;
  }
  return (
    <span>
      <span className="tabular-nums">{count}</span> witness{' '}
      {count === 1 ? 'cosignature' : 'cosignatures'} on the checkpoint
    </span>
  );
}

/** The proof as received, shown when its shape is the bundle format (a forged one may not be). */
function ProofDetails({ bundle }: { bundle: unknown }) {
  const parsed = proofBundle.safeParse(bundle);
  if (!parsed.success) return null;
  const { leaf, proof, head, publicKey, checkpoint } = parsed.data;
  return (
    <dl className="divide-y text-sm">
      <Row label="Leaf index">
        <span className="tabular-nums">{leaf.index}</span>
      </Row>
      <Row label="Tree size">
        <span className="tabular-nums">{proof.treeSize}</span> leaves
      </Row>
      <Row label="Leaf hash">
        <HashCell hash={leaf.hash} subject="the leaf" />
      </Row>
      <Row label="Signed root">
        <HashCell hash={head.rootHash} subject="the signed root" />
      </Row>
      <Row label="Signed at">{formatDateTime(head.timestamp)}</Row>
      <Row label="Signature">
        <HashCell hash={head.signature} subject="the head signature" />
      </Row>
      <Row label="Public key">
        <HashCell hash={publicKey.publicKeyHex} subject="the public key" />
        <span className="block text-xs text-muted-foreground">Ed25519, key {head.keyId}</span>
      </Row>
      <Row label="Fingerprint">
        <code className="font-mono text-xs [overflow-wrap:anywhere]">{publicKey.fingerprint}</code>
      </Row>
      <Row label="Witnesses">
        <CheckpointWitnesses checkpoint={checkpoint} origin={publicKey.origin} />
      </Row>
      <Row label="Proof hashes">
        {proof.auditPath.length === 0 ? (
          <span className="text-muted-foreground">None: the leaf is the whole tree</span>
        ) : (
          <ol className="grid gap-1" aria-label="Audit path, leaf level first">
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
  const proof = useVerifiedProof(id, { canExport });
  if (proof.isPending) return <Badge variant="outline">Verifying…</Badge>;
  if (proof.isError || !proof.data.verification.ok) {
    return (
      <Badge variant="destructive">
        <ShieldAlert aria-hidden className="size-3" /> Not verified
      </Badge>
    );
  }
  return (
    <Badge variant="success">
      <ShieldCheck aria-hidden className="size-3" /> Ledger verified
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
  const proof = useVerifiedProof(id, { canExport });
  return (
    <Card role="region" aria-label="Ledger proof">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Ledger proof</CardTitle>
          <CardDescription>Inclusion proof of version {version} (RFC 9162)</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Check the proof again"
          title="Check again"
          disabled={proof.isFetching}
          onClick={() => void proof.refetch()}
        >
          <RefreshCw className={proof.isFetching ? 'animate-spin' : undefined} />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {proof.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Verifying the proof" /> Verifying the proof in this browser…
          </div>
        ) : proof.isError ? (
          <QueryError error={proof.error} what="the proof" />
        ) : (
          <>
            <Verdict
              verification={proof.data.verification}
              okText="Checked in this browser: the record is in your organization’s signed log exactly as shown."
            />
            <ProofDetails bundle={proof.data.bundle} />
            <BundleChecks verification={proof.data.verification} />
          </>
        )}
        <BundleFileCheck />
      </CardContent>
    </Card>
  );
}
