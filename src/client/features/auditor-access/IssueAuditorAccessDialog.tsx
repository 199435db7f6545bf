import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedAuditorAccess } from '@shared/api/auditor-access';
import { REPORT_SCOPES, type ReportScope } from '@shared/api/reports';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormField, TextField } from '../../components/ui/form-field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { readerMessage } from '../../i18n/messages';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { FormError } from '../users/form-errors';
import { InviteLink } from '../users/InviteLink';
import { scopeLabel } from './scope-label';
import { endOfDay, useIssueAuditorAccess } from './use-auditor-access';

interface Draft {
  email: string;
  firstName: string;
  lastName: string;
  endsOn: string;
  scopeKind: ReportScope['kind'];
  scopeValue: string;
  purpose: string;
}

const EMPTY: Draft = {
  email: '',
  firstName: '',
  lastName: '',
  endsOn: '',
  scopeKind: 'organization',
  scopeValue: '',
  purpose: '',
};

/** Where each field's server issue is shown. */
const FIELD_OF: Record<string, keyof Draft> = {
  email: 'email',
  firstName: 'firstName',
  lastName: 'lastName',
  expiresAt: 'endsOn',
  'scope.value': 'scopeValue',
  purpose: 'purpose',
};

/** Admin: an account for an external inspector, limited to a scope and an end date. */
export function IssueAuditorAccessDialog() {
  const { t } = useTranslation('auditor');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft | 'form', string>>>({});
  const [issued, setIssued] = useState<IssuedAuditorAccess | null>(null);
  const issue = useIssueAuditorAccess();
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const reset = () => {
    setDraft(EMPTY);
    setErrors({});
    setIssued(null);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.endsOn) {
      setErrors({ endsOn: t('issue.endsOnRequired') });
      return;
    }
    setErrors({});
    try {
      setIssued(
        await issue.mutateAsync({
          email: draft.email,
          firstName: draft.firstName,
          lastName: draft.lastName,
          expiresAt: endOfDay(draft.endsOn),
          scope:
            draft.scopeKind === 'organization'
              ? { kind: 'organization' }
              : { kind: draft.scopeKind, value: draft.scopeValue },
          purpose: draft.purpose,
        }),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setErrors({ form: t('issue.checkConnection') });
        return;
      }
      const next: typeof errors = {};
      for (const i of error.body?.issues ?? []) {
        const field = FIELD_OF[i.path];
        if (field) next[field] = readerMessage(i.message);
      }
      if (Object.keys(next).length === 0) next.form = error.userMessage;
      setErrors(next);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <ShieldCheck /> {t('issue.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        {issued ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('issue.issued')}</DialogTitle>
              <DialogDescription>
                {t('issue.issuedDescription', {
                  name: `${issued.access.firstName} ${issued.access.lastName}`,
                  scope: scopeLabel(issued.access.scope),
                  ends: formatDateTime(issued.access.expiresAt),
                })}
              </DialogDescription>
            </DialogHeader>
            <InviteLink
              invitePath={issued.invitePath}
              emailed={issued.emailed}
              expiresAt={issued.inviteExpiresAt}
              email={issued.access.email}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button>{t('issue.done')}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{t('issue.title')}</DialogTitle>
              <DialogDescription>{t('issue.description')}</DialogDescription>
            </DialogHeader>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <TextField
                id="access-email"
                label={t('issue.email')}
                type="email"
                autoComplete="off"
                value={draft.email}
                error={errors.email}
                onChange={(e) => set('email')(e.target.value)}
              />
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  id="access-first-name"
                  label={t('issue.firstName')}
                  autoComplete="off"
                  value={draft.firstName}
                  error={errors.firstName}
                  onChange={(e) => set('firstName')(e.target.value)}
                />
                <TextField
                  id="access-last-name"
                  label={t('issue.lastName')}
                  autoComplete="off"
                  value={draft.lastName}
                  error={errors.lastName}
                  onChange={(e) => set('lastName')(e.target.value)}
                />
              </div>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <FormField id="access-scope" label={t('issue.scope')}>
                  <Select value={draft.scopeKind} onValueChange={(v) => set('scopeKind')(v)}>
                    <SelectTrigger id="access-scope">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {REPORT_SCOPES.map((id) => (
                        <SelectItem key={id} value={id}>
                          {t(`scopes.${id}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormField>
                {draft.scopeKind !== 'organization' && (
                  <TextField
                    id="access-scope-value"
                    label={t(`issue.scopeValue.${draft.scopeKind}`)}
                    value={draft.scopeValue}
                    error={errors.scopeValue}
                    onChange={(e) => set('scopeValue')(e.target.value)}
                  />
                )}
              </div>
              <TextField
                id="access-ends"
                label={t('issue.endsOn')}
                hint={t('issue.endsOnHint')}
                type="date"
                value={draft.endsOn}
                error={errors.endsOn}
                onChange={(e) => set('endsOn')(e.target.value)}
              />
              <TextField
                id="access-purpose"
                label={t('issue.purpose')}
                hint={t('issue.purposeHint')}
                value={draft.purpose}
                error={errors.purpose}
                onChange={(e) => set('purpose')(e.target.value)}
              />
              <p className="text-sm text-muted-foreground">{t('issue.readOnly')}</p>
              <FormError message={errors.form} />
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    {t('issue.cancel')}
                  </Button>
                </DialogClose>
                <Button type="submit" disabled={issue.isPending}>
                  {issue.isPending ? t('issue.issuing') : t('issue.submit')}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
