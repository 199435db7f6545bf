import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2, MoreHorizontal, ShieldOff, UserCheck, UserX } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateUserResponse, UserSummary } from '@shared/api/users';
import type { Role } from '@shared/constants/roles';
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
import { roleLabel } from './roles';
import { USERS_KEY, useReissueInvite, useUpdateUser } from './use-users';

export const fullName = (user: Pick<UserSummary, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;

function failed(t: TFunction, title: string, error: unknown) {
  const description = error instanceof ApiError ? error.userMessage : t('actions.checkConnection');
  toast({ title, description, variant: 'destructive' });
}

/** Changes a user's role as soon as another one is picked; the server has the last word. */
export function UserRoleSelect({ user, className }: { user: UserSummary; className?: string }) {
  const { t } = useTranslation('users');
  const update = useUpdateUser();
  const { guard, dialog } = useReauthentication();
  const onChange = async (role: Role) => {
    if (role === user.role) return;
    try {
      await guard(async () => {
        await update.mutateAsync({ id: user.id, role });
        toast({
          title: t('actions.roleChanged'),
          description: t('actions.roleChangedDescription', {
            name: fullName(user),
            role: roleLabel(role),
          }),
        });
      });
    } catch (error) {
      failed(t, t('actions.roleFailed'), error);
    }
  };
  return (
    <>
      {dialog}
      <RoleSelect
        value={user.role}
        onChange={onChange}
        disabled={update.isPending || user.status === 'deactivated'}
        label={t('actions.roleOf', { name: fullName(user) })}
        className={className}
      />
    </>
  );
}

/** Deactivate or reactivate (after confirmation) and, for invited users, a new invitation link. */
export function UserActions({ user }: { user: UserSummary }) {
  const { t } = useTranslation('users');
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [link, setLink] = useState<CreateUserResponse | null>(null);
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => apiRequest('POST', `/api/users/${user.id}/two-factor/reset`, {}, okResponse),
    onSuccess: () => {
      toast({
        title: t('actions.twoFactorReset'),
        description: t('actions.twoFactorResetDescription', { name }),
      });
      setResetting(false);
    },
    onError: (error) => {
      setResetting(false);
      failed(t, t('actions.twoFactorResetFailed'), error);
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
        toast({
          title: deactivating ? t('actions.deactivated') : t('actions.reactivated'),
          description: name,
        });
      });
    } catch (error) {
      setConfirming(false);
      failed(
        t,
        deactivating ? t('actions.deactivateFailed') : t('actions.reactivateFailed'),
        error,
      );
    }
  };

  const onNewLink = async () => {
    try {
      setLink(await reissue.mutateAsync(user.id));
    } catch (error) {
      failed(t, t('actions.newLinkFailed'), error);
    }
  };

  return (
    <>
      {dialog}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={t('actions.menuFor', { name })}>
            <MoreHorizontal />
            <span className="md:sr-only">{t('actions.menu')}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {user.status === 'invited' && (
            <DropdownMenuItem onSelect={onNewLink} disabled={reissue.isPending}>
              <Link2 /> {t('actions.newLink')}
            </DropdownMenuItem>
          )}
          {user.twoFactorEnabled && (
            <DropdownMenuItem onSelect={() => setResetting(true)}>
              <ShieldOff /> {t('actions.twoFactorOff')}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setConfirming(true)}>
            {deactivating ? <UserX /> : <UserCheck />}
            {deactivating ? t('actions.deactivate') : t('actions.reactivate')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {deactivating
                ? t('actions.deactivateTitle', { name })
                : t('actions.reactivateTitle', { name })}
            </DialogTitle>
            <DialogDescription>
              {deactivating
                ? t('actions.deactivateDescription')
                : t('actions.reactivateDescription')}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('actions.cancel')}</Button>
            </DialogClose>
            <Button
              variant={deactivating ? 'destructive' : 'default'}
              onClick={onConfirm}
              disabled={update.isPending}
            >
              {deactivating ? t('actions.deactivate') : t('actions.reactivate')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={resetting} onOpenChange={setResetting}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('actions.twoFactorOffTitle', { name })}</DialogTitle>
            <DialogDescription>{t('actions.twoFactorOffDescription')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('actions.cancel')}</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => reset.mutate()} disabled={reset.isPending}>
              {t('actions.twoFactorOff')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={link !== null} onOpenChange={(open) => !open && setLink(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('actions.newLink')}</DialogTitle>
            <DialogDescription>{t('actions.newLinkDescription', { name })}</DialogDescription>
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
              <Button>{t('actions.done')}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
