import { Check, Copy, Download, KeyRound, Printer, RotateCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Where the private key is kept, `ledgerKey.vault.<vault>` in the admin catalogue. */
const VAULTS: Record<LedgerKeyList['vault'], `ledgerKey.vault.${LedgerKeyList['vault']}`> = {
  folder: 'ledgerKey.vault.folder',
  sealed: 'ledgerKey.vault.sealed',
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
  const { t } = useTranslation('admin');
  const [algorithm, ...groups] = value.split(':');
  return (
    <div
      aria-label={t('ledgerKey.fingerprintLabel', { value })}
      role="group"
      className="grid gap-1 font-mono"
    >
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
  const { t } = useTranslation('admin');
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
        title: t('ledgerKey.copyFailed'),
        description: t('ledgerKey.copyRefused'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={copy}
      aria-label={t('ledgerKey.copyLabel', { subject })}
    >
      {copied ? <Check className="text-green-600" /> : <Copy />}{' '}
      {copied ? t('ledgerKey.copied') : t('ledgerKey.copy')}
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
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const rotate = useRotateLedgerKey();
  const onRotate = async () => {
    try {
      const key = await rotate.mutateAsync();
      setOpen(false);
      toast({
        title: t('ledgerKey.rotated'),
        description: t('ledgerKey.newFingerprint', { fingerprint: key.fingerprint }),
      });
    } catch (error) {
      toast({
        title: t('ledgerKey.notRotated'),
        description: error instanceof ApiError ? error.userMessage : t('checkConnection'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <RotateCw /> {t('ledgerKey.rotate')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('ledgerKey.rotateTitle')}</DialogTitle>
          <DialogDescription>{t('ledgerKey.rotateDescription')}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">{t('ledgerKey.rotateWarning')}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('cancel')}</Button>
          </DialogClose>
          <Button onClick={onRotate} disabled={rotate.isPending}>
            {rotate.isPending && <Spinner label={t('ledgerKey.rotating')} />}{' '}
            {t('ledgerKey.rotate')}
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
  const { t } = useTranslation('admin');
  const keys = useLedgerKeys();
  const { can } = useAuth();
  const data = keys.data;
  const retired = data?.keys.filter((k) => k.keyId !== data.current.keyId).reverse() ?? [];
  return (
    <Card role="region" aria-labelledby="ledger-key-title" className="print:shadow-none">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="ledger-key-title" className="flex items-center gap-2">
            <KeyRound aria-hidden className="size-4" /> {t('ledgerKey.title')}
          </CardTitle>
          <CardDescription>{t('ledgerKey.description')}</CardDescription>
        </div>
        {data && can('manageOrganization') && <RotateKeyDialog />}
      </CardHeader>
      <CardContent className="grid gap-5">
        {keys.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label={t('ledgerKey.loading')} /> {t('ledgerKey.loadingText')}
          </div>
        ) : !data ? (
          <QueryError error={keys.error} what={t('ledgerKey.what')} />
        ) : (
          <>
            <div className="grid gap-3 rounded-md border bg-muted/40 p-4">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {t('ledgerKey.fingerprint')}
              </p>
              <PrintableFingerprint value={data.current.fingerprint} />
              <p className="text-sm">{t('ledgerKey.printAdvice')}</p>
              <div className="flex flex-wrap gap-2 print:hidden">
                <Button variant="outline" size="sm" onClick={() => window.print()}>
                  <Printer /> {t('ledgerKey.print')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => downloadPem(data.current)}>
                  <Download /> {t('ledgerKey.downloadPem')}
                </Button>
              </div>
            </div>
            <dl className="divide-y text-sm">
              <Row label={t('ledgerKey.origin')}>
                <code className="font-mono text-xs break-all">{data.current.origin}</code>
              </Row>
              <Row label={t('ledgerKey.verifierKey')}>
                <div className="flex flex-wrap items-center gap-2">
                  <code className="min-w-0 rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
                    {data.current.vkey}
                  </code>
                  <CopyButton
                    text={data.current.vkey}
                    subject={t('ledgerKey.verifierKeySubject')}
                  />
                </div>
              </Row>
              <Row label={t('ledgerKey.inUseSince')}>{formatDateTime(data.current.createdAt)}</Row>
              <Row label={t('ledgerKey.privateKeyKept')}>{t(VAULTS[data.vault])}</Row>
              <Row label={t('ledgerKey.earlierKeys')}>
                {retired.length === 0 ? (
                  <span className="text-muted-foreground">{t('ledgerKey.noEarlierKeys')}</span>
                ) : (
                  <ul className="grid gap-2">
                    {retired.map((key) => (
                      <li key={key.keyId} className="grid gap-0.5">
                        <Fingerprint
                          value={key.fingerprint}
                          className="font-mono text-xs break-words"
                        />
                        <span className="text-xs text-muted-foreground">
                          {key.retiredAt
                            ? t('ledgerKey.retiredRange', {
                                from: formatDate(key.createdAt),
                                to: formatDate(key.retiredAt),
                              })
                            : t('ledgerKey.retiredSince', { from: formatDate(key.createdAt) })}
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
