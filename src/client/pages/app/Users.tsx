import type { TFunction } from 'i18next';
import { Users as UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useAdminStats } from '../../features/admin/use-admin';
import { AuditorAccessCard } from '../../features/auditor-access/AuditorAccessCard';
import { useAuth } from '../../features/auth/use-auth';
import { InviteUserDialog } from '../../features/users/InviteUserDialog';
import { SeatUsage, seatsFull } from '../../features/users/SeatUsage';
import { UsersTable } from '../../features/users/UsersTable';
import { useUsers } from '../../features/users/use-users';
import { ApiError } from '../../lib/api';

function errorText(error: unknown, t: TFunction) {
  return error instanceof ApiError ? error.userMessage : t('page.checkConnection');
}

export default function Users() {
  const { t } = useTranslation('users');
  const { user } = useAuth();
  const users = useUsers();
  const stats = useAdminStats();
  if (!user) return null;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>{t('page.seats')}</CardTitle>
            <CardDescription>{t('page.seatsDescription')}</CardDescription>
          </div>
          <InviteUserDialog disabled={stats.data ? seatsFull(stats.data) : false} />
        </CardHeader>
        <CardContent>
          {stats.data ? (
            <SeatUsage stats={stats.data} plan={user.organizationPlan} />
          ) : stats.isError ? (
            <p className="text-sm text-destructive">
              {t('page.seatsError', { reason: errorText(stats.error, t) })}
            </p>
          ) : (
            <Spinner label={t('page.loading')} />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('page.people', { organization: user.organizationName })}</CardTitle>
          <CardDescription>{t('page.peopleDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          {users.isLoading ? (
            <div className="flex justify-center py-10">
              <Spinner className="size-7" label={t('page.loadingUsers')} />
            </div>
          ) : users.isError ? (
            <EmptyState icon={UsersIcon} title={t('page.usersError')}>
              {errorText(users.error, t)}
            </EmptyState>
          ) : users.data?.length ? (
            <UsersTable users={users.data} currentUserId={user.id} />
          ) : (
            <EmptyState icon={UsersIcon} title={t('page.empty')}>
              {t('page.emptyDescription')}
            </EmptyState>
          )}
        </CardContent>
      </Card>

      <AuditorAccessCard />
    </div>
  );
}
