import type { TrainingEventSummary } from '@shared/api/records';

export interface ComplianceAlert {
  id: 'failed-awaiting-recheck' | 'pending-overdue';
  severity: 'high' | 'medium';
  title: string;
  events: TrainingEventSummary[];
  /** The Compliance Records view that lists these events. */
  link: string;
}

function dayOf(date: string): string {
  return date.slice(0, 10);
}

function sameTrainee(a: TrainingEventSummary, b: TrainingEventSummary): boolean {
  if (a.licenseNumber && b.licenseNumber)
    return a.licenseNumber.trim().toLowerCase() === b.licenseNumber.trim().toLowerCase();
  return a.studentName.trim().toLowerCase() === b.studentName.trim().toLowerCase();
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Alerts computed from the training events themselves:
 * - a failed event is awaiting re-check until the same trainee completes the same event type on
 *   or after the failed date;
 * - a pending event whose date (yyyy-MM-dd) is before `today` is overdue.
 */
export function computeComplianceAlerts(
  events: TrainingEventSummary[],
  today: string,
): ComplianceAlert[] {
  const awaitingRecheck = events.filter(
    (failed) =>
      failed.status === 'failed' &&
      !events.some(
        (other) =>
          other.status === 'completed' &&
          other.eventType.trim().toLowerCase() === failed.eventType.trim().toLowerCase() &&
          sameTrainee(other, failed) &&
          dayOf(other.eventDate) >= dayOf(failed.eventDate),
      ),
  );
  const overdue = events.filter(
    (event) => event.status === 'pending' && dayOf(event.eventDate) < today,
  );

  const alerts: ComplianceAlert[] = [];
  if (awaitingRecheck.length) {
    alerts.push({
      id: 'failed-awaiting-recheck',
      severity: 'high',
      title: `${plural(awaitingRecheck.length, 'failed event', 'failed events')} awaiting re-check`,
      events: awaitingRecheck,
      link: '/compliance-records?status=failed',
    });
  }
  if (overdue.length) {
    alerts.push({
      id: 'pending-overdue',
      severity: 'medium',
      title: `${plural(overdue.length, 'pending event', 'pending events')} past their date`,
      events: overdue,
      link: '/compliance-records?status=pending',
    });
  }
  return alerts;
}
