import { UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
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
        toast({ title: 'Viewer assigned', description: `${user.email} can now read this record.` });
      },
      onError: fail('Could not assign the viewer'),
    });
  };

  return (
    <Card role="region" aria-label="Viewer access">
      <CardHeader>
        <CardTitle>Viewer access</CardTitle>
        <CardDescription>Viewers read only the records assigned to them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {assignments.isPending || users.isPending ? (
          <Spinner label="Loading viewer access" />
        ) : assignments.isError ? (
          <QueryError error={assignments.error} what="the assignments" />
        ) : users.isError ? (
          <QueryError error={users.error} what="the users" />
        ) : (
          <>
            {assignments.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">No viewer is assigned to this record.</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label="Assigned viewers">
                {assignments.data.map((a) => (
                  <li key={a.userId} className="flex items-center justify-between gap-2 px-3 py-2">
                    <div className="min-w-0 text-sm">
                      <p className="truncate font-medium">{a.name || a.email}</p>
                      <p className="truncate text-xs text-muted-foreground">{a.email}</p>
                    </div>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${a.email}`}
                      title="Remove access"
                      disabled={unassign.isPending}
                      onClick={() =>
                        unassign.mutate(a.userId, { onError: fail('Could not remove the viewer') })
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
                {assignments.data.length === 0
                  ? 'There is no Viewer user to assign. '
                  : 'Every Viewer user is assigned. '}
                <Link to="/users" className="text-primary underline underline-offset-4">
                  Manage users
                </Link>
              </p>
            ) : (
              <div className="grid gap-2">
                <Label htmlFor="assign-viewer">Assign a viewer</Label>
                <div className="flex gap-2">
                  <Select value={chosen} onValueChange={setChosen}>
                    <SelectTrigger id="assign-viewer" className="min-w-0 flex-1">
                      <SelectValue placeholder="Choose a Viewer user" />
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
                    <UserPlus /> Assign
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
