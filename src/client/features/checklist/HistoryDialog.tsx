import { History } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ChecklistChangeEntry } from '@shared/api/checklist';
import { CHECKLIST_STATUSES, type ChecklistStatus } from '@shared/checklist/types';
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
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useItemHistory } from './use-checklist';

const isStatus = (value: string | null): value is ChecklistStatus =>
  (CHECKLIST_STATUSES as readonly (string | null)[]).includes(value);

function Change({ change }: { change: ChecklistChangeEntry }) {
  const { t } = useTranslation('checklist');
  const statusText = (value: string | null) =>
    isStatus(value) ? t(`status.${value}`) : (value ?? '');
  if (change.field === 'status') {
    return (
      <p>
        <Trans
          t={t}
          i18nKey="history.status"
          values={{ from: statusText(change.from), to: statusText(change.to) }}
          components={{ strong: <strong /> }}
        />
      </p>
    );
  }
  if (change.field === 'evidence') {
    return change.to ? (
      <p>{t('history.attached', { name: change.to })}</p>
    ) : (
      <p>{t('history.removed', { name: change.from })}</p>
    );
  }
  const action = change.to ? (change.from ? 'changed' : 'written') : 'cleared';
  return (
    <details className="group">
      <summary className="cursor-pointer">{t(`history.${change.field}.${action}`)}</summary>
      <div className="mt-1 grid gap-1 text-xs">
        {change.from ? (
          <p className="whitespace-pre-wrap rounded bg-red-50 p-2 line-through decoration-red-300">
            {change.from}
          </p>
        ) : null}
        {change.to ? (
          <p className="whitespace-pre-wrap rounded bg-emerald-50 p-2">{change.to}</p>
        ) : null}
      </div>
    </details>
  );
}

/** View History: every change to an item, newest first: who, when, how and what. */
export function HistoryDialog({ itemNumber }: { itemNumber: string }) {
  const { t } = useTranslation('checklist');
  const [open, setOpen] = useState(false);
  const history = useItemHistory(itemNumber, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History /> {t('history.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('history.title', { number: itemNumber })}</DialogTitle>
          <DialogDescription>{t('history.description')}</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner label={t('history.loading')} />
          </div>
        ) : history.isError ? (
          <p className="text-sm text-destructive">
            {history.error instanceof ApiError
              ? history.error.userMessage
              : t('history.loadFailed')}
          </p>
        ) : history.data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
        ) : (
          <ol className="grid gap-3">
            {history.data.entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  <span>·</span>
                  <span className="font-medium text-foreground">
                    {entry.actor ? entry.actor.name || entry.actor.email : t('history.unknownUser')}
                  </span>
                  {entry.source === 'import' && <Badge variant="info">{t('history.import')}</Badge>}
                </div>
                {entry.changes.map((change, i) => (
                  <Change key={i} change={change} />
                ))}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
