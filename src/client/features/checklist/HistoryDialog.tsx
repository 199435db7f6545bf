import { History } from 'lucide-react';
import { useState } from 'react';
import type { ChecklistChangeEntry } from '@shared/api/checklist';
import { STATUS_LABELS, type ChecklistStatus } from '@shared/checklist/types';
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

const FIELD_LABELS = {
  status: 'Status',
  comments: 'Comments',
  findings: 'Findings',
  evidence: 'Evidence',
};

function Change({ change }: { change: ChecklistChangeEntry }) {
  if (change.field === 'status') {
    return (
      <p>
        Status: {STATUS_LABELS[change.from as ChecklistStatus] ?? change.from} →{' '}
        <strong>{STATUS_LABELS[change.to as ChecklistStatus] ?? change.to}</strong>
      </p>
    );
  }
  if (change.field === 'evidence') {
    return change.to ? <p>Attached {change.to}</p> : <p>Removed {change.from}</p>;
  }
  return (
    <details className="group">
      <summary className="cursor-pointer">
        {FIELD_LABELS[change.field]} {change.to ? (change.from ? 'changed' : 'written') : 'cleared'}
      </summary>
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
  const [open, setOpen] = useState(false);
  const history = useItemHistory(itemNumber, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History /> View History
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>History of item {itemNumber}</DialogTitle>
          <DialogDescription>Every saved change, newest first.</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner label="Loading history" />
          </div>
        ) : history.isError ? (
          <p className="text-sm text-destructive">
            {history.error instanceof ApiError
              ? history.error.userMessage
              : 'History could not be loaded.'}
          </p>
        ) : history.data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No changes yet: this item is as the catalogue left it.
          </p>
        ) : (
          <ol className="grid gap-3">
            {history.data.entries.map((entry) => (
              <li key={entry.id} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  <span>·</span>
                  <span className="font-medium text-foreground">
                    {entry.actor ? entry.actor.name || entry.actor.email : 'Unknown user'}
                  </span>
                  {entry.source === 'import' && <Badge variant="info">Import</Badge>}
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
