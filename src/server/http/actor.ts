import type { Role } from '@shared/constants/roles';
import type { PlanId } from '@shared/constants/plans';
import type { PreferencesResponse } from '@shared/api/preferences';
import type { ReportScope } from '@shared/api/reports';

/** Who is asking. Every service takes one, so no query can forget the organization. */
export interface Actor {
  userId: string;
  organizationId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  organizationName: string;
  organizationPlan: PlanId;
  autoLogoutMinutes: number;
  /** The organization's AI confidence threshold (0–1): fields read below it are flagged. */
  reviewThreshold: number;
  /** How this user reads dates and in which language; exports written for them follow it. */
  preferences: PreferencesResponse;
  /** The user's second factor, and whether the organization requires one of everyone. */
  twoFactor: { enabled: boolean; required: boolean };
  /**
   * Set for an external auditor an admin issued access to: the records they may read (the
   * organization's, or one course's, instructor's or trainee's) and until when (ISO 8601). Such
   * an actor reads only, and every read is written to the audit trail.
   */
  externalAccess: { id: string; scope: ReportScope; expiresAt: string } | null;
  /** A platform operator (OPERATOR_EMAILS): sees every organization's counts, creates organizations. */
  operator: boolean;
  /**
   * Sets what covers the whole installation (scheduled backups): its operators when
   * OPERATOR_EMAILS names any, otherwise the admins (one organization per installation).
   */
  manageInstallation: boolean;
  /** When this session last proved who is using it (sign-in, or a password entered again). */
  authenticatedAt: Date;
}
