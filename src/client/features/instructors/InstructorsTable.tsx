import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InstructorFile, InstructorRole } from '@shared/api/instructors';
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

/** Each role's name, a key of the `instructors` catalogue. */
export const ROLE_LABELS: Record<InstructorRole, string> = {
  instructor: 'roles.instructor',
  evaluator: 'roles.evaluator',
  both: 'roles.both',
};

/** The deciding paragraph first, as an inspector reads it: "142.53(a)(2): …". */
export function reasonText(file: Pick<InstructorFile, 'statusReason'>) {
  const { paragraph, message } = file.statusReason;
  // The server's message may already open with the paragraph it cites.
  return withReadableDates(message.startsWith(paragraph) ? message : `${paragraph}: ${message}`);
}

export function InstructorsTable({ instructors }: { instructors: InstructorFile[] }) {
  const { t } = useTranslation('instructors');
  return (
    <Table>
      <caption className="sr-only">{t('table.caption')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t('table.name')}</TableHead>
          <TableHead scope="col">{t('table.role')}</TableHead>
          <TableHead scope="col">{t('table.courses')}</TableHead>
          <TableHead scope="col">{t('table.status')}</TableHead>
          <TableHead scope="col">{t('table.nextDue')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {instructors.map((file) => {
          const courses = [...new Set(file.designations.map((d) => d.course))];
          return (
            <TableRow key={file.id}>
              <TableCell className="font-medium whitespace-nowrap">
                <Link to={`/instructors/${file.id}`} className="hover:underline">
                  {file.name}
                </Link>
              </TableCell>
              <TableCell>{t(ROLE_LABELS[file.role])}</TableCell>
              <TableCell>
                {courses.length > 0 ? (
                  courses.join(', ')
                ) : (
                  <span className="text-muted-foreground">{t('table.noCourses')}</span>
                )}
              </TableCell>
              <TableCell className="max-w-md">
                <div className="grid justify-items-start gap-1">
                  <InstructorStatusBadge status={file.status} />
                  <span className="text-xs text-muted-foreground">{reasonText(file)}</span>
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {file.nextDue ? formatDate(file.nextDue) : t('table.none')}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
