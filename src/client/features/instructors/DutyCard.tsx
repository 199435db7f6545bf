import { Clock } from 'lucide-react';
import type { Duty } from '@shared/api/instructors';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';

const hours = (minutes: number) => `${(minutes / 60).toFixed(1)} h`;

/** 142.49(c)(1) on the person page: the 24-hour windows over 8 hours of instruction, if any. */
export function DutyCard({ duty }: { duty: Duty }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock aria-hidden className="size-4" /> Duty time
        </CardTitle>
        <CardDescription>
          {duty.paragraph}: no more than {hours(duty.limitMinutes)} of instruction in any 24
          consecutive hours
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {duty.windows.length === 0 ? (
          <p>
            {duty.sessionsCounted === 0
              ? 'No sessions on record name this person as instructor.'
              : `No 24-hour window over the limit in ${duty.sessionsCounted} session${duty.sessionsCounted === 1 ? '' : 's'}.`}
          </p>
        ) : (
          <ul aria-label="Windows over the limit" className="grid gap-2">
            {duty.windows.map((w) => (
              <li
                key={w.from}
                className="rounded-md border border-red-200 bg-red-50 p-3 text-red-950"
              >
                <p className="font-medium">
                  {hours(w.minutes)} in the 24 hours from {formatDateTime(w.from)}
                </p>
                <p className="text-xs text-red-900">
                  {w.sessions
                    .map(
                      (s) => `${s.deviceName}, ${formatDateTime(s.startsAt)}, ${hours(s.minutes)}`,
                    )
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">{duty.basis}.</p>
      </CardContent>
    </Card>
  );
}
