import { useTranslation } from 'react-i18next';
import type { RequirementStatus } from '@shared/api/instructors';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDate, withReadableDates } from '../../lib/format';
import { InstructorStatusBadge } from './InstructorStatusBadge';

const dateOr = (iso: string | null, none: string) => (iso ? formatDate(iso) : none);

/** The clocks: one row per requirement, with the paragraph that decides it. */
export function RequirementsTable({ requirements }: { requirements: RequirementStatus[] }) {
  const { t } = useTranslation('instructors');
  return (
    <Table>
      <caption className="sr-only">{t('requirements.caption')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('requirements.requirement')}</TableHead>
          <TableHead scope="col">{t('requirements.paragraph')}</TableHead>
          <TableHead scope="col">{t('requirements.lastCompleted')}</TableHead>
          <TableHead scope="col">{t('requirements.nextDue')}</TableHead>
          <TableHead scope="col">{t('requirements.status')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {requirements.map((r) => (
          <TableRow key={r.requirement}>
            <TableCell className="font-medium">{r.label}</TableCell>
            <TableCell className="whitespace-nowrap">
              {t('cfr', { paragraph: r.paragraph })}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {dateOr(r.lastCompleted, t('requirements.never'))}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {dateOr(r.nextDue, t('requirements.none'))}
              {r.graceUntil && (
                <span className="block text-xs text-muted-foreground">
                  {t('requirements.graceUntil', { date: formatDate(r.graceUntil) })}
                </span>
              )}
            </TableCell>
            <TableCell className="min-w-56 max-w-sm">
              <div className="grid justify-items-start gap-1">
                <InstructorStatusBadge status={r.status} />
                <span className="text-xs text-muted-foreground">{withReadableDates(r.reason)}</span>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
