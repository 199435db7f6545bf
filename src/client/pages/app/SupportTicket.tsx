import { Send, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TICKET_STATUSES, type TicketStatus } from '@shared/api/support';
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
import { useAuth } from '../../features/auth/use-auth';
import { TicketStatusBadge } from '../../features/support/SupportCards';
import { SupportItemPage } from '../../features/support/SupportPage';
import { useReplyToTicket, useTicket, useUpdateTicket } from '../../features/support/use-support';
import { useUsers } from '../../features/users/use-users';
import { apiErrorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';

const NOBODY = 'nobody';

function AdminControls({
  id,
  status,
  assigneeId,
}: {
  id: string;
  status: TicketStatus;
  assigneeId: string | null;
}) {
  const { t } = useTranslation('support');
  const users = useUsers();
  const update = useUpdateTicket(id);
  const admins = (users.data ?? []).filter((u) => u.role === 'admin' && u.status === 'active');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-status">{t('ticket.status')}</Label>
        <Select value={status} onValueChange={(v) => update.mutate({ status: v as TicketStatus })}>
          <SelectTrigger id="ticket-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TICKET_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {t(`tickets.status.${s}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-assignee">{t('ticket.assignee')}</Label>
        <Select
          value={assigneeId ?? NOBODY}
          onValueChange={(v) => update.mutate({ assigneeId: v === NOBODY ? null : v })}
        >
          <SelectTrigger id="ticket-assignee">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NOBODY}>{t('ticket.unassigned')}</SelectItem>
            {admins.map((u) => (
              <SelectItem key={u.id} value={u.id}>
                {u.firstName} {u.lastName}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {update.isError && (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {apiErrorMessage(update.error)}
        </p>
      )}
    </div>
  );
}

export default function SupportTicket() {
  const { t } = useTranslation('support');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const ticket = useTicket(id);
  const reply = useReplyToTicket(id);
  const [body, setBody] = useState('');

  const admin = user?.role === 'admin';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    await reply.mutateAsync(body);
    setBody('');
  };
  return (
    <SupportItemPage query={ticket} notFound={t('ticket.notFound')} what={t('ticket.what')}>
      {(tk) => (
        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
              #{tk.number} {tk.subject} <TicketStatusBadge status={tk.status} />
            </CardTitle>
            <CardDescription>
              {t('ticket.from', {
                name: tk.requesterName,
                email: tk.requesterEmail,
                date: formatDateTime(tk.createdAt),
              })}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {admin && <AdminControls id={tk.id} status={tk.status} assigneeId={tk.assigneeId} />}
            <section aria-label={t('ticket.transcript')} className="grid gap-2">
              <h2 className="text-sm font-semibold">{t('ticket.transcript')}</h2>
              <ol className="grid gap-2">
                {tk.transcript.map((m) => (
                  <li
                    key={m.id}
                    className={cn(
                      'grid gap-1 rounded-md border p-3 text-sm',
                      m.author === 'bot' && 'bg-muted/60',
                      m.author === 'agent' && 'border-primary/40 bg-accent',
                    )}
                  >
                    <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                      {m.author !== 'bot' && <UserRound aria-hidden className="size-3" />}
                      {m.author === 'bot' ? t('ticket.assistant') : m.authorName}
                      {' · '}
                      {formatDateTime(m.createdAt)}
                    </span>
                    <p className="whitespace-pre-wrap">{m.content}</p>
                  </li>
                ))}
              </ol>
            </section>
            <form onSubmit={onSubmit} className="grid gap-2">
              <Label htmlFor="ticket-reply">
                {admin ? t('ticket.replyAsAdmin') : t('ticket.reply')}
              </Label>
              <textarea
                id="ticket-reply"
                value={body}
                maxLength={2000}
                rows={3}
                onChange={(e) => setBody(e.target.value)}
                className="rounded-md border bg-background px-3 py-2 text-sm"
              />
              {reply.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {apiErrorMessage(reply.error)}
                </p>
              )}
              <Button
                type="submit"
                className="justify-self-start"
                disabled={!body.trim() || reply.isPending}
              >
                {reply.isPending ? <Spinner className="size-4" /> : <Send aria-hidden />}{' '}
                {t('ticket.send')}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </SupportItemPage>
  );
}
