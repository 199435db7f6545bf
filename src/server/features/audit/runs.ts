import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { RequirementAnalysis } from '@shared/api/audit';
import type { DbOrTx } from '../../db/client';
import { auditRunItems, auditRuns, users } from '../../db/schema';
import type { AnalysisResult } from './analyze';

export type AuditRunRow = typeof auditRuns.$inferSelect;
export type AuditRunWithStarter = AuditRunRow & { startedByName: string | null };

export const ACTIVE_STATUSES = ['queued', 'running'] as const;

/** Data access for audit runs, bound to one organization: another's runs are simply not found. */
export function auditRunsOf(db: DbOrTx, organizationId: string) {
  const inOrg = eq(auditRuns.organizationId, organizationId);

  const withStarter = async (where: ReturnType<typeof and>, limit: number) => {
    const rows = await db
      .select({ run: auditRuns, first: users.firstName, last: users.lastName })
      .from(auditRuns)
      .leftJoin(users, eq(users.id, auditRuns.startedBy))
      .where(where)
      .orderBy(desc(auditRuns.createdAt), desc(auditRuns.id))
      .limit(limit);
    return rows.map((r): AuditRunWithStarter => ({
      ...r.run,
      startedByName: r.first === null ? null : `${r.first} ${r.last ?? ''}`.trim(),
    }));
  };

  return {
    /**
     * A new queued run, or null when one is already queued or running for the organization
     * (the partial unique index makes that true across processes).
     */
    async insertQueued(startedBy: string): Promise<AuditRunRow | null> {
      const [row] = await db
        .insert(auditRuns)
        .values({ organizationId, startedBy })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async active(): Promise<AuditRunRow | undefined> {
      const [row] = await db
        .select()
        .from(auditRuns)
        .where(and(inOrg, inArray(auditRuns.status, [...ACTIVE_STATUSES])))
        .limit(1);
      return row;
    },

    async find(runId: string): Promise<AuditRunWithStarter | undefined> {
      const [row] = await withStarter(and(inOrg, eq(auditRuns.id, runId)), 1);
      return row;
    },

    list(limit = 50) {
      return withStarter(and(inOrg), limit);
    },

    async items(runId: string): Promise<RequirementAnalysis[]> {
      const rows = await db
        .select({ analysis: auditRunItems.analysis })
        .from(auditRunItems)
        .where(
          and(eq(auditRunItems.organizationId, organizationId), eq(auditRunItems.runId, runId)),
        )
        .orderBy(asc(auditRunItems.position));
      return rows.map((r) => r.analysis as unknown as RequirementAnalysis);
    },

    /** Item number → status and risk: enough to compare two runs. */
    async statuses(runId: string) {
      const rows = await db
        .select({
          itemNumber: auditRunItems.itemNumber,
          position: auditRunItems.position,
          status: auditRunItems.complianceStatus,
          risk: auditRunItems.riskLevel,
          requirement: auditRunItems.analysis,
        })
        .from(auditRunItems)
        .where(
          and(eq(auditRunItems.organizationId, organizationId), eq(auditRunItems.runId, runId)),
        )
        .orderBy(asc(auditRunItems.position));
      return rows.map((r) => ({
        itemNumber: r.itemNumber,
        position: r.position,
        status: r.status,
        risk: r.risk,
        requirement: String((r.requirement as { requirement?: unknown }).requirement ?? ''),
      }));
    },

    /** Moves a queued (or resumed) run to running; false when it is no longer active. */
    async markRunning(runId: string): Promise<boolean> {
      const rows = await db
        .update(auditRuns)
        .set({ status: 'running', phase: 'Starting', percent: 0, startedAt: new Date() })
        .where(and(inOrg, eq(auditRuns.id, runId), inArray(auditRuns.status, [...ACTIVE_STATUSES])))
        .returning({ id: auditRuns.id });
      return rows.length > 0;
    },

    async setProgress(runId: string, phase: string, percent: number) {
      await db
        .update(auditRuns)
        .set({ phase, percent: Math.max(0, Math.min(100, Math.round(percent))) })
        .where(and(inOrg, eq(auditRuns.id, runId), eq(auditRuns.status, 'running')));
    },

    /** Who started the run (null for a scheduled run or a deleted user). */
    async startedBy(runId: string): Promise<string | null> {
      const [row] = await db
        .select({ startedBy: auditRuns.startedBy })
        .from(auditRuns)
        .where(and(inOrg, eq(auditRuns.id, runId)));
      return row?.startedBy ?? null;
    },

    async complete(runId: string, result: AnalysisResult) {
      await db.insert(auditRunItems).values(
        result.analyses.map((a, position) => ({
          runId,
          organizationId,
          itemNumber: a.checklistItemId,
          position,
          complianceStatus: a.complianceStatus,
          riskLevel: a.riskLevel,
          confidence: a.confidenceScore,
          analysis: a as unknown as Record<string, unknown>,
        })),
      );
      await db
        .update(auditRuns)
        .set({
          status: 'completed',
          phase: 'Complete',
          percent: 100,
          reasoner: result.reasoner,
          catalogueVersion: result.catalogueVersion,
          checklistItems: result.checklistItems,
          documentCount: result.documentCount,
          summary: result.summary,
          complianceReport: result.complianceReport,
          timings: result.timings,
          finishedAt: new Date(),
        })
        .where(and(inOrg, eq(auditRuns.id, runId)));
    },

    async fail(runId: string, message: string) {
      await db
        .update(auditRuns)
        .set({ status: 'failed', phase: 'Failed', errorMessage: message, finishedAt: new Date() })
        .where(
          and(inOrg, eq(auditRuns.id, runId), inArray(auditRuns.status, [...ACTIVE_STATUSES])),
        );
    },
  };
}
