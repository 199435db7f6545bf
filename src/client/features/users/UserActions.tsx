import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2, MoreHorizontal, ShieldOff, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import type { CreateUserResponse, UserSummary } from '@shared/api/users';
import { ROLE_LABELS, type Role } from '@shared/constants/roles';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/misc';
import { toast } from '../../components/ui/use-toast';
import { okResponse } from '@shared/api/auth';
import { ApiError, apiRequest } from '../../lib/api';
import { InviteLink } from './InviteLink';
import { useReauthentication } from './Reauthenticate';
import { RoleSelect } from './RoleSelect';
import { USERS_KEY, useReissueInvite, useUpdateUser } from './use-users';

export const fullName = (user: Pick<UserSummary, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;

function failed(title: string, error: unknown) {
  const description =
    error instanceof ApiError ? error.userMessage : 'Check your connection and try again.';
  toast({ title, description, variant: 'destructive' });
}

/** Changes a user's role as soon as another one is picked; the server has the last word. */
export function UserRoleSelect({ user, className }: { user: UserSummary; className?: string }) {
  const update = useUpdateUser();
  const { guard, dialog } = useReauthentication();
  const onChange = async (role: Role) => {
    if (role === user.role) return;
    try {
      await guard(async () => {
        await update.mutateAsync({ id: user.id, role });
        toast({
          title: 'Role changed',
          description: `${fullName(user)} is now ${ROLE_LABELS[role]}.`,
        });
      });
    } catch (error) {
      failed('Could not change role', error);
    }
  };
  return (
    <>
      {dialog}
      <RoleSelect
        value={user.role}
        onChange={onChange}
        disabled={update.isPending || user.status === 'deactivated'}
        label={`Role of ${fullName(user)}`}
        className={className}
      />
    </>
  );
}

/** Deactivate or reactivate (after confirmation) and, for invited users, a new invitation link. */
export function UserActions({ user }: { user: UserSummary }) {
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [link, setLink] = useState<CreateUserResponse | null>(null);
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => apiRequest('POST', `/api/users/${user.id}/two-factor/reset`, {}, okResponse),
    onSuccess: () => {
      toast({
        title: 'Two-factor sign-in turned off',
        description: `${name} signs in with their password and sets up a new second step if your organization requires one.`,
      });
      setResetting(false);
    },
    onError: (error) => {
      setResetting(false);
      failed('Could not turn off two-factor sign-in', error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
  const update = useUpdateUser();
  const reissue = useReissueInvite();
  const { guard, dialog } = useReauthentication();
  const deactivating = user.status !== 'deactivated';
  const name = fullName(user);

  const onConfirm = async () => {
    try {
      setConfirming(false);
      await guard(async () => {
        await update.mutateAsync({ id: user.id, active: !deactivating });
        toast({ title: deactivating ? 'User deactivated' : 'User reactivated', description: name });
      });
    } catch (error) {
      setConfirming(false);
      failed(deactivating ? 'Could not deactivate user' : 'Could not reactivate user', error);
    }
  };

  const onNewLink = async () => {
    try {
      setLink(await reissue.mutateAsync(user.id));
    } catch (error) {
      failed('Could not create a new invitation link', error);
    }
  };

  return (
    <>
      {dialog}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Actions for ${name}`}>
            <MoreHorizontal />
            <span className="md:sr-only">Actions</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {user.status === 'invited' && (
            <DropdownMenuItem onSelect={onNewLink} disabled={reissue.isPending}>
              <Link2 /> New invitation link
            </DropdownMenuItem>
          )}
          {user.twoFactorEnabled && (
            <DropdownMenuItem onSelect={() => setResetting(true)}>
              <ShieldOff /> Turn off two-factor sign-in
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setConfirming(true)}>
            {deactivating ? <UserX /> : <UserCheck />}
            {deactivating ? 'Deactivate' : 'Reactivate'}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
            </DialogTitle>
            <DialogDescription>
              {deactivating
                ? 'They are signed out at once and can no longer sign in or use an invitation link. Their records and history stay. You can reactivate them later.'
                : 'They can sign in again with their password, or with a new invitation link if they never accepted one. Reactivating uses a seat of your plan.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant={deactivating ? 'destructive' : 'default'}
              onClick={onConfirm}
              disabled={update.isPending}
            >
              {deactivating ? 'Deactivate' : 'Reactivate'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={resetting} onOpenChange={setResetting}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Turn off two-factor sign-in for {name}?</DialogTitle>
            <DialogDescription>
              For someone who lost their phone and their recovery codes: their authenticator app,
              recovery codes and passkeys stop working, and their password alone signs them in until
              they set up a new second step. Confirm who is asking before you do this; it is
              recorded in the audit trail.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => reset.mutate()} disabled={reset.isPending}>
              Turn off two-factor sign-in
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={link !== null} onOpenChange={(open) => !open && setLink(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New invitation link</DialogTitle>
            <DialogDescription>The previous link for {name} no longer works.</DialogDescription>
          </DialogHeader>
          {link && (
            <InviteLink
              invitePath={link.invitePath}
              emailed={link.emailed}
              expiresAt={link.inviteExpiresAt}
              email={link.user.email}
            />
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
