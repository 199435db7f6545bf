import { setTimeout as sleep } from 'node:timers/promises';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  overallCompliancePercent,
  type AuditRunComparison,
  type AuditRunDetail,
  type AuditRunInfo,
  type ComplianceAnalysisResponse,
  type DocumentSummaryResponse,
  type ComplianceStatus,
  type RiskLevel,
} from '@shared/api/audit';
import { ERROR_CODES } from '@shared/api/errors';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/errors';
import type { JobDefinition, JobQueue } from '../../jobs/types';
import { classifyDocument } from '../documents/service';
import { evidenceOf } from './evidence';
import type { AuditPayload } from './job';
import { auditRunsOf, type AuditRunWithStarter } from './runs';

export interface AuditServices {
  db: Database;
  jobs: JobQueue;
  job: JobDefinition<AuditPayload>;
}

/** GET /api/audit/document-summary: the documents the analysis reads, by type, with their fields. */
export async function documentSummary(
  db: Database,
  actor: Actor,
): Promise<DocumentSummaryResponse> {
  const docs = await evidenceOf(db, actor.organizationId).documents();
  const documents = docs.map((d) => {
    const { type, reason, confidence } = classifyDocument({
      originalName: d.originalName,
      text: d.text,
      fieldNames: d.fields.map((f) => f.fieldName),
    });
    return {
      id: d.id,
      originalName: d.originalName,
      status: d.status,
      pageCount: d.pageCount,
      documentType: type,
      classifiedBy: `${reason} (confidence ${Math.round(confidence * 100)}%)`,
      extractedFields: d.fields,
    };
  });
  const documentTypes = DOCUMENT_TYPES.map((type) => ({
    type,
    label: DOCUMENT_TYPE_LABELS[type],
    count: documents.filter((d) => d.documentType === type).length,
  })).filter((t) => t.count > 0);
  return { totalDocuments: documents.length, documentTypes, documents };
}

/**
 * Starts an analysis for the actor's organization, or joins the one already queued or running
 * (one at a time per organization, enforced by the database across processes).
 */
export async function startAnalysis(
  services: AuditServices,
  actor: Actor,
): Promise<{ runId: string; joined: boolean }> {
  const { db, jobs, job } = services;
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await db.transaction(async (tx) => {
      const run = await auditRunsOf(tx, actor.organizationId).insertQueued(actor.userId);
      if (run)
        await jobs.send(job, { runId: run.id, organizationId: actor.organizationId }, { tx });
      return run;
    });
    if (created) return { runId: created.id, joined: false };
    const active = await auditRunsOf(db, actor.organizationId).active();
    if (active) return { runId: active.id, joined: true };
    // The active run finished between the insert and the read: try again.
  }
  throw new AppError(409, ERROR_CODES.conflict, 'Another analysis is starting; try again.');
}

const POLL_MS = 150;

/** Waits until the run completed or failed (or the wait is cancelled or runs out). */
export async function waitForRun(
  db: Database,
  actor: Actor,
  runId: string,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<AuditRunWithStarter> {
  const runs = auditRunsOf(db, actor.organizationId);
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const run = await runs.find(runId);
    if (!run) throw notFound('Analysis run');
    if (run.status === 'completed' || run.status === 'failed') return run;
    if (Date.now() > deadline) {
      throw new AppError(
        503,
        ERROR_CODES.internal,
        'The analysis is still running. Its result will appear in the run history when it completes.',
      );
    }
    await sleep(POLL_MS, undefined, { signal: options.signal });
  }
}

export function runInfo(run: AuditRunWithStarter): AuditRunInfo {
  const summary = run.summary ?? null;
  return {
    id: run.id,
    status: run.status as AuditRunInfo['status'],
    phase: run.phase,
    percent: run.percent,
    reasoner: run.reasoner,
    startedBy: run.startedByName,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    checklistItems: run.checklistItems,
    documentCount: run.documentCount,
    summary,
    overallCompliance:
      summary && run.checklistItems !== null
        ? overallCompliancePercent({ ...summary, checklistItems: run.checklistItems })
        : null,
    errorMessage: run.errorMessage,
  };
}

async function resultOf(db: Database, actor: Actor, run: AuditRunWithStarter) {
  if (run.status !== 'completed') return null;
  const analyses = await auditRunsOf(db, actor.organizationId).items(run.id);
  return {
    runId: run.id,
    checklistItems: run.checklistItems ?? analyses.length,
    documentCount: run.documentCount ?? 0,
    summary: run.summary!,
    analyses,
    complianceReport: run.complianceReport ?? '',
    reasoner: run.reasoner ?? 'built-in',
    catalogueVersion: run.catalogueVersion ?? 0,
    completedAt: (run.finishedAt ?? run.createdAt).toISOString(),
  };
}

/** POST /api/audit/analyze-compliance: start or join, wait, answer the spec's response. */
export async function analyzeCompliance(
  services: AuditServices,
  actor: Actor,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<ComplianceAnalysisResponse> {
  const { runId, joined } = await startAnalysis(services, actor);
  const run = await waitForRun(services.db, actor, runId, options);
  if (run.status === 'failed') {
    throw new AppError(
      500,
      ERROR_CODES.internal,
      run.errorMessage ?? 'Failed to analyze compliance',
    );
  }
  const result = await resultOf(services.db, actor, run);
  return { ...result!, joinedRunningAnalysis: joined };
}

export async function listRuns(db: Database, actor: Actor) {
  const runs = await auditRunsOf(db, actor.organizationId).list();
  return { runs: runs.map(runInfo) };
}

export async function getRun(db: Database, actor: Actor, runId: string): Promise<AuditRunDetail> {
  const run = await auditRunsOf(db, actor.organizationId).find(runId);
  if (!run) throw notFound('Analysis run');
  return { ...runInfo(run), result: await resultOf(db, actor, run) };
}

/** Items whose status or risk differs between two completed runs, in catalogue order. */
export async function compareRuns(
  db: Database,
  actor: Actor,
  fromId: string,
  toId: string,
): Promise<AuditRunComparison> {
  const runs = auditRunsOf(db, actor.organizationId);
  const [from, to] = await Promise.all([runs.find(fromId), runs.find(toId)]);
  if (!from || !to) throw notFound('Analysis run');
  for (const run of [from, to]) {
    if (run.status !== 'completed') {
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        'Only completed analyses can be compared; one of these is still running or failed.',
      );
    }
  }
  const [before, after] = await Promise.all([runs.statuses(from.id), runs.statuses(to.id)]);
  const beforeBy = new Map(before.map((r) => [r.itemNumber, r]));
  const afterBy = new Map(after.map((r) => [r.itemNumber, r]));
  const numbers = [
    ...new Set([...after.map((r) => r.itemNumber), ...before.map((r) => r.itemNumber)]),
  ];
  const changes = numbers
    .map((n) => ({ b: beforeBy.get(n), a: afterBy.get(n), n }))
    .filter(({ a, b }) => a?.status !== b?.status || a?.risk !== b?.risk)
    .map(({ a, b, n }) => ({
      checklistItemId: n,
      requirement: a?.requirement ?? b?.requirement ?? '',
      fromStatus: (b?.status ?? null) as ComplianceStatus | null,
      toStatus: (a?.status ?? null) as ComplianceStatus | null,
      fromRisk: (b?.risk ?? null) as RiskLevel | null,
      toRisk: (a?.risk ?? null) as RiskLevel | null,
    }));
  return { from: runInfo(from), to: runInfo(to), changes };
}
