import type { UserSummary } from '@shared/api/users';
import { ROLE_LABELS } from '@shared/constants/roles';
import { Badge } from '../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDateTime } from '../../lib/format';
import { fullName, UserActions, UserRoleSelect } from './UserActions';

const STATUS: Record<
  UserSummary['status'],
  { label: string; variant: 'success' | 'info' | 'secondary' }
> = {
  active: { label: 'Active', variant: 'success' },
  invited: { label: 'Invited', variant: 'info' },
  deactivated: { label: 'Deactivated', variant: 'secondary' },
};

function StatusBadge({ status }: { status: UserSummary['status'] }) {
  return <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>;
}

const lastSignIn = (user: UserSummary) =>
  user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never';

function YouBadge() {
  return (
    <Badge variant="outline" className="ml-2">
      You
    </Badge>
  );
}

/** A table on wide screens, a stack of cards on phones. Your own row has no controls. */
export function UsersTable({
  users,
  currentUserId,
}: {
  users: UserSummary[];
  currentUserId: string;
}) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>E-mail</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Last sign-in</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((user) => {
              const self = user.id === currentUserId;
              return (
                <TableRow key={user.id} data-testid={`user-row-${user.email}`}>
                  <TableCell className="font-medium whitespace-nowrap">
                    {fullName(user)}
                    {self && <YouBadge />}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {user.email}
                  </TableCell>
                  <TableCell>
                    {self ? (
                      ROLE_LABELS[user.role]
                    ) : (
                      <UserRoleSelect user={user} className="w-36" />
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={user.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {lastSignIn(user)}
                  </TableCell>
                  <TableCell className="text-right">
                    {!self && <UserActions user={user} />}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>

      <ul className="grid gap-3 md:hidden">
        {users.map((user) => {
          const self = user.id === currentUserId;
          return (
            <li
              key={user.id}
              className="grid gap-3 rounded-lg border p-4"
              data-testid={`user-card-${user.email}`}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    {fullName(user)}
                    {self && <YouBadge />}
                  </p>
                  <p className="break-words text-sm text-muted-foreground">{user.email}</p>
                </div>
                <StatusBadge status={user.status} />
              </div>
              {self ? (
                <p className="text-sm">{ROLE_LABELS[user.role]}</p>
              ) : (
                <UserRoleSelect user={user} />
              )}
              <div className="flex items-center justify-between gap-3">
                <p className="text-xs text-muted-foreground">Last sign-in: {lastSignIn(user)}</p>
                {!self && <UserActions user={user} />}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
