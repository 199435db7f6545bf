import { Check, Copy, Download, KeyRound, Printer, RotateCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { LedgerKeyList, LedgerPublicKey } from '@shared/api/ledger';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { useAuth } from '../auth/use-auth';
import { QueryError } from '../dashboard/QueryError';
import { CheckpointMemoryNote } from '../ledger-watch/CheckpointMemoryNote';
import { useLedgerKeys, useRotateLedgerKey } from './use-ledger';

const VAULT_WORDS: Record<LedgerKeyList['vault'], string> = {
  folder:
    'In a key folder on the server that only the server’s account can read, outside the database.',
  sealed:
    'Sealed with the server’s LEDGER_KEY_SECRET, outside the database: a copy of the data alone cannot sign.',
};

/** `SHA256:abcd:ef01:…` as groups that wrap at group boundaries, never inside one. */
export function Fingerprint({ value, className }: { value: string; className?: string }) {
  const [algorithm, ...groups] = value.split(':');
  return (
    <p className={className}>
      <span className="mr-2 text-muted-foreground">{algorithm}</span>
      {groups.map((group, i) => (
        <span key={i} className="inline-block whitespace-nowrap">
          {group}
          {i < groups.length - 1 && <span className="text-muted-foreground">:</span>}
          {i < groups.length - 1 && <wbr />}
        </span>
      ))}
    </p>
  );
}

/** The current key's fingerprint as a fixed grid of four-digit groups: easy to read aloud. */
function PrintableFingerprint({ value }: { value: string }) {
  const [algorithm, ...groups] = value.split(':');
  return (
    <div aria-label={`Fingerprint ${value}`} role="group" className="grid gap-1 font-mono">
      <span className="text-sm text-muted-foreground">{algorithm}</span>
      <p className="grid grid-cols-4 gap-x-4 gap-y-1 text-lg tracking-wider sm:grid-cols-8 sm:text-xl">
        {groups.map((group, i) => (
          <span key={i}>{group}</span>
        ))}
      </p>
    </div>
  );
}

function CopyButton({ text, subject }: { text: string; subject: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser did not allow copying to the clipboard.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={`Copy ${subject}`}>
      {copied ? <Check className="text-green-600" /> : <Copy />} {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function downloadPem(key: LedgerPublicKey) {
  const url = URL.createObjectURL(new Blob([key.spkiPem], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `centerline-ledger-${key.keyId}.pem`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function RotateKeyDialog() {
  const [open, setOpen] = useState(false);
  const rotate = useRotateLedgerKey();
  const onRotate = async () => {
    try {
      const key = await rotate.mutateAsync();
      setOpen(false);
      toast({ title: 'Signing key rotated', description: `New fingerprint ${key.fingerprint}` });
    } catch (error) {
      toast({
        title: 'The key was not rotated',
        description: error instanceof ApiError ? error.userMessage : 'Check your connection.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <RotateCw /> Rotate key
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rotate the ledger signing key?</DialogTitle>
          <DialogDescription>
            New heads and checkpoints will be signed with a new key. Proofs signed before stay valid
            with the old one, which is kept as a retired key.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          Everyone who pinned the current fingerprint (your FAA inspector, your witnesses’
          operators, auditors’ browsers) will see a new key: print the new fingerprint and hand it
          to them again.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={onRotate} disabled={rotate.isPending}>
            {rotate.isPending && <Spinner label="Rotating" />} Rotate key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** The organization's ledger signing key: what inspectors pin and tools verify with. */
export function LedgerKeyCard() {
  const keys = useLedgerKeys();
  const { can } = useAuth();
  const data = keys.data;
  const retired = data?.keys.filter((k) => k.keyId !== data.current.keyId).reverse() ?? [];
  return (
    <Card role="region" aria-labelledby="ledger-key-title" className="print:shadow-none">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="ledger-key-title" className="flex items-center gap-2">
            <KeyRound aria-hidden className="size-4" /> Ledger signing key
          </CardTitle>
          <CardDescription>
            Every training record and audit entry is a leaf of your signed log; this key signs its
            heads and checkpoints.
          </CardDescription>
        </div>
        {data && can('manageOrganization') && <RotateKeyDialog />}
      </CardHeader>
      <CardContent className="grid gap-5">
        {keys.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Loading the signing key" /> Loading the signing key…
          </div>
        ) : !data ? (
          <QueryError error={keys.error} what="the signing key" />
        ) : (
          <>
            <div className="grid gap-3 rounded-md border bg-muted/40 p-4">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                Fingerprint
              </p>
              <PrintableFingerprint value={data.current.fingerprint} />
              <p className="text-sm">
                Print this fingerprint and hand it to your FAA inspector so they can pin it: any
                proof or checkpoint they check later must be signed by the key it names.
              </p>
              <div className="flex flex-wrap gap-2 print:hidden">
                <Button variant="outline" size="sm" onClick={() => window.print()}>
                  <Printer /> Print
                </Button>
                <Button variant="outline" size="sm" onClick={() => downloadPem(data.current)}>
                  <Download /> Download public key (PEM)
                </Button>
              </div>
            </div>
            <dl className="divide-y text-sm">
              <Row label="Log origin">
                <code className="font-mono text-xs break-all">{data.current.origin}</code>
              </Row>
              <Row label="Verifier key">
                <div className="flex flex-wrap items-center gap-2">
                  <code className="min-w-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
                    {data.current.vkey}
                  </code>
                  <CopyButton text={data.current.vkey} subject="the verifier key" />
                </div>
              </Row>
              <Row label="In use since">{formatDateTime(data.current.createdAt)}</Row>
              <Row label="Private key kept">{VAULT_WORDS[data.vault]}</Row>
              <Row label="Earlier keys">
                {retired.length === 0 ? (
                  <span className="text-muted-foreground">
                    None: this log has been signed by one key.
                  </span>
                ) : (
                  <ul className="grid gap-2">
                    {retired.map((key) => (
                      <li key={key.keyId} className="grid gap-0.5">
                        <Fingerprint
                          value={key.fingerprint}
                          className="font-mono text-xs break-words"
                        />
                        <span className="text-xs text-muted-foreground">
                          {formatDate(key.createdAt)} to{' '}
                          {key.retiredAt ? formatDate(key.retiredAt) : 'now'}; earlier proofs still
                          verify with it.
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Row>
            </dl>
          </>
        )}
        <CheckpointMemoryNote className="border-t pt-4" />
      </CardContent>
    </Card>
  );
}
