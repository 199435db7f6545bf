import { z } from 'zod';
import { LANGUAGES } from '../constants/languages';
import { email, personName, planId, role, setupRequest } from './auth';

export const userSummary = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role,
  status: z.enum(['invited', 'active', 'deactivated']),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** An authenticator app is set up (the admin may turn it off for someone who lost it). */
  twoFactorEnabled: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userList = z.array(userSummary);

export const createUserRequest = z.object({
  email,
  firstName: personName,
  lastName: personName,
  role,
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const createUserResponse = z.object({
  user: userSummary,
  /** Path of the one-time invitation; the admin hands it to the new user. Valid 7 days. */
  invitePath: z.string(),
  inviteExpiresAt: z.string(),
  /** The invitation was also e-mailed (SMTP configured): queued in the outbox with its retries. */
  emailed: z.boolean(),
});
export type CreateUserResponse = z.infer<typeof createUserResponse>;

export const updateUserRequest = z
  .object({
    role: role.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.active !== undefined, {
    message: 'Send a role or an active flag',
  });
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const userIdParams = z.object({ id: z.uuid({ message: 'Unknown user' }) });

export const adminStats = z.object({
  totalOrganizations: z.number().int(),
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  invitedUsers: z.number().int(),
  userLimit: z.number().int().nullable(),
  /** This server process: when it started, measured, not a figure typed in. */
  server: z.object({ startedAt: z.string(), uptimeSeconds: z.number().int() }),
});
export type AdminStats = z.infer<typeof adminStats>;

export const organizationSummary = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  createdAt: z.string(),
  userCount: z.number().int(),
  /** The plan's limits (null: unlimited) beside what the organization uses today. */
  userLimit: z.number().int().nullable(),
  documentCount: z.number().int(),
  documentLimit: z.number().int().nullable(),
  storageBytes: z.number().int(),
});
export type OrganizationSummary = z.infer<typeof organizationSummary>;
export const organizationList = z.array(organizationSummary);

/** A platform operator creates an organization with its plan and invites its first admin. */
/** The setup form's organization and first admin, without a password: the admin chooses it. */
export const createOrganizationRequest = setupRequest
  .omit({ password: true })
  .extend({ plan: planId });
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequest>;

export const createdOrganization = z.object({
  organization: organizationSummary,
  adminEmail: z.string(),
  /** The first admin's invitation: the link to hand over when it was not e-mailed. */
  invitePath: z.string(),
  inviteExpiresAt: z.string(),
  emailed: z.boolean(),
});
export type CreatedOrganization = z.infer<typeof createdOrganization>;

/** The pricing page's trial button (SIGNUP=open): the admin confirms by the e-mailed link. */
export const signupRequest = createOrganizationRequest.omit({ plan: true }).extend({
  /** The language the page was read in: the confirmation e-mail is written in it. */
  language: z.enum(LANGUAGES).default('en'),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupStatus = z.object({ open: z.boolean() });
export const signupAccepted = z.object({ email: z.string() });
