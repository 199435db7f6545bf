import {
  Clock,
  Inbox,
  Mail,
  MessageCircle,
  Pencil,
  Phone,
  RefreshCw,
  ServerCog,
} from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SupportContacts, TicketStatus } from '@shared/api/support';
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
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { readerMessage } from '../../i18n/messages';
import { ApiError, apiErrorMessage } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import {
  OPEN_CHAT_EVENT,
  useSaveSupportContacts,
  useSupportContacts,
  useSupportStatus,
  useTickets,
} from './use-support';

const ICON_BOX =
  'flex size-8 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4';

function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <CardTitle className="flex items-center gap-2">
      <span className={ICON_BOX}>{icon}</span>
      {children}
    </CardTitle>
  );
}

function ContactsDialog({ contacts }: { contacts: SupportContacts }) {
  const { t } = useTranslation('support');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState({ email: '', phone: '', hours: '' });
  const [errors, setErrors] = useState<
    Partial<Record<'email' | 'phone' | 'hours' | 'form', string>>
  >({});
  const save = useSaveSupportContacts();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        email: draft.email.trim() || null,
        phone: draft.phone.trim() || null,
        hours: draft.hours.trim() || null,
      });
      setOpen(false);
    } catch (error) {
      const next: typeof errors = {};
      if (error instanceof ApiError) {
        for (const i of error.body?.issues ?? []) {
          if (i.path === 'email' || i.path === 'phone' || i.path === 'hours') {
            next[i.path] = readerMessage(i.message);
          }
        }
      }
      if (Object.keys(next).length === 0) next.form = apiErrorMessage(error);
      setErrors(next);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDraft({
            email: contacts.email ?? '',
            phone: contacts.phone ?? '',
            hours: contacts.hours ?? '',
          });
          setErrors({});
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden /> {t('contacts.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('contacts.dialogTitle')}</DialogTitle>
            <DialogDescription>{t('contacts.dialogDescription')}</DialogDescription>
          </DialogHeader>
          <TextField
            id="support-email"
            label={t('contacts.email')}
            type="email"
            value={draft.email}
            error={errors.email}
            onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
          />
          <TextField
            id="support-phone"
            label={t('contacts.phone')}
            type="tel"
            value={draft.phone}
            error={errors.phone}
            onChange={(e) => setDraft((d) => ({ ...d, phone: e.target.value }))}
          />
          <TextField
            id="support-hours"
            label={t('contacts.hours')}
            hint={t('contacts.hoursHint')}
            value={draft.hours}
            error={errors.hours}
            onChange={(e) => setDraft((d) => ({ ...d, hours: e.target.value }))}
          />
          {errors.form && (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner className="size-4" />} {t('contacts.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Live chat always; e-mail and phone only as the organization's admins set them. */
export function ContactCards({ admin }: { admin: boolean }) {
  const { t } = useTranslation('support');
  const contacts = useSupportContacts();
  const c = contacts.data ?? { email: null, phone: null, hours: null };
  const none = !c.email && !c.phone;
  return (
    <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      <Card className="flex flex-col">
        <CardHeader>
          <IconTitle icon={<MessageCircle aria-hidden />}>{t('chatCard.title')}</IconTitle>
          <CardDescription>{t('chatCard.description')}</CardDescription>
        </CardHeader>
        <CardContent className="mt-auto">
          <Button onClick={() => window.dispatchEvent(new Event(OPEN_CHAT_EVENT))}>
            <MessageCircle aria-hidden /> {t('chatCard.button')}
          </Button>
        </CardContent>
      </Card>
      {c.email && (
        <Card className="flex flex-col">
          <CardHeader>
            <IconTitle icon={<Mail aria-hidden />}>{t('contacts.emailTitle')}</IconTitle>
            <CardDescription>{t('contacts.emailDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto grid gap-2">
            <a
              href={`mailto:${c.email}`}
              className="break-all text-sm font-medium text-primary underline underline-offset-4"
            >
              {c.email}
            </a>
            {c.hours && (
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Clock aria-hidden className="size-3" /> {c.hours}
              </p>
            )}
          </CardContent>
        </Card>
      )}
      {c.phone && (
        <Card className="flex flex-col">
          <CardHeader>
            <IconTitle icon={<Phone aria-hidden />}>{t('contacts.phoneTitle')}</IconTitle>
            <CardDescription>{t('contacts.phoneDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto grid gap-2">
            <a
              href={`tel:${c.phone.replace(/[^+0-9]/g, '')}`}
              className="text-sm font-medium text-primary underline underline-offset-4"
            >
              {c.phone}
            </a>
            {c.hours && (
              <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Clock aria-hidden className="size-3" /> {c.hours}
              </p>
            )}
          </CardContent>
        </Card>
      )}
      {(none || admin) && (
        <Card className="flex flex-col border-dashed">
          <CardHeader>
            <IconTitle icon={<Phone aria-hidden />}>{t('contacts.title')}</IconTitle>
            <CardDescription>
              {none
                ? admin
                  ? t('contacts.noneAdmin')
                  : t('contacts.none')
                : t('contacts.setAdmin')}
            </CardDescription>
          </CardHeader>
          {admin && (
            <CardContent className="mt-auto">
              <ContactsDialog contacts={c} />
            </CardContent>
          )}
        </Card>
      )}
    </div>
  );
}

/** "All systems operational" only when every health check passes, with what each measured. */
export function StatusCard() {
  const { t } = useTranslation('support');
  const status = useSupportStatus();
  const data = status.data;
  const state = status.isFetching
    ? 'checking'
    : status.isError
      ? 'down'
      : data?.operational
        ? 'up'
        : 'degraded';
  return (
    <Card>
      <CardHeader>
        <IconTitle icon={<ServerCog aria-hidden />}>{t('status.title')}</IconTitle>
        <CardDescription>{t('status.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p aria-live="polite" className="flex items-center gap-2 font-medium">
          <span
            aria-hidden
            className={cn(
              'size-2.5 rounded-full',
              state === 'up' && 'bg-green-600',
              state === 'degraded' && 'bg-amber-500',
              state === 'down' && 'bg-destructive',
              state === 'checking' && 'animate-pulse bg-muted-foreground',
            )}
          />
          {t(`status.${state}`)}
        </p>
        {data && !status.isFetching && (
          <ul className="grid gap-1 text-xs">
            {data.checks.map((c) => (
              <li key={c.id} className="flex gap-2">
                <span className={cn('font-medium', c.ok ? 'text-green-700' : 'text-destructive')}>
                  {c.ok ? t('status.pass') : t('status.fail')}
                </span>
                <span>{t(`status.checks.${c.id}`)}</span>
                <span className="text-muted-foreground">{c.detail}</span>
              </li>
            ))}
          </ul>
        )}
        {data && !status.isFetching && (
          <p className="text-xs text-muted-foreground">
            {t('status.checkedAt', { date: formatDateTime(data.checkedAt) })}
          </p>
        )}
        {state === 'down' && (
          <p className="text-xs text-muted-foreground">{t('status.downAdvice')}</p>
        )}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void status.refetch()}
          disabled={status.isFetching}
        >
          <RefreshCw aria-hidden className={cn(status.isFetching && 'animate-spin')} />{' '}
          {t('status.checkAgain')}
        </Button>
      </CardContent>
    </Card>
  );
}

const STATUS_VARIANT: Record<TicketStatus, 'warning' | 'info' | 'success'> = {
  open: 'warning',
  waiting: 'info',
  resolved: 'success',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('support');
  return <Badge variant={STATUS_VARIANT[status]}>{t(`tickets.status.${status}`)}</Badge>;
}

/** Admins: every request of the organization, with the reply times measured from them. */
export function TicketsCard({ admin }: { admin: boolean }) {
  const { t } = useTranslation('support');
  const tickets = useTickets();
  const figures = tickets.data?.figures;
  return (
    <Card>
      <CardHeader>
        <IconTitle icon={<Inbox aria-hidden />}>
          {admin ? t('tickets.title') : t('tickets.mine')}
        </IconTitle>
        <CardDescription>
          {admin ? t('tickets.description') : t('tickets.mineDescription')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {figures && figures.tickets > 0 && (
          <p className="text-xs text-muted-foreground">
            {figures.medianFirstResponseMinutes === null
              ? t('tickets.figuresNone', { count: figures.tickets, open: figures.open })
              : t('tickets.figures', {
                  count: figures.tickets,
                  open: figures.open,
                  median: formatNumber(figures.medianFirstResponseMinutes),
                  p90: formatNumber(figures.p90FirstResponseMinutes ?? 0),
                  answered: figures.answered,
                })}
          </p>
        )}
        {tickets.isPending ? (
          <Spinner />
        ) : tickets.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(tickets.error)}
          </p>
        ) : tickets.data.tickets.length === 0 ? (
          <EmptyState icon={Inbox} title={t('tickets.empty')}>
            {t('tickets.emptyHint')}
          </EmptyState>
        ) : (
          <ul className="grid gap-2">
            {tickets.data.tickets.map((tk) => (
              <li key={tk.id}>
                <Link
                  to={`/support/tickets/${tk.id}`}
                  className="grid gap-1 rounded-md border p-3 transition-colors hover:bg-muted"
                >
                  <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    #{tk.number} {tk.subject} <TicketStatusBadge status={tk.status} />
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {admin && `${tk.requesterName} · `}
                    {t('tickets.updated', { date: formatDateTime(tk.updatedAt) })}
                    {tk.assigneeName && ` · ${t('tickets.assignedTo', { name: tk.assigneeName })}`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
