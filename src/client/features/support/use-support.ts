import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  articleHits,
  chatResponse,
  chatSession,
  chatSessionList,
  helpArticle,
  supportContacts,
  supportStatus,
  ticketDetail,
  ticketList,
  type ChatIntent,
  type SupportContacts,
  type TicketStatus,
} from '@shared/api/support';
import { apiRequest } from '../../lib/api';

/** Opens the chat widget from anywhere on the page (the widget listens for it). */
export const OPEN_CHAT_EVENT = 'centerline:open-chat';

export const SESSIONS_KEY = ['/api/support/sessions'] as const;
export const TICKETS_KEY = ['/api/support/tickets'] as const;
const CONTACTS_KEY = ['/api/support/contacts'] as const;

export function sendChat(input: { message: string; sessionId: string | null; topic?: ChatIntent }) {
  return apiRequest('POST', '/api/support/chat', input, chatResponse);
}

export function useChatSessions(enabled: boolean) {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => apiRequest('GET', '/api/support/sessions', undefined, chatSessionList),
    enabled,
  });
}

export function getChatSession(id: string) {
  return apiRequest('GET', `/api/support/sessions/${id}`, undefined, chatSession);
}

/**
 * One conversation; polled while it has an unresolved ticket, so an admin's answer appears in
 * the open widget without a reload.
 */
export function useChatSession(id: string | null) {
  return useQuery({
    queryKey: ['/api/support/sessions', id],
    queryFn: () => getChatSession(id!),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.ticket && query.state.data.ticket.status !== 'resolved' ? 10_000 : false,
  });
}

export function useArticleSearch(q: string) {
  return useQuery({
    queryKey: ['/api/support/articles', q],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/support/articles${q ? `?q=${encodeURIComponent(q)}` : ''}`,
        undefined,
        articleHits,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(id: string) {
  return useQuery({
    queryKey: ['/api/support/articles', 'one', id],
    queryFn: () =>
      apiRequest('GET', `/api/support/articles/${encodeURIComponent(id)}`, undefined, helpArticle),
  });
}

export function useTickets() {
  return useQuery({
    queryKey: TICKETS_KEY,
    queryFn: () => apiRequest('GET', '/api/support/tickets', undefined, ticketList),
  });
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: [...TICKETS_KEY, id],
    queryFn: () => apiRequest('GET', `/api/support/tickets/${id}`, undefined, ticketDetail),
    refetchInterval: 15_000,
  });
}

function useInvalidateTickets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
      queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
    ]);
}

export function useReplyToTicket(id: string) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest('POST', `/api/support/tickets/${id}/replies`, { body }, ticketDetail),
    onSuccess: invalidate,
  });
}

export function useUpdateTicket(id: string) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (change: { status?: TicketStatus; assigneeId?: string | null }) =>
      apiRequest('PATCH', `/api/support/tickets/${id}`, change, ticketDetail),
    onSuccess: invalidate,
  });
}

export function useSupportContacts() {
  return useQuery({
    queryKey: CONTACTS_KEY,
    queryFn: () => apiRequest('GET', '/api/support/contacts', undefined, supportContacts),
  });
}

export function useSaveSupportContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contacts: SupportContacts) =>
      apiRequest('PUT', '/api/support/contacts', contacts, supportContacts),
    onSuccess: (saved) => queryClient.setQueryData(CONTACTS_KEY, saved),
  });
}

/** The server's health checks, re-run on every visit and on demand. */
export function useSupportStatus() {
  return useQuery({
    queryKey: ['/api/support/status'],
    queryFn: () => apiRequest('GET', '/api/support/status', undefined, supportStatus),
    staleTime: 0,
    gcTime: 0,
  });
}
