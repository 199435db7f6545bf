import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** What raised an alert, in words (`source` is a code; `alert.source.<code>` in the catalogue). */
const SOURCES = ['regulation-change', 'catalogue', 'record-retention', 'practical-test'];

function sourceLabel(t: TFunction, source: string): string {
  return SOURCES.includes(source) ? t(`regulatory:alert.source.${source}`) : source;
}

/** The alert's type in words, with the regulatory catalogue's `t`. */
export function alertTypeLabel(t: TFunction, alert: RegulatoryAlert): string {
  return t(`regulatory:alert.type.${alert.type}`);
}

/** View Details: every field of the alert and its links. */
export function AlertDetailsDialog({ alert }: { alert: RegulatoryAlert }) {
  const { t } = useTranslation('regulatory');
  const by = alert.acknowledgedBy?.name ?? t('alert.formerUser');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {t('details.trigger')}
          <span className="sr-only">: {alert.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{alert.title}</DialogTitle>
          <DialogDescription>{alert.description}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label={t('details.type')}>{alertTypeLabel(t, alert)}</Field>
          <Field label={t('details.severity')}>
            <Badge variant={SEVERITY_BADGES[alert.severity]} className="capitalize">
              {t(`severity.${alert.severity}`)}
            </Badge>
          </Field>
          <Field label={t('details.regulation')}>
            {alert.regulation ?? t('details.noneCited')}
          </Field>
          <Field label={t('details.raisedBy')}>{sourceLabel(t, alert.source)}</Field>
          <Field label={t('details.due')}>
            {alert.dueDate ? formatDate(alert.dueDate) : t('details.noDue')}
          </Field>
          <Field label={t('details.created')}>{formatDateTime(alert.createdAt)}</Field>
          <Field label={t('details.acknowledged')}>
            {alert.acknowledged
              ? alert.acknowledgedAt
                ? t('details.byOn', { name: by, date: formatDateTime(alert.acknowledgedAt) })
                : t('details.by', { name: by })
              : t('details.notYet')}
          </Field>
        </dl>
        {alert.actionItems.length > 0 && (
          <section aria-labelledby={`actions-${alert.id}`} className="grid gap-1">
            <h3 id={`actions-${alert.id}`} className="text-sm font-semibold">
              {t('details.actions')}
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
            {t('details.concerns')}
          </h3>
          <AlertLinks alert={alert} />
          {alert.checklistItems.length === 0 && alert.recordIds.length === 0 && !alert.changeId && (
            <p className="text-sm text-muted-foreground">{t('details.noLinks')}</p>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
