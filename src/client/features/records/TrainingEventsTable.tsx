import type { TFunction } from 'i18next';
import { Download, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrainingEventSummary } from '@shared/api/records';
import { Button } from '../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDate } from '../../lib/format';
import { HashCell } from './HashCell';
import { TrainingEventStatusBadge } from './TrainingEventStatusBadge';
import { proofBundlePath } from './use-proof';

function subjectOf(t: TFunction, event: TrainingEventSummary) {
  return t('records:table.subject', {
    student: event.studentName,
    type: event.eventType,
    date: formatDate(event.eventDate),
  });
}

/** View opens the record page; Download saves its proof bundle (roles that may export). */
function RowActions({ event, canExport }: { event: TrainingEventSummary; canExport: boolean }) {
  const { t } = useTranslation('records');
  const subject = subjectOf(t, event);
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon" asChild>
        <Link
          to={`/compliance-records/${event.id}`}
          aria-label={t('table.view', { subject })}
          title={t('table.viewTitle')}
        >
          <Eye />
        </Link>
      </Button>
      {canExport &&
        (event.blockchainHash ? (
          <Button variant="ghost" size="icon" asChild>
            <a
              href={proofBundlePath(event.id)}
              download
              aria-label={t('table.download', { subject })}
              title={t('table.downloadTitle')}
            >
              <Download />
            </a>
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            disabled
            aria-label={t('table.noBundle', { subject })}
            title={t('table.noBundleTitle')}
          >
            <Download />
          </Button>
        ))}
    </div>
  );
}

function Student({ event }: { event: TrainingEventSummary }) {
  return (
    <div className="min-w-0">
      <Link to={`/compliance-records/${event.id}`} className="font-medium hover:underline">
        {event.studentName}
      </Link>
      {event.licenseNumber && (
        <p className="text-xs text-muted-foreground">{event.licenseNumber}</p>
      )}
    </div>
  );
}

/** A table on wide screens, a stacked list on narrow ones. */
export function TrainingEventsTable({
  events,
  canExport,
}: {
  events: TrainingEventSummary[];
  canExport: boolean;
}) {
  const { t } = useTranslation('records');
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t('table.student')}</TableHead>
              <TableHead>{t('table.eventType')}</TableHead>
              <TableHead>{t('table.date')}</TableHead>
              <TableHead>{t('table.status')}</TableHead>
              <TableHead>{t('table.hash')}</TableHead>
              <TableHead>{t('table.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((event) => (
              <TableRow key={event.id}>
                <TableCell>
                  <Student event={event} />
                </TableCell>
                <TableCell>{event.eventType}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(event.eventDate)}</TableCell>
                <TableCell>
                  <TrainingEventStatusBadge status={event.status} />
                </TableCell>
                <TableCell>
                  <HashCell hash={event.blockchainHash} subject={subjectOf(t, event)} />
                </TableCell>
                <TableCell>
                  <RowActions event={event} canExport={canExport} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y rounded-md border md:hidden" aria-label={t('table.listLabel')}>
        {events.map((event) => (
          <li key={event.id} className="grid grid-cols-1 gap-1.5 p-3">
            <div className="flex items-start justify-between gap-2">
              <Student event={event} />
              <TrainingEventStatusBadge status={event.status} />
            </div>
            <p className="text-sm">
              {event.eventType}{' '}
              <span className="text-muted-foreground">· {formatDate(event.eventDate)}</span>
            </p>
            <div className="flex items-center justify-between gap-2">
              <HashCell hash={event.blockchainHash} subject={subjectOf(t, event)} />
              <RowActions event={event} canExport={canExport} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
