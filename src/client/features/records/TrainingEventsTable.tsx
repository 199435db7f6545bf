import type { TrainingEventSummary } from '@shared/api/records';
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

function subjectOf(event: TrainingEventSummary) {
  return `${event.studentName}, ${event.eventType} on ${formatDate(event.eventDate)}`;
}

/** A table on wide screens, a stacked list on narrow ones. */
export function TrainingEventsTable({ events }: { events: TrainingEventSummary[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Student</TableHead>
              <TableHead>Event Type</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Blockchain Hash</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {events.map((event) => (
              <TableRow key={event.id}>
                <TableCell>
                  <p className="font-medium">{event.studentName}</p>
                  {event.licenseNumber && (
                    <p className="text-xs text-muted-foreground">{event.licenseNumber}</p>
                  )}
                </TableCell>
                <TableCell>{event.eventType}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(event.eventDate)}</TableCell>
                <TableCell>
                  <TrainingEventStatusBadge status={event.status} />
                </TableCell>
                <TableCell>
                  <HashCell hash={event.blockchainHash} subject={subjectOf(event)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y rounded-md border md:hidden" aria-label="Training events">
        {events.map((event) => (
          <li key={event.id} className="grid grid-cols-1 gap-1.5 p-3">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{event.studentName}</p>
                {event.licenseNumber && (
                  <p className="text-xs text-muted-foreground">{event.licenseNumber}</p>
                )}
              </div>
              <TrainingEventStatusBadge status={event.status} />
            </div>
            <p className="text-sm">
              {event.eventType}{' '}
              <span className="text-muted-foreground">· {formatDate(event.eventDate)}</span>
            </p>
            <HashCell hash={event.blockchainHash} subject={subjectOf(event)} />
          </li>
        ))}
      </ul>
    </>
  );
}
