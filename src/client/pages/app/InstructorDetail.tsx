import { ArrowLeft, FileQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QUALIFICATION_KINDS, type InstructorFileDetail } from '@shared/api/instructors';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError, RoleNote } from '../../features/dashboard/QueryError';
import {
  AddQualificationForm,
  NOT_ON_OWN_FILE,
} from '../../features/instructors/AddQualificationForm';
import { DesignationsList } from '../../features/instructors/DesignationsList';
import { DutyCard } from '../../features/instructors/DutyCard';
import { ExportFileButton } from '../../features/instructors/ExportFileButton';
import { InstructorStatusBadge } from '../../features/instructors/InstructorStatusBadge';
import { ROLE_LABELS, reasonText } from '../../features/instructors/InstructorsTable';
import { QualificationTimeline } from '../../features/instructors/QualificationTimeline';
import { RequirementsTable } from '../../features/instructors/RequirementsTable';
import { useInstructor } from '../../features/instructors/use-instructors';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useExportScope } from '../../features/reports/export-scope';

function BackLink() {
  const { t } = useTranslation('instructors');
  return (
    <Link
      to="/instructors"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" /> {t('detail.back')}
    </Link>
  );
}

/** One instructor's or evaluator's file: status, clocks, designations, timeline, ledger. */
export default function InstructorDetail() {
  const { t } = useTranslation('instructors');
  const { can } = useAuth();
  if (!can('readAllRecords')) {
    return <RoleNote>{t('roleNote')}</RoleNote>;
  }
  return <InstructorScreen />;
}

function InstructorScreen() {
  const { t } = useTranslation('instructors');
  const { id = '' } = useParams();
  const { user, can } = useAuth();
  const file = useInstructor(id);
  useExportScope(file.data ? { kind: 'instructor', value: file.data.name } : null);

  if (file.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-7" label={t('detail.loading')} />
      </div>
    );
  }
  if (file.isError) {
    const missing = file.error instanceof ApiError && [404, 422].includes(file.error.status);
    return (
      <div className="mx-auto grid max-w-6xl gap-4">
        <BackLink />
        {missing ? (
          <EmptyState icon={FileQuestion} title={t('detail.notFound')}>
            {t('detail.notFoundDescription')}
          </EmptyState>
        ) : (
          <QueryError error={file.error} what={t('detail.what')} />
        )}
      </div>
    );
  }

  const person = file.data;
  const ownFile = user?.role === 'instructor' && person.userId === user.id;
  const kinds = ownFile
    ? QUALIFICATION_KINDS.filter((kind) => !NOT_ON_OWN_FILE.includes(kind))
    : QUALIFICATION_KINDS;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <BackLink />
      <Header person={person} />
      <div className="grid grid-cols-1 items-start gap-6 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('detail.requirements')}</CardTitle>
              <CardDescription>{t('detail.requirementsDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <RequirementsTable requirements={person.requirements} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('detail.qualifications')}</CardTitle>
              <CardDescription>{t('detail.qualificationsDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <QualificationTimeline qualifications={person.qualifications} />
            </CardContent>
          </Card>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('detail.designations')}</CardTitle>
              <CardDescription>{t('detail.designationsDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              <DesignationsList designations={person.designations} />
            </CardContent>
          </Card>
          <DutyCard duty={person.duty} />
          {can('manageDocuments') && (
            <Card>
              <CardHeader>
                <CardTitle>{t('qualification.title')}</CardTitle>
                <CardDescription>
                  {ownFile ? t('detail.addOwnFile') : t('detail.addDescription')}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <AddQualificationForm key={person.id} instructorId={person.id} kinds={kinds} />
              </CardContent>
            </Card>
          )}
          <LedgerCard person={person} />
        </div>
      </div>
    </div>
  );
}

function Header({ person }: { person: InstructorFileDetail }) {
  const { t } = useTranslation('instructors');
  const from = formatDate(person.employedFrom);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-2xl font-semibold tracking-tight">{person.name}</h2>
        <InstructorStatusBadge status={person.status} />
        <div className="ml-auto">
          <ExportFileButton instructorId={person.id} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {t(ROLE_LABELS[person.role])} ·{' '}
        {person.employedUntil
          ? t('detail.employedFromTo', { from, until: formatDate(person.employedUntil) })
          : t('detail.employedFrom', { from })}
        {person.nextDue && ` · ${t('detail.nextDue', { date: formatDate(person.nextDue) })}`}
      </p>
      <p className="text-sm" data-testid="status-reason">
        {reasonText(person)}
      </p>
      {person.certificates && (
        <p className="text-sm text-muted-foreground">
          {t('detail.certificates', { certificates: person.certificates })}
        </p>
      )}
    </div>
  );
}

function LedgerCard({ person }: { person: InstructorFileDetail }) {
  const { t } = useTranslation('instructors');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ledger.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('ledger.version')}</dt>
          <dd>{person.version}</dd>
          <dt className="text-muted-foreground">{t('ledger.leaf')}</dt>
          <dd>{person.ledgerIndex === null ? t('ledger.notYet') : `#${person.ledgerIndex}`}</dd>
          <dt className="text-muted-foreground">{t('ledger.updated')}</dt>
          <dd>{formatDate(person.updatedAt)}</dd>
          {person.retainUntil && (
            <>
              <dt className="text-muted-foreground">{t('ledger.retainUntil')}</dt>
              <dd>{t('ledger.retainUntilValue', { date: formatDate(person.retainUntil) })}</dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
