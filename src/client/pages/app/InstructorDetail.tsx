import { ArrowLeft, FileQuestion } from 'lucide-react';
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

function BackLink() {
  return (
    <Link
      to="/instructors"
      className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" /> Instructors
    </Link>
  );
}

/** One instructor's or evaluator's file: status, clocks, designations, timeline, ledger. */
export default function InstructorDetail() {
  const { can } = useAuth();
  if (!can('readAllRecords')) {
    return (
      <RoleNote>
        Instructor and evaluator files are read by Admins, Instructors and Auditors; your role does
        not read other people’s files.
      </RoleNote>
    );
  }
  return <InstructorScreen />;
}

function InstructorScreen() {
  const { id = '' } = useParams();
  const { user, can } = useAuth();
  const file = useInstructor(id);

  if (file.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-7" label="Loading the instructor file" />
      </div>
    );
  }
  if (file.isError) {
    const missing = file.error instanceof ApiError && [404, 422].includes(file.error.status);
    return (
      <div className="mx-auto grid max-w-6xl gap-4">
        <BackLink />
        {missing ? (
          <EmptyState icon={FileQuestion} title="Instructor file not found">
            It does not exist in your organization.
          </EmptyState>
        ) : (
          <QueryError error={file.error} what="the instructor file" />
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
              <CardTitle>Requirements</CardTitle>
              <CardDescription>
                Next due is the last day of the calendar month; 14 CFR 142.53(c) allows the month
                after.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <RequirementsTable requirements={person.requirements} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Qualifications</CardTitle>
              <CardDescription>Dated events with their evidence, newest first</CardDescription>
            </CardHeader>
            <CardContent>
              <QualificationTimeline qualifications={person.qualifications} />
            </CardContent>
          </Card>
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Designations</CardTitle>
              <CardDescription>
                Courses and devices designated in writing, 142.47(b)
              </CardDescription>
            </CardHeader>
            <CardContent>
              <DesignationsList designations={person.designations} />
            </CardContent>
          </Card>
          <DutyCard duty={person.duty} />
          {can('manageDocuments') && (
            <Card>
              <CardHeader>
                <CardTitle>Add qualification</CardTitle>
                <CardDescription>
                  {ownFile
                    ? 'In your own file you record training; an Admin records your designations and checks.'
                    : 'Saving adds a version of the file to the ledger.'}
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
        {ROLE_LABELS[person.role]} · employed from {formatDate(person.employedFrom)}
        {person.employedUntil && ` to ${formatDate(person.employedUntil)}`}
        {person.nextDue && ` · next due ${formatDate(person.nextDue)}`}
      </p>
      <p className="text-sm" data-testid="status-reason">
        {reasonText(person)}
      </p>
      {person.certificates && (
        <p className="text-sm text-muted-foreground">Certificates: {person.certificates}</p>
      )}
    </div>
  );
}

function LedgerCard({ person }: { person: InstructorFileDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ledger</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Version</dt>
          <dd>{person.version}</dd>
          <dt className="text-muted-foreground">Ledger leaf</dt>
          <dd>
            {person.ledgerIndex === null ? 'Not yet in the ledger' : `#${person.ledgerIndex}`}
          </dd>
          <dt className="text-muted-foreground">Updated</dt>
          <dd>{formatDate(person.updatedAt)}</dd>
          {person.retainUntil && (
            <>
              <dt className="text-muted-foreground">May be deleted from</dt>
              <dd>{formatDate(person.retainUntil)}, 142.73(c)(2)</dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
