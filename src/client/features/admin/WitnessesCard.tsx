import { Eye, Send, ShieldAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { LedgerWitness } from '@shared/api/ledger';
import { Badge } from '../../components/ui/badge';
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
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { t as appT } from '../../i18n/app';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useAuth } from '../auth/use-auth';
import { QueryError } from '../dashboard/QueryError';
import { AddWitnessForm } from './AddWitnessForm';
import { Fingerprint } from './LedgerKeyCard';
import { useRemoveWitness, useSendCheckpoint, useWitnesses } from './use-ledger';

const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? error.userMessage : appT('admin:checkConnection'),
    variant: 'destructive',
  });

function RemoveWitnessDialog({ witness }: { witness: LedgerWitness }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const remove = useRemoveWitness();
  const onRemove = async () => {
    try {
      await remove.mutateAsync(witness.id);
      setOpen(false);
    } catch (error) {
      failed(t('witnesses.notRemoved'), error);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('witnesses.removeLabel', { name: witness.name })}
        >
          <Trash2 /> {t('witnesses.remove')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('witnesses.removeTitle', { name: witness.name })}</DialogTitle>
          <DialogDescription>{t('witnesses.removeDescription')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onRemove} disabled={remove.isPending}>
            {remove.isPending && <Spinner label={t('witnesses.removing')} />}{' '}
            {t('witnesses.removeConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CosignedCell({ witness, treeSize }: { witness: LedgerWitness; treeSize: number }) {
  const { t } = useTranslation('admin');
  if (witness.alarm) return <Badge variant="destructive">{t('witnesses.refusedAlarm')}</Badge>;
  if (witness.cosignedSize === null) {
    return <span className="text-muted-foreground">{t('witnesses.notCosigned')}</span>;
  }
  const current = witness.cosignedSize === treeSize;
  return (
    <span className="grid justify-items-start gap-1">
      <span className="tabular-nums">
        {t('witnesses.cosignedOf', {
          count: treeSize,
          size: formatNumber(witness.cosignedSize),
          total: formatNumber(treeSize),
        })}
      </span>
      <Badge variant={current ? 'success' : 'warning'}>
        {current ? t('witnesses.upToDate') : t('witnesses.behind')}
      </Badge>
    </span>
  );
}

function WitnessAlarm({ witnesses }: { witnesses: LedgerWitness[] }) {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-3">
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div className="grid gap-1 text-sm text-red-950 [overflow-wrap:anywhere]">
        <p className="font-semibold">
          {witnesses.length === 1
            ? t('witnesses.alarmOne', { name: witnesses[0]!.name })
            : t('witnesses.alarmMany', { count: witnesses.length })}
        </p>
        <p>{t('witnesses.alarmExplanation')}</p>
        <ul className="list-disc pl-5">
          {witnesses.map((w) => (
            <li key={w.id}>
              <strong>{w.name}</strong>
              {t('witnesses.alarmSeparator')}
              {w.alarm}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Independent servers that cosign the log's checkpoints and refuse a rewritten history. */
export function WitnessesCard() {
  const { t } = useTranslation('admin');
  const witnesses = useWitnesses();
  const send = useSendCheckpoint();
  const { can } = useAuth();
  const manage = can('manageOrganization');
  const list = witnesses.data?.witnesses ?? [];
  const alarmed = list.filter((w) => w.alarm);

  const onSend = async () => {
    try {
      await send.mutateAsync();
      toast({ title: t('witnesses.sent'), description: t('witnesses.sentDescription') });
    } catch (error) {
      failed(t('witnesses.notSent'), error);
    }
  };

  return (
    <Card role="region" aria-labelledby="witnesses-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="witnesses-title" className="flex items-center gap-2">
            <Eye aria-hidden className="size-4" /> {t('witnesses.title')}
          </CardTitle>
          <CardDescription>{t('witnesses.description')}</CardDescription>
        </div>
        {manage && list.length > 0 && (
          <Button variant="outline" onClick={onSend} disabled={send.isPending}>
            {send.isPending ? <Spinner label={t('witnesses.sending')} /> : <Send />}{' '}
            {t('witnesses.send')}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {witnesses.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label={t('witnesses.loading')} /> {t('witnesses.loadingText')}
          </div>
        ) : witnesses.isError ? (
          <QueryError error={witnesses.error} what={t('witnesses.what')} />
        ) : list.length === 0 ? (
          <EmptyState icon={Eye} title={t('witnesses.emptyTitle')}>
            <Trans
              t={t}
              i18nKey="witnesses.emptyText"
              components={{ code: <code className="font-mono text-xs" /> }}
            />
          </EmptyState>
        ) : (
          <>
            {alarmed.length > 0 && <WitnessAlarm witnesses={alarmed} />}
            <div className="overflow-x-auto rounded-md border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('witnesses.witness')}</TableHead>
                    <TableHead>{t('witnesses.cosigned')}</TableHead>
                    <TableHead className="whitespace-nowrap">
                      {t('witnesses.lastSuccess')}
                    </TableHead>
                    <TableHead className="whitespace-nowrap">{t('witnesses.lastError')}</TableHead>
                    {manage && (
                      <TableHead>
                        <span className="sr-only">{t('witnesses.actions')}</span>
                      </TableHead>
                    )}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.map((w) => (
                    <TableRow
                      key={w.id}
                      data-testid="witness-row"
                      className={cn(w.alarm && 'bg-red-50 hover:bg-red-50')}
                    >
                      <TableCell className="min-w-64 align-top">
                        <p className="font-medium break-all">{w.name}</p>
                        <p className="text-xs text-muted-foreground break-all">{w.url}</p>
                        <Fingerprint
                          value={w.fingerprint}
                          className="mt-1 max-w-80 font-mono text-[11px] text-muted-foreground"
                        />
                      </TableCell>
                      <TableCell className="align-top whitespace-nowrap">
                        <CosignedCell witness={w} treeSize={witnesses.data.treeSize} />
                      </TableCell>
                      <TableCell className="align-top whitespace-nowrap">
                        {w.lastSuccessAt ? (
                          formatDateTime(w.lastSuccessAt)
                        ) : (
                          <span className="text-muted-foreground">{t('witnesses.never')}</span>
                        )}
                      </TableCell>
                      <TableCell className="max-w-72 align-top text-xs [overflow-wrap:anywhere]">
                        {w.lastError === null ? (
                          <span className="text-muted-foreground">{t('witnesses.none')}</span>
                        ) : w.alarm !== null && w.lastError === w.alarm ? (
                          <span className="text-red-800">{t('witnesses.refusedSeeAbove')}</span>
                        ) : (
                          w.lastError
                        )}
                      </TableCell>
                      {manage && (
                        <TableCell className="align-top text-right">
                          <RemoveWitnessDialog witness={w} />
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
        {manage && <AddWitnessForm />}
      </CardContent>
    </Card>
  );
}
