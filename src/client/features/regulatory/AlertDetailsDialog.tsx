import type { ReactNode } from 'react';
import type { RegulatoryAlert } from '@shared/api/regulatory';
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
import { formatDate, formatDateTime } from '../../lib/format';
import { AlertLinks } from './alert-links';
import { SEVERITY_BADGES } from './regulatory';

const TYPE_LABELS = {
  'checklist-update': 'Checklist update',
  'compliance-deadline': 'Compliance deadline',
} as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** What raised an alert, in words (`source` is a code). */
const SOURCE_LABELS: Record<string, string> = {
  'regulation-change': 'A change to the regulation text',
  catalogue: 'A new checklist catalogue version',
  'record-retention': 'A training record’s retention period (142.73(c))',
  'practical-test': 'A failed practical test without a later pass',
};

export function alertTypeLabel(alert: RegulatoryAlert) {
  return TYPE_LABELS[alert.type];
}

/** View Details: every field of the alert and its links. */
export function AlertDetailsDialog({ alert }: { alert: RegulatoryAlert }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          View Details<span className="sr-only">: {alert.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{alert.title}</DialogTitle>
          <DialogDescription>{alert.description}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label="Type">{alertTypeLabel(alert)}</Field>
          <Field label="Severity">
            <Badge variant={SEVERITY_BADGES[alert.severity]} className="capitalize">
              {alert.severity}
            </Badge>
          </Field>
          <Field label="Regulation">{alert.regulation ?? 'None cited'}</Field>
          <Field label="Raised by">{SOURCE_LABELS[alert.source] ?? alert.source}</Field>
          <Field label="Due">{alert.dueDate ? formatDate(alert.dueDate) : 'No due date'}</Field>
          <Field label="Created">{formatDateTime(alert.createdAt)}</Field>
          <Field label="Acknowledged">
            {alert.acknowledged
              ? `By ${alert.acknowledgedBy?.name ?? 'a former user'}${
                  alert.acknowledgedAt ? ` on ${formatDateTime(alert.acknowledgedAt)}` : ''
                }`
              : 'Not yet'}
          </Field>
        </dl>
        {alert.actionItems.length > 0 && (
          <section aria-labelledby={`actions-${alert.id}`} className="grid gap-1">
            <h3 id={`actions-${alert.id}`} className="text-sm font-semibold">
              Actions
            </h3>
            <ul className="list-disc pl-5 text-sm">
              {alert.actionItems.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby={`links-${alert.id}`} className="grid gap-1">
          <h3 id={`links-${alert.id}`} className="text-sm font-semibold">
            Concerns
          </h3>
          <AlertLinks alert={alert} />
          {alert.checklistItems.length === 0 && alert.recordIds.length === 0 && !alert.changeId && (
            <p className="text-sm text-muted-foreground">No item or record is linked.</p>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
