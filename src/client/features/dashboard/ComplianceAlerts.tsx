import { format } from 'date-fns';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { computeComplianceAlerts } from '../records/compliance-alerts';
import { useTrainingEvents } from '../records/use-training-events';
import { QueryError } from './QueryError';

const SHOWN_PER_ALERT = 3;

/** Alerts computed on the client from the training events (failed awaiting re-check, pending overdue). */
export function ComplianceAlerts() {
  const events = useTrainingEvents();
  const alerts = events.data
    ? computeComplianceAlerts(events.data, format(new Date(), 'yyyy-MM-dd'))
    : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Compliance Alerts</CardTitle>
        <CardDescription>Computed from your training events</CardDescription>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading compliance alerts" />
          </div>
        ) : events.isError ? (
          <QueryError error={events.error} what="the training events" />
        ) : alerts.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="No compliance alerts" className="py-6">
            An alert appears when a trainee fails an event and has not yet passed a re-check, or
            when a pending event’s date has passed.
          </EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {alerts.map((alert) => {
              const high = alert.severity === 'high';
              const rest = alert.events.length - SHOWN_PER_ALERT;
              return (
                <li
                  key={alert.id}
                  className={cn(
                    'rounded-md border-l-4 p-3',
                    high ? 'border-l-red-600 bg-red-50' : 'border-l-amber-500 bg-amber-50',
                  )}
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="text-sm font-medium">{alert.title}</p>
                    <Badge variant={high ? 'destructive' : 'warning'}>
                      {high ? 'High' : 'Medium'}
                    </Badge>
                  </div>
                  <ul className="mt-1.5 grid gap-0.5 text-xs text-muted-foreground">
                    {alert.events.slice(0, SHOWN_PER_ALERT).map((event) => (
                      <li key={event.id} className="break-words">
                        {event.studentName} · {event.eventType} · {formatDate(event.eventDate)}
                      </li>
                    ))}
                    {rest > 0 && <li>and {rest} more</li>}
                  </ul>
                  <Link
                    to={alert.link}
                    className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
                  >
                    View in Compliance Records <ArrowRight aria-hidden className="size-3" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
