import { eq } from 'drizzle-orm';
import type { ConfigurationUpdate, SystemConfiguration } from '@shared/api/configuration';
import { MAX_PAGES_LIMIT } from '@shared/api/configuration';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { recordAudit } from '../activity/service';
import { OCR_ENGINE } from '../documents/service';
import { organizationOf } from './repository';

/** What the installation fixes for every organization: the environment sets it. */
export interface InstallationFacts {
  ocrWorkers: number;
  sessionMaxHours: Config['SESSION_MAX_HOURS'];
}

const settingsOf = (row: { reviewThresholdPercent: number; maxPages: number }) => ({
  reviewThreshold: row.reviewThresholdPercent / 100,
  maxPages: row.maxPages,
});

/** System Configuration: the organization's settings and the installation's, side by side. */
export async function systemConfiguration(
  db: Database,
  actor: Actor,
  facts: InstallationFacts,
): Promise<SystemConfiguration> {
  const row = await organizationOf(db, actor.organizationId).find();
  if (!row) throw notFound('Organization');
  return {
    ...settingsOf(row),
    ocr: {
      engine: OCR_ENGINE.name,
      languages: [...OCR_ENGINE.languages],
      workers: facts.ocrWorkers,
      maxPagesLimit: MAX_PAGES_LIMIT,
    },
    security: { twoFactorRequired: row.twoFactorRequired, sessionMaxHours: facts.sessionMaxHours },
    setBy: { workers: 'OCR_WORKERS', sessionMaxHours: 'SESSION_MAX_HOURS' },
  };
}

/**
 * Saves the AI confidence threshold and the page limit. Documents read from then on follow
 * them; the audit log keeps the values before and after.
 */
export async function updateConfiguration(
  db: Database,
  actor: Actor,
  update: ConfigurationUpdate,
  facts: InstallationFacts,
): Promise<SystemConfiguration> {
  await db.transaction(async (tx) => {
    const organization = organizationOf(tx, actor.organizationId);
    await organization.lock();
    const before = await organization.find();
    if (!before) throw notFound('Organization');
    const after = {
      reviewThresholdPercent: Math.round(update.reviewThreshold * 100),
      maxPages: update.maxPages,
    };
    if (
      after.reviewThresholdPercent === before.reviewThresholdPercent &&
      after.maxPages === before.maxPages
    ) {
      return;
    }
    await tx.update(organizations).set(after).where(eq(organizations.id, actor.organizationId));
    await recordAudit(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'update_configuration',
      details: { before: settingsOf(before), after: settingsOf(after) },
    });
  });
  return systemConfiguration(db, actor, facts);
}
