import type { Role } from '@shared/constants/roles';
import type { PlanId } from '@shared/constants/plans';
import type { PreferencesResponse } from '@shared/api/preferences';

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
