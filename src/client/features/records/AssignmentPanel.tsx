import { UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { QueryError, errorText } from '../dashboard/QueryError';
import { useUsers } from '../users/use-users';
import { useAssign, useAssignments, useUnassign } from './use-assignments';

/** Admins choose which Viewer users may read this record (Viewers see only what is assigned). */
export function AssignmentPanel({ id }: { id: string }) {
  const { t } = useTranslation('records');
  const assignments = useAssignments(id, { enabled: true });
  const users = useUsers();
  const assign = useAssign(id);
  const unassign = useUnassign(id);
  const [chosen, setChosen] = useState('');

  const assigned = new Set(assignments.data?.map((a) => a.userId));
  const candidates = (users.data ?? []).filter(
    (u) => u.role === 'viewer' && u.status !== 'deactivated' && !assigned.has(u.id),
  );
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: errorText(error), variant: 'destructive' });

  const onAssign = () => {
    const user = candidates.find((u) => u.id === chosen);
    if (!user) return;
    assign.mutate(user.id, {
      onSuccess: () => {
        setChosen('');
        toast({
          title: t('access.assigned'),
          description: t('access.assignedDescription', { email: user.email }),
        });
      },
      onError: fail(t('access.assignFailed')),
    });
  };

  return (
    <Card role="region" aria-label={t('access.title')}>
      <CardHeader>
        <CardTitle>{t('access.title')}</CardTitle>
        <CardDescription>{t('access.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {assignments.isPending || users.isPending ? (
          <Spinner label={t('access.loading')} />
        ) : assignments.isError ? (
          <QueryError error={assignments.error} what={t('access.assignmentsWhat')} />
        ) : users.isError ? (
          <QueryError error={users.error} what={t('access.usersWhat')} />
        ) : (
          <>
            {assignments.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('access.none')}</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label={t('access.listLabel')}>
                {assignments.data.map((a) => (
                  <li key={a.userId} className="flex items-center justify-between gap-2 px-3 py-2">
                    <div className="min-w-0 text-sm">
                      <p className="truncate font-medium">{a.name || a.email}</p>
                      <p className="truncate text-xs text-muted-foreground">{a.email}</p>
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('access.remove', { email: a.email })}
                      title={t('access.removeTitle')}
                      disabled={unassign.isPending}
                      onClick={() =>
                        unassign.mutate(a.userId, { onError: fail(t('access.removeFailed')) })
                      }
                    >
                      <UserMinus />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {candidates.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {assignments.data.length === 0 ? t('access.noCandidates') : t('access.allAssigned')}{' '}
                <Link to="/users" className="text-primary underline underline-offset-4">
                  {t('access.manageUsers')}
                </Link>
              </p>
            ) : (
              <div className="grid gap-2">
                <Label htmlFor="assign-viewer">{t('access.assignLabel')}</Label>
                <div className="flex gap-2">
                  <Select value={chosen} onValueChange={setChosen}>
                    <SelectTrigger id="assign-viewer" className="min-w-0 flex-1">
                      <SelectValue placeholder={t('access.choose')} />
                    </SelectTrigger>
                    <SelectContent>
                      {candidates.map((u) => (
                        <SelectItem key={u.id} value={u.id}>
                          {`${u.firstName} ${u.lastName}`.trim()} ({u.email})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <Button onClick={onAssign} disabled={!chosen || assign.isPending}>
                    <UserPlus /> {t('access.assign')}
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
