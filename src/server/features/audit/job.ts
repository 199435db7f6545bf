import { notify } from '../activity/service';
import type { MailSender } from '../mail/service';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { chatModelFromConfig } from '../../ai/chat-model';
import { builtInReasoner, modelReasoner } from '../../ai/reasoner';
import { defineJob, type JobLogger } from '../../jobs/types';
import { organizationOf } from '../organizations/repository';
import { analyzeOrganization } from './analyze';
import { auditRunsOf } from './runs';

export const AUDIT_JOB = 'audit.analyze';

/** Shown when a run failed for a reason of ours; details go to the log, not to the browser. */
export const ANALYSIS_FAILED_MESSAGE =
  'The compliance analysis could not be completed. Try again; if it fails again, contact support.';

export const auditPayload = z.object({ runId: z.uuid(), organizationId: z.uuid() });
export type AuditPayload = z.infer<typeof auditPayload>;

export interface AuditJobDeps {
  db: Database;
  config: Config;
  log?: JobLogger;
  /** E-mail for the notification of a finished analysis. */
  mail?: MailSender;
  /** Tests shorten these. */
  retries?: number;
  retryDelayMs?: number;
}

/** Runs the analysis of one queued run, reporting progress on the run row, and stores the result. */
export async function runAudit(deps: AuditJobDeps, payload: AuditPayload, signal?: AbortSignal) {
  const { db, config } = deps;
  const runs = auditRunsOf(db, payload.organizationId);
  if (!(await runs.markRunning(payload.runId))) return;
  const organization = await organizationOf(db, payload.organizationId).find();
  const model = chatModelFromConfig(config);
  const result = await analyzeOrganization(db, payload.organizationId, {
    organizationName: organization?.name ?? 'Training center',
    reasoner: model ? modelReasoner(model) : builtInReasoner,
    signal,
    progress: (phase, percent) => runs.setProgress(payload.runId, phase, percent),
  });
  await db.transaction(async (tx) => {
    const runs = auditRunsOf(tx, payload.organizationId);
    await runs.complete(payload.runId, result);
    const s = result.summary;
    await notify(
      tx,
      {
        organizationId: payload.organizationId,
        kind: 'audit',
        text: (t) => ({
          title: t('auditComplete.title'),
          body: t('auditComplete.body', {
            compliant: s.compliant,
            partial: s.partial,
            nonCompliant: s.nonCompliant,
            insufficientData: s.insufficientData,
            count: result.checklistItems,
          }),
        }),
        link: '/ai-audit-compliance',
        to: { userIds: [await runs.startedBy(payload.runId)] },
      },
      deps.mail,
    );
  });
  deps.log?.info(
    { runId: payload.runId, timings: result.timings, reasoner: result.reasoner },
    'audit analysis completed',
  );
}

export function auditAnalysisJob(deps: AuditJobDeps) {
  return defineJob<AuditPayload>({
    name: AUDIT_JOB,
    payload: auditPayload,
    retries: deps.retries ?? 1,
    backoff: { delayMs: deps.retryDelayMs ?? 2_000 },
    // 200 model drafts at the model's time-out each, four at a time, fit with room to spare.
    timeoutMs: 20 * 60_000,
    handler: (payload, context) => runAudit(deps, payload, context.signal),
    async onFinalFailure(payload, failure) {
      deps.log?.error({ runId: payload.runId, error: failure.message }, 'audit analysis failed');
      await auditRunsOf(deps.db, payload.organizationId).fail(
        payload.runId,
        ANALYSIS_FAILED_MESSAGE,
      );
    },
  });
}
