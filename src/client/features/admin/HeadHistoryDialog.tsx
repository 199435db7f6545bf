import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDateTime, formatNumber } from '../../lib/format';
import { errorText } from '../dashboard/QueryError';
import { useHeadHistory } from './use-configuration';

/** `SHA256:ab12:…:ef90` shortened to its first and last groups, the rest in the title. */
const shortFingerprint = (fingerprint: string) => {
  const groups = fingerprint.replace(/^SHA256:/, '').split(':');
  return groups.length > 4 ? `${groups.slice(0, 2).join(':')}…${groups.at(-1)}` : fingerprint;
};

function HeadTable() {
  const { t } = useTranslation('admin');
  const history = useHeadHistory(true);
  if (history.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label={t('system.ledger.loading')} />
      </div>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
        {t('system.ledger.failed')} {errorText(history.error)}
      </p>
    );
  }
  const heads = history.data.pages.flatMap((p) => p.heads);
  const total = history.data.pages[0]?.total ?? 0;
  if (heads.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('system.ledger.none')}</p>;
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {t('system.ledger.shown', { shown: heads.length, count: total })}
      </p>
      <div className="max-h-[55vh] overflow-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="text-right">{t('system.ledger.size')}</TableHead>
              <TableHead>{t('system.ledger.signedAt')}</TableHead>
              <TableHead>{t('system.ledger.key')}</TableHead>
              <TableHead>{t('system.ledger.signature')}</TableHead>
              <TableHead className="text-right">{t('system.ledger.cosignatures')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {heads.map((head) => (
              <TableRow key={head.treeSize}>
                <TableCell className="text-right tabular-nums">
                  {formatNumber(head.treeSize)}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(head.timestamp)}
                </TableCell>
                <TableCell>
                  <span
                    translate="no"
                    title={head.fingerprint}
                    className="font-mono text-xs whitespace-nowrap"
                  >
                    {shortFingerprint(head.fingerprint)}
                  </span>{' '}
                  {head.keyRetired && (
                    <Badge variant="secondary">{t('system.ledger.retired')}</Badge>
                  )}
                </TableCell>
                <TableCell>
                  {head.signatureValid ? (
                    <span className="inline-flex items-center gap-1 text-green-700">
                      <CheckCircle2 aria-hidden className="size-4" /> {t('system.ledger.valid')}
                    </span>
                  ) : (
                    <span className="inline-flex items-center gap-1 font-medium text-destructive">
                      <XCircle aria-hidden className="size-4" /> {t('system.ledger.invalid')}
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatNumber(head.cosignatures)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {history.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage && <Spinner label={t('system.ledger.loading')} />}{' '}
          {t('system.ledger.older')}
        </Button>
      )}
    </div>
  );
}

/** Configure for the ledger: its signed heads, each checked again with the key that signed it. */
export function HeadHistoryDialog() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('system.ledger.configure')}>
          {t('system.configure')}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('system.ledger.historyTitle')}</DialogTitle>
          <DialogDescription>{t('system.ledger.explain')}</DialogDescription>
        </DialogHeader>
        {open && <HeadTable />}
      </DialogContent>
    </Dialog>
  );
}
