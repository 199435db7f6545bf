import { useQueryClient } from '@tanstack/react-query';
import { History, MessageCircle, Minus, Plus, Send, UserRound, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ChatIntent, ChatMessage, ChatOption, ChatSource } from '@shared/api/support';
import { CHAT_INTENTS } from '@shared/api/support';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../auth/use-auth';
import { ApiError, apiErrorMessage, isNetworkFailure } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { localReply } from './local-replies';
import {
  getChatSession,
  OPEN_CHAT_EVENT,
  SESSIONS_KEY,
  sendChat,
  useChatSession,
  useChatSessions,
} from './use-support';

/** The spec's typing delay: the reply appears no sooner than this after the question. */
const TYPING_MS = 1000;

interface Shown {
  id: string;
  author: ChatMessage['author'];
  authorName?: string | null;
  content: string;
  options: ChatOption[];
  sources: ChatSource[];
}

const PANEL =
  'fixed right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border bg-card shadow-2xl';

/** The support chat: a round button at the bottom right, a panel that keeps its conversations. */
export function ChatWidget({ raised = false }: { raised?: boolean }) {
  const { t } = useTranslation('support');
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [minimised, setMinimised] = useState(false);
  const [view, setView] = useState<'chat' | 'history'>('chat');
  const [sessionId, setSessionId] = useState<string | null>(null);
  // The greeting that opened this conversation here, what the server holds of it, and what
  // only this browser has (the question in flight, a reply the server could not give).
  const [lead, setLead] = useState<Shown | null>(null);
  const [extras, setExtras] = useState<Shown[]>([]);
  const [input, setInput] = useState('');
  const [typing, setTyping] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const [params, setParams] = useSearchParams();
  const sessions = useChatSessions(open && view === 'history');
  const session = useChatSession(sessionId);

  const greeting = (text: string): Shown => ({
    id: `greeting-${Date.now()}`,
    author: 'bot',
    content: text,
    options: [
      { text: t('chat.options.upload'), action: 'topic:upload' },
      { text: t('chat.options.proofs'), action: 'topic:proofs' },
      { text: t('chat.options.reports'), action: 'topic:reports' },
      { text: t('chat.options.users'), action: 'topic:users' },
      { text: t('chat.options.escalate'), action: 'topic:escalation' },
    ],
    sources: [],
  });

  // The Support Center's Live chat button, and a notification's link to a conversation.
  useEffect(() => {
    const show = () => {
      setOpen(true);
      setMinimised(false);
    };
    window.addEventListener(OPEN_CHAT_EVENT, show);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, show);
  }, []);
  const linked = params.get('conversation');
  useEffect(() => {
    if (!linked) return;
    setLead(null);
    setExtras([]);
    setSessionId(linked);
    setView('chat');
    setOpen(true);
    setMinimised(false);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('conversation');
        return next;
      },
      { replace: true },
    );
  }, [linked, setParams]);

  useEffect(() => {
    if (open && lead === null && sessionId === null && extras.length === 0) {
      setLead(greeting(t('chat.greeting', { name: user?.firstName ?? '' })));
    }
    if (open && !minimised) inputRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the panel opens
  }, [open, minimised]);

  // A saved conversation, as the server holds it: its answers from people arrive by polling.
  const transcript: Shown[] = sessionId
    ? (session.data?.transcript ?? []).map((m) => ({
        id: m.id,
        author: m.author,
        authorName: m.authorName,
        content: m.content,
        options: m.options,
        sources: m.sources,
      }))
    : [];
  const shown = [...(lead ? [lead] : []), ...transcript, ...extras];

  function restart(text: string) {
    setSessionId(null);
    setExtras([]);
    setLead(greeting(text));
  }

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length, typing]);

  async function ask(message: string, topic?: ChatIntent) {
    const text = message.trim();
    if (!text || typing) return;
    setInput('');
    const mine: Shown = {
      id: `mine-${Date.now()}`,
      author: 'user',
      content: text,
      options: [],
      sources: [],
    };
    setExtras((e) => [...e, mine]);
    setTyping(true);
    const began = Date.now();
    const wait = () =>
      new Promise((r) => setTimeout(r, Math.max(0, TYPING_MS - (Date.now() - began))));
    try {
      const answer = await sendChat({ message: text, sessionId, topic });
      await wait();
      // The server saved the question and its answer: its transcript shows both.
      await queryClient.fetchQuery({
        queryKey: ['/api/support/sessions', answer.sessionId],
        queryFn: () => getChatSession(answer.sessionId),
        staleTime: 0,
      });
      setSessionId(answer.sessionId);
      setExtras([]);
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY, exact: true });
    } catch (error) {
      await wait();
      // The server could not be reached: the spec's local replies. Refusals (a message too
      // long, too many) are said as the server said them.
      const unreachable =
        isNetworkFailure(error) || (error instanceof ApiError && error.status >= 500);
      const reply: Shown = unreachable
        ? { id: `local-${Date.now()}`, author: 'bot', sources: [], ...localReply(text) }
        : {
            id: `error-${Date.now()}`,
            author: 'bot',
            content: apiErrorMessage(error),
            options: [],
            sources: [],
          };
      setExtras((e) => [...e, reply]);
    } finally {
      setTyping(false);
    }
  }

  function choose(option: ChatOption) {
    if (option.action === 'reset') {
      restart(t('chat.reset'));
    } else if (option.action.startsWith('open:')) {
      void navigate(option.action.slice(5));
    } else if (option.action.startsWith('topic:')) {
      const topic = option.action.slice(6) as ChatIntent;
      void ask(option.text, CHAT_INTENTS.includes(topic) ? topic : undefined);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void ask(input);
  }

  if (!open) {
    return (
      <Button
        className={cn(
          'fixed right-4 z-50 size-14 rounded-full shadow-lg [&_svg]:size-6',
          raised ? 'bottom-20' : 'bottom-4',
        )}
        aria-label={t('chat.open')}
        onClick={() => {
          setOpen(true);
          setMinimised(false);
        }}
      >
        <MessageCircle aria-hidden />
      </Button>
    );
  }

  const header = (
    <div className="flex items-center gap-1 bg-sidebar px-3 py-2 text-white">
      <MessageCircle aria-hidden className="size-4" />
      <h2 className="flex-1 text-sm font-semibold">{t('chat.title')}</h2>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-white hover:bg-white/15"
        aria-label={t('chat.history')}
        aria-pressed={view === 'history'}
        onClick={() => setView(view === 'history' ? 'chat' : 'history')}
      >
        <History aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-white hover:bg-white/15"
        aria-label={minimised ? t('chat.expand') : t('chat.minimise')}
        onClick={() => setMinimised(!minimised)}
      >
        {minimised ? <Plus aria-hidden /> : <Minus aria-hidden />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-white hover:bg-white/15"
        aria-label={t('chat.close')}
        onClick={() => setOpen(false)}
      >
        <X aria-hidden />
      </Button>
    </div>
  );

  return (
    <section
      aria-label={t('chat.title')}
      className={cn(PANEL, raised ? 'bottom-20' : 'bottom-4', !minimised && 'h-[min(34rem,75vh)]')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      {header}
      {!minimised && view === 'history' && (
        <div className="flex-1 overflow-y-auto p-3">
          <Button
            variant="outline"
            size="sm"
            className="mb-3"
            onClick={() => {
              restart(t('chat.reset'));
              setView('chat');
            }}
          >
            <Plus aria-hidden /> {t('chat.newConversation')}
          </Button>
          {sessions.isPending ? (
            <Spinner />
          ) : sessions.data?.sessions.length ? (
            <ul className="grid gap-1.5">
              {sessions.data.sessions.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className="grid w-full gap-0.5 rounded-md border p-2 text-left text-sm hover:bg-muted"
                    onClick={() => {
                      setLead(null);
                      setExtras([]);
                      setSessionId(s.id);
                      setView('chat');
                    }}
                  >
                    <span className="font-medium">{s.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatDateTime(s.updatedAt)} · {t('chat.messages', { count: s.messages })}
                      {s.ticket &&
                        ` · ${t('chat.ticket', { number: s.ticket.number })} (${t(`tickets.status.${s.ticket.status}`)})`}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('chat.noHistory')}</p>
          )}
        </div>
      )}
      {!minimised && view === 'chat' && (
        <>
          <div className="flex-1 overflow-y-auto p-3" aria-live="polite">
            <ol className="grid gap-3">
              {shown.map((m) => (
                <li
                  key={m.id}
                  className={cn(
                    'grid max-w-[90%] gap-1.5',
                    m.author === 'user' && 'justify-self-end',
                  )}
                >
                  {m.author === 'agent' && (
                    <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
                      <UserRound aria-hidden className="size-3" />
                      {m.authorName}
                    </span>
                  )}
                  <p
                    className={cn(
                      'whitespace-pre-wrap rounded-lg px-3 py-2 text-sm',
                      m.author === 'user' && 'bg-primary text-primary-foreground',
                      m.author === 'bot' && 'bg-muted',
                      m.author === 'agent' && 'border border-primary/40 bg-accent',
                    )}
                  >
                    {m.content}
                  </p>
                  {m.sources.length > 0 && (
                    <ul className="grid gap-0.5 text-xs">
                      {m.sources.map((s) => (
                        <li key={s.url}>
                          <Link to={s.url} className="text-primary underline underline-offset-2">
                            {s.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                  {m.options.length > 0 && m.id === shown.at(-1)?.id && (
                    <div className="flex flex-wrap gap-1.5">
                      {m.options.map((o) => (
                        <Button
                          key={o.action + o.text}
                          variant="outline"
                          size="sm"
                          className="h-auto whitespace-normal py-1 text-left"
                          disabled={typing}
                          onClick={() => choose(o)}
                        >
                          {o.text}
                        </Button>
                      ))}
                    </div>
                  )}
                </li>
              ))}
              {typing && (
                <li className="flex items-center gap-2 text-xs text-muted-foreground">
                  <Spinner className="size-3" /> {t('chat.typing')}
                </li>
              )}
            </ol>
            <div ref={endRef} />
          </div>
          <form onSubmit={submit} className="flex items-end gap-2 border-t p-2">
            <textarea
              ref={inputRef}
              value={input}
              rows={1}
              maxLength={2000}
              aria-label={t('chat.input')}
              placeholder={t('chat.placeholder')}
              className="max-h-28 min-h-9 flex-1 resize-none rounded-md border bg-background px-3 py-2 text-sm"
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  void ask(input);
                }
              }}
            />
            <Button
              type="submit"
              size="icon"
              aria-label={t('chat.send')}
              disabled={!input.trim() || typing}
            >
              <Send aria-hidden />
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
