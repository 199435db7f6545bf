import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Capability, ROLES, type Role } from '@shared/constants/roles';
import {
  createMember,
  createOrganization,
  createTrainingEvent,
  PASSWORD,
  signedIn,
  uniqueEmail,
  withCookie,
} from '../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../test/harness';

/**
 * Who may call a route: anybody, any signed-in user, or the roles holding a capability of the
 * role matrix (DESIGN.md §4). The expected status follows from CAPABILITIES, so changing the
 * matrix changes what this test demands.
 */
/** `operator`: platform operators only (OPERATOR_EMAILS), none of the matrix's callers. */
type Access = 'public' | 'signed-in' | 'operator' | Capability;

interface World {
  organizationId: string;
  viewerId: string;
  loginEmail: string;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify's path pattern, as the route file declares it. */
  route: string;
  access: Access;
  path?: (world: World) => string;
  body?: (world: World) => unknown;
  /** The call ends the session it is made with, so it gets a session of its own. */
  endsSession?: true;
  /**
   * A public step held by its own short-lived token (the second factor after the password): it
   * answers 401 without one, whoever calls, and never the session's "Unauthorized".
   */
  ownToken?: string;
}

const randomToken = () => randomBytes(32).toString('base64url');
const NO_RECORD = '00000000-0000-4000-8000-000000000000';

// Every API route, read from src/server/app.ts and src/server/features/*/routes.ts.
const ROUTES: RouteCase[] = [
  // app.ts, http/api-docs.ts and http/client-assets.ts
  { method: 'GET', route: '/api/openapi.json', access: 'public' },
  { method: 'GET', route: '/api/docs', access: 'public' },
  { method: 'GET', route: '/api/health', access: 'public' },
  // http/operations.ts (/metrics asks for its own bearer token; off without METRICS_TOKEN)
  { method: 'GET', route: '/api/health/live', access: 'public' },
  { method: 'GET', route: '/api/health/ready', access: 'public' },
  { method: 'GET', route: '/metrics', access: 'public' },
  { method: 'GET', route: '/api/login', access: 'public' },
  // features/auth
  {
    method: 'POST',
    route: '/api/auth/login',
    access: 'public',
    body: (w) => ({ email: w.loginEmail, password: PASSWORD }),
  },
  { method: 'GET', route: '/api/auth/user', access: 'signed-in' },
  {
    method: 'PATCH',
    route: '/api/auth/user',
    access: 'signed-in',
    body: () => ({ firstName: 'Matrix', lastName: 'Tester', autoLogoutMinutes: 60 }),
  },
  // features/settings
  { method: 'GET', route: '/api/settings/preferences', access: 'signed-in' },
  {
    method: 'PUT',
    route: '/api/settings/preferences',
    access: 'signed-in',
    body: () => ({
      timezone: 'Europe/Paris',
      language: 'fr',
      theme: 'dark',
      dateFormat: 'DD/MM/YYYY',
      notifications: {
        email: false,
        complianceAlerts: true,
        documentUpdates: true,
        systemMaintenance: false,
      },
      autoLogoutMinutes: 60,
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/password',
    access: 'signed-in',
    body: () => ({
      currentPassword: 'not the current password',
      newPassword: 'never becomes the password',
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/login/second-factor',
    access: 'public',
    ownToken: 'This sign-in has expired. Enter your e-mail and password again.',
    body: () => ({ code: '123456' }),
  },
  // features/auth/account-link-routes.ts: links sent by e-mail
  {
    method: 'POST',
    route: '/api/auth/password-reset',
    access: 'public',
    body: () => ({ email: 'nobody@example.test' }),
  },
  {
    method: 'POST',
    route: '/api/auth/password-reset/confirm',
    access: 'public',
    body: () => ({ token: randomToken(), password: 'never becomes the password' }),
  },
  {
    method: 'POST',
    route: '/api/auth/email-change',
    access: 'signed-in',
    body: () => ({ newEmail: 'moved@example.test', password: 'not the current password' }),
  },
  {
    method: 'POST',
    route: '/api/auth/email-change/confirm',
    access: 'public',
    body: () => ({ token: randomToken() }),
  },
  { method: 'GET', route: '/api/auth/two-factor', access: 'signed-in' },
  { method: 'POST', route: '/api/auth/totp/setup', access: 'signed-in' },
  {
    method: 'POST',
    route: '/api/auth/totp/enable',
    access: 'signed-in',
    body: () => ({ code: '000000' }),
  },
  {
    method: 'POST',
    route: '/api/auth/totp/disable',
    access: 'signed-in',
    body: () => ({ code: '000000' }),
  },
  {
    method: 'POST',
    route: '/api/auth/recovery-codes',
    access: 'signed-in',
    body: () => ({ code: '000000' }),
  },
  { method: 'GET', route: '/api/admin/security', access: 'manageOrganization' },
  { method: 'GET', route: '/api/admin/configuration', access: 'manageOrganization' },
  {
    method: 'PUT',
    route: '/api/admin/configuration',
    access: 'manageOrganization',
    body: () => ({ reviewThreshold: 0.85, maxPages: 200 }),
  },
  {
    method: 'PUT',
    route: '/api/admin/security',
    access: 'manageOrganization',
    body: () => ({ twoFactorRequired: false }),
  },
  {
    method: 'POST',
    route: '/api/users/:id/two-factor/reset',
    access: 'manageOrganization',
    path: () => `/api/users/${NO_RECORD}/two-factor/reset`,
  },
  { method: 'POST', route: '/api/notifications/read', access: 'signed-in', body: () => ({}) },
  { method: 'GET', route: '/api/admin/export', access: 'manageOrganization' },
  { method: 'GET', route: '/api/auth/sessions', access: 'signed-in' },
  {
    method: 'POST',
    route: '/api/auth/sessions/sign-out-others',
    access: 'signed-in',
  },
  {
    method: 'DELETE',
    route: '/api/auth/sessions/:id',
    access: 'signed-in',
    path: () => `/api/auth/sessions/${'0'.repeat(24)}`,
  },
  { method: 'GET', route: '/api/admin/backup', access: 'manageOrganization' },
  {
    method: 'PUT',
    route: '/api/admin/backup',
    access: 'manageOrganization',
    body: () => ({ enabled: false }),
  },
  { method: 'POST', route: '/api/admin/backup/run', access: 'manageOrganization' },
  { method: 'GET', route: '/api/auth/passkeys', access: 'signed-in' },
  { method: 'POST', route: '/api/auth/passkeys/register/options', access: 'signed-in' },
  {
    method: 'POST',
    route: '/api/auth/passkeys/register',
    access: 'signed-in',
    body: () => ({ name: 'Matrix key', response: { id: 'x' } }),
    ownToken: 'This passkey request has expired. Start again.',
  },
  {
    method: 'DELETE',
    route: '/api/auth/passkeys/:id',
    access: 'signed-in',
    path: () => `/api/auth/passkeys/${'A'.repeat(22)}`,
  },
  { method: 'POST', route: '/api/auth/passkeys/login/options', access: 'public' },
  {
    method: 'POST',
    route: '/api/auth/passkeys/login',
    access: 'public',
    body: () => ({ response: { id: 'x' } }),
    ownToken: 'This passkey request has expired. Start again.',
  },
  {
    method: 'POST',
    route: '/api/auth/login/second-factor/passkey-options',
    access: 'public',
    ownToken: 'This sign-in has expired. Enter your e-mail and password again.',
  },
  {
    method: 'POST',
    route: '/api/auth/login/second-factor/passkey',
    access: 'public',
    body: () => ({ response: { id: 'x' } }),
    ownToken: 'This sign-in has expired. Enter your e-mail and password again.',
  },
  {
    method: 'POST',
    route: '/api/auth/reauthenticate',
    access: 'signed-in',
    body: () => ({ password: 'not the password' }),
  },
  { method: 'POST', route: '/api/auth/logout', access: 'public', endsSession: true },
  { method: 'GET', route: '/api/logout', access: 'public', endsSession: true },
  {
    method: 'GET',
    route: '/api/auth/invite',
    access: 'public',
    path: () => `/api/auth/invite?token=${randomToken()}`,
  },
  {
    method: 'POST',
    route: '/api/auth/accept-invite',
    access: 'public',
    body: () => ({ token: randomToken(), password: 'a long enough passphrase' }),
  },
  // features/setup (the shared database already has organizations, so setup answers 409)
  { method: 'GET', route: '/api/setup/status', access: 'public' },
  {
    method: 'POST',
    route: '/api/setup',
    access: 'public',
    body: () => ({
      organizationName: 'Late Setup',
      firstName: 'Late',
      lastName: 'Comer',
      email: uniqueEmail('setup'),
      password: PASSWORD,
    }),
  },
  // features/users
  { method: 'GET', route: '/api/users', access: 'manageOrganization' },
  {
    method: 'POST',
    route: '/api/users',
    access: 'manageOrganization',
    body: () => ({
      email: uniqueEmail('matrix'),
      firstName: 'Matrix',
      lastName: 'Invitee',
      role: 'viewer',
    }),
  },
  {
    method: 'PATCH',
    route: '/api/users/:id',
    access: 'manageOrganization',
    path: (w) => `/api/users/${w.viewerId}`,
    body: () => ({ role: 'viewer' }),
  },
  {
    method: 'POST',
    route: '/api/users/:id/invite',
    access: 'manageOrganization',
    path: (w) => `/api/users/${w.viewerId}/invite`,
  },
  // features/organizations
  { method: 'GET', route: '/api/organizations', access: 'manageOrganization' },
  {
    method: 'POST',
    route: '/api/organizations',
    access: 'operator',
    body: () => ({
      organizationName: 'Matrix Academy',
      plan: 'trial',
      firstName: 'Mat',
      lastName: 'Rix',
      email: uniqueEmail('operator'),
    }),
  },
  // Closed on this server (SIGNUP unset): 404 with the reason, for everyone.
  { method: 'GET', route: '/api/signup/status', access: 'public' },
  {
    method: 'POST',
    route: '/api/signup',
    access: 'public',
    body: () => ({
      organizationName: 'Matrix Trial',
      firstName: 'Mat',
      lastName: 'Rix',
      email: uniqueEmail('signup'),
    }),
  },
  { method: 'GET', route: '/api/admin/stats', access: 'manageOrganization' },
  // features/activity
  { method: 'GET', route: '/api/audit-logs', access: 'readAllRecords' },
  { method: 'GET', route: '/api/audit-logs/export.csv', access: 'exportReports' },
  { method: 'GET', route: '/api/notifications/count', access: 'signed-in' },
  { method: 'GET', route: '/api/notifications', access: 'signed-in' },
  // features/dashboard, documents, training-events
  { method: 'GET', route: '/api/dashboard/stats', access: 'readAllRecords' },
  { method: 'GET', route: '/api/dashboard/alerts', access: 'readAssignedRecords' },
  { method: 'GET', route: '/api/dashboard/analytics', access: 'readAssignedRecords' },
  { method: 'GET', route: '/api/documents', access: 'readAllRecords' },
  // features/documents (ids of no document: allowed callers get 404 or 415, never 401/403)
  { method: 'POST', route: '/api/documents/upload', access: 'manageDocuments' },
  ...(
    [
      ['GET', '', 'readAllRecords'],
      ['DELETE', '', 'manageOrganization'],
      ['GET', '/extracted-data', 'readAllRecords'],
      ['GET', '/pages', 'readAllRecords'],
      ['GET', '/file', 'readAllRecords'],
      ['POST', '/reprocess', 'manageDocuments'],
      ['POST', '/records/preview', 'manageDocuments'],
      ['POST', '/records/commit', 'manageDocuments'],
    ] as const
  ).map(([method, suffix, access]) => ({
    method,
    route: `/api/documents/:id${suffix}`,
    access,
    path: () => `/api/documents/00000000-0000-4000-8000-000000000000${suffix}`,
  })),
  {
    method: 'GET',
    route: '/api/documents/:id/pages/:page/image',
    access: 'readAllRecords',
    path: () => '/api/documents/00000000-0000-4000-8000-000000000000/pages/1/image',
  },
  {
    method: 'POST',
    route: '/api/documents/:id/extracted-data',
    access: 'manageDocuments',
    path: () => '/api/documents/00000000-0000-4000-8000-000000000000/extracted-data',
    body: () => ({ fieldName: 'studentName', value: 'Jordan Ellis' }),
  },
  {
    method: 'POST',
    route: '/api/documents/:id/review',
    access: 'manageDocuments',
    path: () => '/api/documents/00000000-0000-4000-8000-000000000000/review',
    body: () => ({ note: 'Checked against the original' }),
  },
  {
    method: 'POST',
    route: '/api/extracted-data/:id/validate',
    access: 'manageDocuments',
    path: () => '/api/extracted-data/00000000-0000-4000-8000-000000000000/validate',
    body: () => ({ validatedValue: 'x' }),
  },
  { method: 'GET', route: '/api/training-events', access: 'readAssignedRecords' },
  // features/training-events (ids of no record: allowed callers get 404 or 422, never 401/403)
  { method: 'POST', route: '/api/training-events', access: 'manageDocuments', body: () => ({}) },
  ...(
    [
      ['GET', '', 'readAssignedRecords'],
      ['PATCH', '', 'manageDocuments'],
      ['GET', '/versions', 'readAssignedRecords'],
      ['GET', '/proof', 'exportReports'],
      ['GET', '/assignments', 'manageOrganization'],
      ['POST', '/assignments', 'manageOrganization'],
    ] as const
  ).map(([method, suffix, access]) => ({
    method,
    route: `/api/training-events/:id${suffix}`,
    access,
    path: () => `/api/training-events/${NO_RECORD}${suffix}`,
    body: method === 'GET' ? undefined : () => ({}),
  })),
  {
    method: 'DELETE',
    route: '/api/training-events/:id/assignments/:userId',
    access: 'manageOrganization',
    path: (w) => `/api/training-events/${NO_RECORD}/assignments/${w.viewerId}`,
  },
  {
    method: 'POST',
    route: '/api/training-events/import/preview',
    access: 'manageDocuments',
    body: () => ({}),
  },
  {
    method: 'POST',
    route: '/api/training-events/import/commit',
    access: 'manageDocuments',
    body: () => ({}),
  },
  // features/instructors (ids of no file: allowed callers get 404 or 422, never 401/403)
  { method: 'GET', route: '/api/instructors', access: 'readAllRecords' },
  { method: 'POST', route: '/api/instructors', access: 'manageDocuments', body: () => ({}) },
  // A JSON body: allowed callers get 415 (the import reads multipart/form-data), never 401/403.
  { method: 'POST', route: '/api/instructors/import', access: 'manageDocuments', body: () => ({}) },
  ...(
    [
      ['GET', '', 'readAllRecords'],
      ['PATCH', '', 'manageDocuments'],
      ['DELETE', '', 'manageOrganization'],
      ['POST', '/qualifications', 'manageDocuments'],
      ['GET', '/file.pdf', 'readAllRecords'],
      ['GET', `/evidence/${NO_RECORD}`, 'manageDocuments'],
    ] as const
  ).map(([method, suffix, access]) => ({
    method,
    route: `/api/instructors/:id${suffix.replace(NO_RECORD, ':documentId')}`,
    access,
    path: () => `/api/instructors/${NO_RECORD}${suffix}`,
    body: method === 'GET' || method === 'DELETE' ? undefined : () => ({}),
  })),
  // features/maintenance (ids of no device: allowed callers get 404 or 422, never 401/403)
  { method: 'GET', route: '/api/maintenance/devices', access: 'readAllRecords' },
  { method: 'GET', route: '/api/maintenance/predictions', access: 'readAllRecords' },
  { method: 'GET', route: '/api/maintenance/alerts', access: 'readAllRecords' },
  { method: 'GET', route: '/api/maintenance/metrics', access: 'readAllRecords' },
  { method: 'GET', route: '/api/maintenance/fleet', access: 'readAllRecords' },
  { method: 'GET', route: '/api/maintenance/figures', access: 'readAllRecords' },
  {
    method: 'POST',
    route: '/api/maintenance/devices',
    access: 'manageOrganization',
    body: () => ({}),
  },
  // A JSON body: allowed callers get 415 (the import reads multipart/form-data), never 401/403.
  // The route admits the roles that keep the log; devices and maintenance need an Admin, which
  // the route decides from the form's `kind` (features/maintenance/import.test.ts).
  { method: 'POST', route: '/api/maintenance/import', access: 'manageDocuments', body: () => ({}) },
  ...(
    [
      ['GET', '', 'readAllRecords'],
      ['PATCH', '', 'manageOrganization'],
      ['POST', '/preflights', 'manageDocuments'],
      ['GET', '/discrepancies', 'readAllRecords'],
      ['POST', '/discrepancies', 'manageDocuments'],
      ['PATCH', `/discrepancies/${NO_RECORD}`, 'manageDocuments'],
      ['POST', '/components', 'manageOrganization'],
      ['POST', `/components/${NO_RECORD}/removal`, 'manageOrganization'],
      ['POST', '/sessions', 'manageDocuments'],
      ['POST', '/maintenance', 'manageOrganization'],
      ['POST', `/maintenance/${NO_RECORD}/done`, 'manageOrganization'],
    ] as const
  ).map(([method, suffix, access]) => ({
    method,
    route: `/api/maintenance/devices/:id${suffix
      .replace(`discrepancies/${NO_RECORD}`, 'discrepancies/:discrepancyId')
      .replace(`components/${NO_RECORD}`, 'components/:componentId')
      .replace(`maintenance/${NO_RECORD}`, 'maintenance/:itemId')}`,
    access,
    path: () => `/api/maintenance/devices/${NO_RECORD}${suffix}`,
    body: method === 'GET' ? undefined : () => ({}),
  })),
  // features/checklist
  { method: 'GET', route: '/api/checklist/catalogue-summary', access: 'public' },
  { method: 'GET', route: '/api/checklist', access: 'signed-in' },
  {
    method: 'PATCH',
    route: '/api/checklist/:itemNumber',
    access: 'editChecklist',
    path: () => '/api/checklist/99-99',
    body: () => ({ status: 'compliant' }),
  },
  {
    method: 'GET',
    route: '/api/checklist/:itemNumber/history',
    access: 'signed-in',
    path: () => '/api/checklist/1-01/history',
  },
  {
    method: 'POST',
    route: '/api/checklist/:itemNumber/evidence',
    access: 'editChecklist',
    path: () => '/api/checklist/99-99/evidence',
    body: () => ({ documentId: NO_RECORD }),
  },
  {
    method: 'DELETE',
    route: '/api/checklist/:itemNumber/evidence/:documentId',
    access: 'editChecklist',
    path: () => `/api/checklist/99-99/evidence/${NO_RECORD}`,
  },
  {
    method: 'POST',
    route: '/api/checklist/import',
    access: 'editChecklist',
    path: () => '/api/checklist/import?dryRun=true',
  },
  {
    method: 'GET',
    route: '/api/checklist/export',
    access: 'exportReports',
    path: () => '/api/checklist/export?format=csv',
  },
  // features/reports
  {
    method: 'POST',
    route: '/api/reports',
    access: 'exportReports',
    body: () => ({ type: 'summary', format: 'pdf', from: '2026-10-01', to: '2026-10-31' }),
  },
  { method: 'GET', route: '/api/reports', access: 'exportReports' },
  {
    method: 'GET',
    route: '/api/reports/proof-archive',
    access: 'exportReports',
    path: () => '/api/reports/proof-archive?from=2026-10-01&to=2026-10-31',
  },
  {
    method: 'GET',
    route: '/api/reports/:id',
    access: 'exportReports',
    path: () => `/api/reports/${NO_RECORD}`,
  },
  {
    method: 'GET',
    route: '/api/reports/:id/manifest',
    access: 'exportReports',
    path: () => `/api/reports/${NO_RECORD}/manifest`,
  },
  {
    method: 'GET',
    route: '/api/reports/:id/download',
    access: 'exportReports',
    path: () => `/api/reports/${NO_RECORD}/download`,
  },
  { method: 'GET', route: '/api/reports/schedules', access: 'manageOrganization' },
  { method: 'GET', route: '/api/auditor-access', access: 'manageOrganization' },
  {
    method: 'POST',
    route: '/api/auditor-access',
    access: 'manageOrganization',
    body: () => ({
      email: `inspector-${Math.random().toString(36).slice(2)}@centerline.test`,
      firstName: 'Robin',
      lastName: 'Inspector',
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      scope: { kind: 'organization' },
    }),
  },
  {
    method: 'POST',
    route: '/api/auditor-access/:id/revoke',
    access: 'manageOrganization',
    path: () => `/api/auditor-access/${NO_RECORD}/revoke`,
  },
  { method: 'GET', route: '/api/auditor-access/mine', access: 'signed-in' },
  {
    method: 'POST',
    route: '/api/reports/schedules',
    access: 'manageOrganization',
    body: (w) => ({
      type: 'summary',
      format: 'pdf',
      frequency: 'weekly',
      recipientIds: [w.viewerId],
    }),
  },
  {
    method: 'DELETE',
    route: '/api/reports/schedules/:id',
    access: 'manageOrganization',
    path: () => `/api/reports/schedules/${NO_RECORD}`,
  },
  // features/support
  {
    method: 'POST',
    route: '/api/support/chat',
    access: 'signed-in',
    body: () => ({ message: 'how do I upload a document?' }),
  },
  { method: 'GET', route: '/api/support/sessions', access: 'signed-in' },
  {
    method: 'GET',
    route: '/api/support/sessions/:id',
    access: 'signed-in',
    path: () => `/api/support/sessions/${NO_RECORD}`,
  },
  { method: 'GET', route: '/api/support/articles', access: 'signed-in' },
  {
    method: 'GET',
    route: '/api/support/articles/:id',
    access: 'signed-in',
    path: () => '/api/support/articles/upload',
  },
  { method: 'GET', route: '/api/support/tickets', access: 'signed-in' },
  {
    method: 'POST',
    route: '/api/support/tickets',
    access: 'signed-in',
    body: () => ({ message: 'Please have someone look at my account' }),
  },
  {
    method: 'GET',
    route: '/api/support/tickets/:id',
    access: 'signed-in',
    path: () => `/api/support/tickets/${NO_RECORD}`,
  },
  {
    method: 'PATCH',
    route: '/api/support/tickets/:id',
    access: 'manageOrganization',
    path: () => `/api/support/tickets/${NO_RECORD}`,
    body: () => ({ status: 'resolved' }),
  },
  {
    method: 'POST',
    route: '/api/support/tickets/:id/replies',
    access: 'signed-in',
    path: () => `/api/support/tickets/${NO_RECORD}/replies`,
    body: () => ({ body: 'A reply' }),
  },
  { method: 'GET', route: '/api/support/contacts', access: 'signed-in' },
  {
    method: 'PUT',
    route: '/api/support/contacts',
    access: 'manageOrganization',
    body: () => ({ email: null, phone: null, hours: null }),
  },
  { method: 'GET', route: '/api/support/status', access: 'signed-in' },
  // features/ledger
  { method: 'GET', route: '/api/ledger/public-key', access: 'signed-in' },
  { method: 'GET', route: '/api/ledger/head', access: 'signed-in' },
  { method: 'GET', route: '/api/ledger/heads', access: 'signed-in' },
  {
    method: 'GET',
    route: '/api/ledger/proof/inclusion/:recordId',
    access: 'readAssignedRecords',
    path: () => `/api/ledger/proof/inclusion/${NO_RECORD}`,
  },
  {
    method: 'GET',
    route: '/api/ledger/proof/consistency',
    access: 'readAssignedRecords',
    path: () => '/api/ledger/proof/consistency?from=1',
  },
  { method: 'GET', route: '/api/ledger/verify', access: 'readAllRecords' },
  { method: 'GET', route: '/api/ledger/keys', access: 'signed-in' },
  { method: 'POST', route: '/api/ledger/keys/rotate', access: 'manageOrganization' },
  { method: 'GET', route: '/api/ledger/checkpoint', access: 'signed-in' },
  { method: 'GET', route: '/api/ledger/witnesses', access: 'readAllRecords' },
  {
    method: 'POST',
    route: '/api/ledger/witnesses',
    access: 'manageOrganization',
    body: () => ({ url: 'http://127.0.0.1:9', vkey: 'not+a+key' }),
  },
  {
    method: 'DELETE',
    route: '/api/ledger/witnesses/:witnessId',
    access: 'manageOrganization',
    path: () => `/api/ledger/witnesses/${NO_RECORD}`,
  },
  { method: 'POST', route: '/api/ledger/witnesses/cosign', access: 'manageOrganization' },
  // features/audit
  { method: 'GET', route: '/api/audit/document-summary', access: 'runAudit' },
  {
    method: 'POST',
    route: '/api/audit/analyze-compliance',
    access: 'runAudit',
    // Starts the run without waiting for it: this server runs no jobs.
    path: () => '/api/audit/analyze-compliance?wait=false',
  },
  { method: 'GET', route: '/api/audit/runs', access: 'runAudit' },
  {
    method: 'GET',
    route: '/api/audit/runs/compare',
    access: 'runAudit',
    path: () => `/api/audit/runs/compare?from=${NO_RECORD}&to=${NO_RECORD}`,
  },
  {
    method: 'GET',
    route: '/api/audit/runs/:id',
    access: 'runAudit',
    path: () => `/api/audit/runs/${NO_RECORD}`,
  },
  {
    method: 'GET',
    route: '/api/audit/runs/:id/report.pdf',
    access: 'runAudit',
    path: () => `/api/audit/runs/${NO_RECORD}/report.pdf`,
  },
  // features/document-generation
  {
    method: 'POST',
    route: '/api/audit/analyze-with-generation',
    access: 'generateDocuments',
    body: () => ({ organizationId: 'default-org' }),
  },
  {
    method: 'GET',
    route: '/api/document-generation/runs/:id',
    access: 'runAudit',
    path: () => `/api/document-generation/runs/${NO_RECORD}`,
  },
  { method: 'GET', route: '/api/document-generation/latest', access: 'runAudit' },
  {
    method: 'GET',
    route: '/api/generated-documents/:id/download',
    access: 'runAudit',
    path: () => `/api/generated-documents/${NO_RECORD}/download?format=pdf`,
  },
  {
    method: 'POST',
    route: '/api/generated-documents/:id/approve',
    access: 'approveGeneratedDocuments',
    path: () => `/api/generated-documents/${NO_RECORD}/approve`,
  },
  // features/regulatory (regulation text for every signed-in user; alerts name records)
  { method: 'GET', route: '/api/regulatory/compliance-report', access: 'signed-in' },
  { method: 'POST', route: '/api/regulatory/refresh', access: 'manageDocuments' },
  { method: 'GET', route: '/api/regulatory/runs/latest', access: 'signed-in' },
  { method: 'GET', route: '/api/regulatory/changes', access: 'signed-in' },
  {
    method: 'GET',
    route: '/api/regulatory/changes/:id',
    access: 'signed-in',
    path: () => `/api/regulatory/changes/${NO_RECORD}`,
  },
  { method: 'GET', route: '/api/regulatory/alerts', access: 'readAllRecords' },
  { method: 'GET', route: '/api/regulatory/alerts/count', access: 'readAllRecords' },
  {
    method: 'POST',
    route: '/api/regulatory/alerts/:id/acknowledge',
    access: 'editChecklist',
    path: () => `/api/regulatory/alerts/${NO_RECORD}/acknowledge`,
  },
  {
    method: 'GET',
    route: '/api/regulatory/alerts/export',
    access: 'exportReports',
    path: () => '/api/regulatory/alerts/export?format=xlsx',
  },
  { method: 'GET', route: '/api/regulatory/sources', access: 'signed-in' },
  {
    method: 'POST',
    route: '/api/regulatory/sources',
    access: 'manageOrganization',
    // Invalid on purpose: allowed callers get 422 and no link is added or fetched.
    body: () => ({ country: 'Canada', title: 'CARs', url: 'not an address' }),
  },
  {
    method: 'DELETE',
    route: '/api/regulatory/sources/:id',
    access: 'manageOrganization',
    path: () => `/api/regulatory/sources/${NO_RECORD}`,
  },
  // features/links (ids of no link: allowed callers get 404, never 401/403; no check fetches)
  { method: 'GET', route: '/api/links', access: 'readAllRecords' },
  {
    method: 'POST',
    route: '/api/links',
    access: 'manageOrganization',
    body: () => ({ name: 'Role matrix', url: 'https://example.org/role-matrix' }),
  },
  {
    method: 'PATCH',
    route: '/api/links/:id',
    access: 'manageOrganization',
    path: () => `/api/links/${NO_RECORD}`,
    body: () => ({ name: 'Renamed' }),
  },
  {
    method: 'DELETE',
    route: '/api/links/:id',
    access: 'manageOrganization',
    path: () => `/api/links/${NO_RECORD}`,
  },
  {
    method: 'GET',
    route: '/api/links/:id/history',
    access: 'readAllRecords',
    path: () => `/api/links/${NO_RECORD}/history`,
  },
  {
    method: 'POST',
    route: '/api/links/check',
    access: 'manageDocuments',
    body: () => ({ ids: [NO_RECORD] }),
  },
  {
    method: 'GET',
    route: '/api/links/check/:runId',
    access: 'readAllRecords',
    path: () => `/api/links/check/${NO_RECORD}`,
  },
  { method: 'GET', route: '/api/links/alerts', access: 'readAllRecords' },
  {
    method: 'POST',
    route: '/api/links/alerts/:id/resolve',
    access: 'manageDocuments',
    path: () => `/api/links/alerts/${NO_RECORD}/resolve`,
  },
];

type Caller = Role | 'signed-out';
const CALLERS: Caller[] = [...ROLES, 'signed-out'];

function expectation(access: Access, caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === 'signed-out') return 401;
  if (access === 'signed-in') return 'allowed';
  if (access === 'operator') return 403;
  return can(caller, access) ? 'allowed' : 403;
}

const CASES = ROUTES.flatMap((route) =>
  CALLERS.map((caller) => {
    const expected = expectation(route.access, caller);
    return {
      route,
      caller,
      expected,
      name: `${route.method} ${route.route} as ${caller} → ${expected}`,
    };
  }),
);

describe.each(DRIVERS)('role matrix (%s)', (driver) => {
  let server: TestServer;
  let world: World;
  const emails = {} as Record<Role, string>;
  const cookies = {} as Record<Role, string | null>;

  beforeAll(async () => {
    server = await startTestServer(driver);
    const { organization, email } = await createOrganization(server.db);
    emails.admin = email;
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      emails[role] = (await createMember(server.db, organization.id, role)).email;
    }
    const viewer = await createMember(server.db, organization.id, 'viewer');
    const loginTarget = await createMember(server.db, organization.id, 'instructor');
    for (const role of ROLES) cookies[role] = (await signedIn(server, emails[role])).cookie;
    world = {
      organizationId: organization.id,
      viewerId: viewer.user.id,
      loginEmail: loginTarget.email,
    };
  });
  afterAll(() => server.app.close());

  async function clientFor(caller: Caller, route: RouteCase) {
    if (caller === 'signed-out') return new TestClient(server.baseUrl);
    // A copy of the role's cookie: a reply that sets a new cookie must not change the shared session.
    return route.endsSession
      ? signedIn(server, emails[caller])
      : withCookie(server, cookies[caller]);
  }

  it('lists every route the API documents', async () => {
    const doc = (await new TestClient(server.baseUrl).get('/api/openapi.json')).body;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
    );
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.route}`));
    expect(documented.filter((route) => !listed.has(route))).toEqual([]);
  });

  it.each(CASES)('$name', async ({ route, caller, expected }) => {
    const client = await clientFor(caller, route);
    const path = route.path?.(world) ?? route.route;
    const res = await client.request(
      route.method,
      path,
      route.body ? { json: route.body(world) } : {},
    );
    // The route exists (the catch-all would say "No API route ...").
    expect(String(res.body?.message ?? '')).not.toMatch(/^No API route/);
    expect(res.body?.code).not.toBe('internal_error');
    if (expected === 'allowed' && route.ownToken) {
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(route.ownToken);
    } else if (expected === 'allowed') {
      expect([401, 403]).not.toContain(res.status);
    } else if (expected === 401) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthorized', code: 'unauthenticated' });
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Your role does not allow this action',
        code: 'forbidden',
      });
    }
  });

  it('checks the session and role before it validates the payload', async () => {
    const signedOut = new TestClient(server.baseUrl);
    const viewer = withCookie(server, cookies.viewer);
    const calls: [TestClient, string, string, unknown, number][] = [
      [signedOut, 'POST', '/api/users', {}, 401],
      [signedOut, 'PATCH', '/api/users/not-a-uuid', { role: 'nobody' }, 401],
      [signedOut, 'POST', '/api/auth/password', {}, 401],
      [signedOut, 'GET', '/api/audit-logs?limit=0', undefined, 401],
      [viewer, 'POST', '/api/users', {}, 403],
      [viewer, 'PATCH', '/api/users/not-a-uuid', {}, 403],
      [viewer, 'GET', '/api/audit-logs?limit=0', undefined, 403],
    ];
    const outcomes = [];
    for (const [client, method, path, json] of calls) {
      const res = await client.request(method, path, json === undefined ? {} : { json });
      outcomes.push(`${method} ${path}: ${res.status}`);
    }
    expect(outcomes).toEqual(
      calls.map(([, method, path, , status]) => `${method} ${path}: ${status}`),
    );
  });

  it('gives a Viewer no training events, even when the organization has some (only assigned records)', async () => {
    await createTrainingEvent(server.db, world.organizationId, { studentName: 'Casey Trainee' });
    await createTrainingEvent(server.db, world.organizationId, {
      studentName: 'Riley Trainee',
      status: 'pending',
    });
    const viewer = await withCookie(server, cookies.viewer).get('/api/training-events');
    expect(viewer.status).toBe(200);
    expect(viewer.body).toEqual([]);
    for (const role of ['admin', 'instructor', 'auditor'] as const) {
      const res = await withCookie(server, cookies[role]).get('/api/training-events');
      expect(res.status).toBe(200);
      expect(res.body.map((e: { studentName: string }) => e.studentName)).toEqual(
        expect.arrayContaining(['Casey Trainee', 'Riley Trainee']),
      );
    }
  });
});
