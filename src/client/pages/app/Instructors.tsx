import { SearchX, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError, RoleNote } from '../../features/dashboard/QueryError';
import { AddInstructorDialog } from '../../features/instructors/AddInstructorDialog';
import { ImportInstructorsDialog } from '../../features/instructors/ImportInstructorsDialog';
import { toServerQuery, useInstructorFilters } from '../../features/instructors/instructor-filters';
import { InstructorsTable } from '../../features/instructors/InstructorsTable';
import { StatusChips } from '../../features/instructors/StatusChips';
import { useInstructorList } from '../../features/instructors/use-instructors';
import { formatNumber } from '../../lib/format';
import { HelpLink } from '../../features/support/HelpLink';

/** Radix Select has no empty value: this one stands for "every course". */
const ALL_COURSES = '__all__';

export default function Instructors() {
  const { t } = useTranslation('instructors');
  const { can } = useAuth();
  if (!can('readAllRecords')) {
    return <RoleNote>{t('roleNote')}</RoleNote>;
  }
  return <InstructorsScreen canCreate={can('manageDocuments')} />;
}

function InstructorsScreen({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation('instructors');
  const { filters, set, active, clear } = useInstructorFilters();
  const list = useInstructorList(toServerQuery(filters));
  const courses = list.data?.courses ?? [];
  // A course in the URL the centre no longer has stays selectable, so the view is not lost.
  const courseOptions =
    filters.course && !courses.includes(filters.course) ? [filters.course, ...courses] : courses;

  let body;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label={t('list.loading')} />
      </div>
    );
  } else if (list.isError) {
    body = <QueryError error={list.error} what={t('list.what')} />;
  } else if (list.data.instructors.length === 0) {
    body = active ? (
      <EmptyState icon={SearchX} title={t('list.noMatchTitle')}>
        <p>{t('list.noMatch')}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={clear}>
          {t('actions.clearFilters')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={UsersRound} title={t('list.emptyTitle')}>
        {t('list.empty')}
        {canCreate && ` ${t('list.emptyStart')}`}
        <HelpLink article="instructors" />
      </EmptyState>
    );
  } else {
    body = <InstructorsTable instructors={list.data.instructors} />;
  }

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid grid-cols-1 gap-1.5">
            <CardTitle>{t('list.title')}</CardTitle>
            <CardDescription aria-live="polite">
              {list.data
                ? t('list.shown', {
                    shown: formatNumber(list.data.instructors.length),
                    total: formatNumber(list.data.counts.total),
                  })
                : t('list.description')}
            </CardDescription>
          </div>
          {canCreate && (
            <div className="flex flex-wrap gap-2">
              <ImportInstructorsDialog />
              <AddInstructorDialog />
            </div>
          )}
        </div>
        {list.data && (
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <StatusChips
              counts={list.data.counts}
              selected={filters.status}
              onSelect={(status) => set({ status })}
            />
            <div className="flex items-center gap-2">
              <Label htmlFor="instructor-course-filter" className="whitespace-nowrap">
                {t('list.course')}
              </Label>
              <Select
                value={filters.course || ALL_COURSES}
                onValueChange={(value) => set({ course: value === ALL_COURSES ? '' : value })}
              >
                <SelectTrigger id="instructor-course-filter" className="w-60">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL_COURSES}>{t('list.allCourses')}</SelectItem>
                  {courseOptions.map((course) => (
                    <SelectItem key={course} value={course}>
                      {course}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
        )}
      </CardHeader>
      <CardContent aria-busy={list.isFetching}>{body}</CardContent>
    </Card>
  );
}
