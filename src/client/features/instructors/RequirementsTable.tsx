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
  return (
    <Table>
      <caption className="sr-only">Requirements and their clocks</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Requirement</TableHead>
          <TableHead scope="col">Paragraph</TableHead>
          <TableHead scope="col">Last completed</TableHead>
          <TableHead scope="col">Next due</TableHead>
          <TableHead scope="col">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {requirements.map((r) => (
          <TableRow key={r.requirement}>
            <TableCell className="font-medium">{r.label}</TableCell>
            <TableCell className="whitespace-nowrap">14 CFR {r.paragraph}</TableCell>
            <TableCell className="whitespace-nowrap">{dateOr(r.lastCompleted, 'Never')}</TableCell>
            <TableCell className="whitespace-nowrap">
              {dateOr(r.nextDue, 'None')}
              {r.graceUntil && (
                <span className="block text-xs text-muted-foreground">
                  Grace month to {formatDate(r.graceUntil)}
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
