import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@shared/api/users';
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
import { roleLabel } from './roles';
import { fullName, UserActions, UserRoleSelect } from './UserActions';

/** Each status's label is `users:table.status.<status>`. */
const STATUS_VARIANT: Record<UserSummary['status'], 'success' | 'info' | 'secondary'> = {
  active: 'success',
  invited: 'info',
  deactivated: 'secondary',
};

function StatusBadge({ status }: { status: UserSummary['status'] }) {
  const { t } = useTranslation('users');
  return <Badge variant={STATUS_VARIANT[status]}>{t(`table.status.${status}`)}</Badge>;
}

const lastSignIn = (user: UserSummary, t: TFunction) =>
  user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('table.never');

function YouBadge() {
  const { t } = useTranslation('users');
  return (
    <Badge variant="outline" className="ml-2">
      {t('table.you')}
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
  const { t } = useTranslation('users');
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('table.name')}</TableHead>
              <TableHead>{t('table.email')}</TableHead>
              <TableHead>{t('table.role')}</TableHead>
              <TableHead>{t('table.statusHeader')}</TableHead>
              <TableHead>{t('table.lastSignIn')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('table.actions')}</span>
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
                    {self ? roleLabel(user.role) : <UserRoleSelect user={user} className="w-36" />}
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={user.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {lastSignIn(user, t)}
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
                <p className="text-sm">{roleLabel(user.role)}</p>
              ) : (
                <UserRoleSelect user={user} />
              )}
              <div className="flex items-center justify-between gap-3">
                <p className="text-xs text-muted-foreground">
                  {t('table.lastSignInCard', { date: lastSignIn(user, t) })}
                </p>
                {!self && <UserActions user={user} />}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
