import { Users as UsersIcon } from 'lucide-react';
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
import { useAuth } from '../../features/auth/use-auth';
import { InviteUserDialog } from '../../features/users/InviteUserDialog';
import { SeatUsage, seatsFull } from '../../features/users/SeatUsage';
import { UsersTable } from '../../features/users/UsersTable';
import { useUsers } from '../../features/users/use-users';
import { ApiError } from '../../lib/api';

function errorText(error: unknown) {
  return error instanceof ApiError
    ? error.userMessage
    : 'Check your connection and reload the page.';
}

export default function Users() {
  const { user } = useAuth();
  const users = useUsers();
  const stats = useAdminStats();
  if (!user) return null;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Seats</CardTitle>
            <CardDescription>Active and invited users count against your plan.</CardDescription>
          </div>
          <InviteUserDialog disabled={stats.data ? seatsFull(stats.data) : false} />
        </CardHeader>
        <CardContent>
          {stats.data ? (
            <SeatUsage stats={stats.data} plan={user.organizationPlan} />
          ) : stats.isError ? (
            <p className="text-sm text-destructive">
              Seat usage could not be loaded: {errorText(stats.error)}
            </p>
          ) : (
            <Spinner />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>People in {user.organizationName}</CardTitle>
          <CardDescription>
            Roles decide what each person may do. Deactivated users cannot sign in; their records
            stay.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {users.isLoading ? (
            <div className="flex justify-center py-10">
              <Spinner className="size-7" label="Loading users" />
            </div>
          ) : users.isError ? (
            <EmptyState icon={UsersIcon} title="Users could not be loaded">
              {errorText(users.error)}
            </EmptyState>
          ) : users.data?.length ? (
            <UsersTable users={users.data} currentUserId={user.id} />
          ) : (
            <EmptyState icon={UsersIcon} title="No users yet">
              Invite the people who work with your training records.
            </EmptyState>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
