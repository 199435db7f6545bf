import type { CurrentUser } from '@shared/api/auth';
import type { ReportScope } from '@shared/api/reports';
import { t } from '../../i18n/app';

/** "Whole organization", or "Course: B737 Type Rating". */
export function scopeLabel(scope: ReportScope): string {
  if (scope.kind === 'organization') return t('auditor:scopes.organization');
  return t('auditor:scopeNamed', {
    kind: t(`auditor:scopeKinds.${scope.kind}`),
    value: scope.value,
  });
}

/** An external auditor limited to one course, instructor or trainee. */
export function hasScopedAccess(user: Pick<CurrentUser, 'externalAccess'> | null): boolean {
  return !!user?.externalAccess && user.externalAccess.scope.kind !== 'organization';
}

/**
 * Where an Auditor lands: the portal after signing in (`/dashboard`), and always for an access
 * limited to a scope, whose dashboard figures would cover what it may not read.
 */
export function landsOnPortal(user: CurrentUser | null, pathname: string): boolean {
  if (!user || user.role !== 'auditor') return false;
  return pathname === '/dashboard' || hasScopedAccess(user);
}

/** The screens an access limited to a scope opens (the server refuses the others). */
export const SCOPED_ACCESS_PATHS = [
  '/auditor-portal',
  '/compliance-records',
  '/support',
  '/settings',
];
