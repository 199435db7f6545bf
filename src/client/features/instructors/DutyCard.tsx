import type { TFunction } from 'i18next';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Duty } from '@shared/api/instructors';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { formatDateTime, formatNumber } from '../../lib/format';

const hours = (t: TFunction, minutes: number) =>
  t('instructors:duty.hours', {
    value: formatNumber(minutes / 60, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });

/** 142.49(c)(1) on the person page: the 24-hour windows over 8 hours of instruction, if any. */
export function DutyCard({ duty }: { duty: Duty }) {
  const { t } = useTranslation('instructors');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock aria-hidden className="size-4" /> {t('duty.title')}
        </CardTitle>
        <CardDescription>
          {t('duty.limit', { paragraph: duty.paragraph, hours: hours(t, duty.limitMinutes) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {duty.windows.length === 0 ? (
          <p>
            {duty.sessionsCounted === 0
              ? t('duty.noSessions')
              : t('duty.withinLimit', {
                  count: duty.sessionsCounted,
                  n: formatNumber(duty.sessionsCounted),
                })}
          </p>
        ) : (
          <ul aria-label={t('duty.windowsLabel')} className="grid gap-2">
            {duty.windows.map((w) => (
              <li
                key={w.from}
                className="rounded-md border border-red-200 bg-red-50 p-3 text-red-950"
              >
                <p className="font-medium">
                  {t('duty.window', { hours: hours(t, w.minutes), from: formatDateTime(w.from) })}
                </p>
                <p className="text-xs text-red-900">
                  {w.sessions
                    .map(
                      (s) =>
                        `${s.deviceName}, ${formatDateTime(s.startsAt)}, ${hours(t, s.minutes)}`,
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
