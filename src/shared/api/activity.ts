import { z } from 'zod';

export const auditLogEntry = z.object({
  id: z.string(),
  action: z.string(),
  timestamp: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export const auditLogList = z.array(auditLogEntry);

export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const notificationCount = z.object({ unread: z.number().int() });

export const NOTIFICATION_KINDS = [
  'alert',
  'audit',
  'validation',
  'system',
  'invitation',
  'escalation',
] as const;

export const notification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export const notificationList = z.array(notification);

/** `POST /api/notifications/read`: the ones named, or every unread one when `ids` is left out. */
export const markNotificationsRead = z.object({
  ids: z.array(z.uuid()).max(200).optional(),
});
export const markNotificationsReadResponse = z.object({ marked: z.number().int() });
