import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditorAccess, AuditorAccessState } from '@shared/api/auditor-access';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { IssueAuditorAccessDialog } from './IssueAuditorAccessDialog';
import { scopeLabel } from './scope-label';
import { useAuditorAccessList, useRevokeAuditorAccess } from './use-auditor-access';
import { HelpLink } from '../support/HelpLink';

const STATE_VARIANT: Record<AuditorAccessState, 'success' | 'info' | 'secondary' | 'warning'> = {
  active: 'success',
  invited: 'info',
  expired: 'secondary',
  revoked: 'warning',
};

function RevokeButton({ access }: { access: AuditorAccess }) {
  const { t } = useTranslation('auditor');
  const [open, setOpen] = useState(false);
  const revoke = useRevokeAuditorAccess();
  const name = `${access.firstName} ${access.lastName}`;
  const onConfirm = async () => {
    try {
      await revoke.mutateAsync(access.id);
      setOpen(false);
      toast({ title: t('revoke.done'), description: t('revoke.doneDescription', { name }) });
    } catch (error) {
      toast({
        title: t('revoke.failed'),
        description: error instanceof ApiError ? error.userMessage : t('revoke.checkConnection'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('revoke.open')}
        <span className="sr-only"> {name}</span>
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('revoke.title', { name })}</DialogTitle>
          <DialogDescription>{t('revoke.description')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('revoke.cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={revoke.isPending}>
            {t('revoke.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Admin, on the Users screen: the external auditors' accesses, who used them and how much. */
export function AuditorAccessCard() {
  const { t } = useTranslation('auditor');
  const list = useAuditorAccessList();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{t('card.title')}</CardTitle>
          <CardDescription>{t('card.description')}</CardDescription>
        </div>
        <IssueAuditorAccessDialog />
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <Spinner label={t('card.loading')} />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {list.error instanceof ApiError ? list.error.userMessage : t('card.checkConnection')}
          </p>
        ) : list.data?.length ? (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('card.auditor')}</TableHead>
                  <TableHead>{t('card.scope')}</TableHead>
                  <TableHead>{t('card.ends')}</TableHead>
                  <TableHead>{t('card.state')}</TableHead>
                  <TableHead className="text-right">{t('card.views')}</TableHead>
                  <TableHead>{t('card.lastView')}</TableHead>
                  <TableHead>
                    <span className="sr-only">{t('card.actions')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.map((access) => (
                  <TableRow key={access.id} data-testid={`auditor-access-${access.email}`}>
                    <TableCell>
                      <p className="font-medium">
                        {access.firstName} {access.lastName}
                      </p>
                      <p className="text-xs text-muted-foreground">{access.email}</p>
                      {access.purpose && (
                        <p className="text-xs text-muted-foreground">{access.purpose}</p>
                      )}
                    </TableCell>
                    <TableCell>{scopeLabel(access.scope)}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDateTime(access.revokedAt ?? access.expiresAt)}
                    </TableCell>
                    <TableCell>
                      <Badge variant={STATE_VARIANT[access.state]}>
                        {t(`states.${access.state}`)}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatNumber(access.views)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {access.lastViewedAt ? formatDateTime(access.lastViewedAt) : t('card.never')}
                    </TableCell>
                    <TableCell className="text-right">
                      {(access.state === 'active' || access.state === 'invited') && (
                        <RevokeButton access={access} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : (
          <EmptyState icon={ShieldCheck} title={t('card.empty')}>
            {t('card.emptyDescription')}
            <HelpLink article="auditors" />
          </EmptyState>
        )}
      </CardContent>
    </Card>
  );
}
