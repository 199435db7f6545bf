import { ERROR_CODES } from '@shared/api/errors';
import type { Actor } from './actor';
import { AppError } from './errors';

/**
 * What an external auditor's access opens. It reads and never writes, except their own account
 * (password, second factor, preferences, sign-out) and their own support conversations. Access to the whole organization reads what
 * an Auditor reads; access to a course, an instructor or a trainee reads only the routes whose
 * answers are bounded by that scope: the training records (filtered where every record query
 * starts, `visibleEvents`), their versions and proof bundles, the proof archive, and the
 * ledger's heads, checkpoints, consistency proofs and verification (hashes only, no record data).
 */
const ACCOUNT = [
  /^\/api\/auth\//,
  /^\/api\/settings\/preferences$/,
  /^\/api\/logout$/,
  /^\/api\/support\//,
];

const SCOPED_READS = [
  /^\/api\/training-events$/,
  /^\/api\/training-events\/[^/]+$/,
  /^\/api\/training-events\/[^/]+\/(versions|proof)$/,
  /^\/api\/reports\/proof-archive$/,
  /^\/api\/ledger\/(public-key|keys|head|heads|checkpoint|verify)$/,
  /^\/api\/ledger\/proof\/consistency$/,
  /^\/api\/auditor-access\/mine$/,
  /^\/api\/notifications(\/count)?$/,
];

const READ_METHODS = new Set(['GET', 'HEAD']);

const refuse = (message: string) => new AppError(403, ERROR_CODES.outsideAuditorAccess, message);

/** Throws 403 when an external auditor's access does not open `method url`. */
export function checkExternalAccess(actor: Actor, method: string, url: string): void {
  const access = actor.externalAccess;
  if (!access) return;
  const path = url.split('?')[0] ?? '';
  if (ACCOUNT.some((p) => p.test(path))) return;
  if (!READ_METHODS.has(method)) {
    throw refuse('External auditor access is read-only.');
  }
  if (access.scope.kind === 'organization') return;
  if (!SCOPED_READS.some((p) => p.test(path))) {
    throw refuse(
      `Your auditor access covers the training records of one ${access.scope.kind} and the ledger; this page is outside it.`,
    );
  }
}

/** Reads that are not views of the organization's data (the shell's polling), left out of the trail. */
const NOT_VIEWS = [
  /^\/api\/auth\//,
  /^\/api\/settings\/preferences$/,
  /^\/api\/notifications(\/count)?$/,
  /^\/api\/regulatory\/alerts\/count$/,
  /^\/api\/support\//,
];

/** Whether a read by an external auditor is a view the audit trail records. */
export function isRecordedView(method: string, url: string): boolean {
  if (!READ_METHODS.has(method) || !url.startsWith('/api/')) return false;
  const path = url.split('?')[0] ?? '';
  return !NOT_VIEWS.some((p) => p.test(path));
}
