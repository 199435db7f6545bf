import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
// The composition point of background jobs: the one module below features that imports them
// (eslint.config.js exempts it), so a process can run every job without building the routes.
import { AUDIT_JOB, auditAnalysisJob } from '../features/audit/job';
import { BACKUP_JOB, backupJob } from '../features/backup/service';
import type { DocumentReader } from '../features/documents/service';
import {
  DOCUMENT_PROCESSING_JOB,
  documentProcessingJob,
} from '../features/documents/processing-job';
import { cosignJob, type LedgerSigning } from '../features/ledger/service';
import { LINK_CHECK_JOB, linkCheckJob } from '../features/links/service';
import { MAIL_JOB, mailDeliveryJob, mailSender } from '../features/mail/service';
import { REGULATORY_FETCH_JOB, regulatoryFetchJob } from '../features/regulatory/service';
import { REPORT_JOB, reportJob } from '../features/compliance-reports/service';
import type { BlobStore } from '../storage/blob-store';
import type { JobQueue } from './types';

/** What the jobs work with: the process's long-lived parts (src/server/services.ts). */
export interface JobDependencies {
  db: Database;
  config: Config;
  blobs: BlobStore;
  documentReader: DocumentReader;
  logger: FastifyBaseLogger;
  ledgerSigning: LedgerSigning;
  /** Jobs that notify people queue e-mails on it (left out: no e-mail from jobs). */
  jobs?: JobQueue;
}

/**
 * Every background job of the application, bound to its dependencies. Features send through
 * these definitions (they reach them in their route context); workers register all of them.
 */
export function createJobDefinitions({
  db,
  config,
  blobs,
  documentReader,
  logger,
  ledgerSigning,
  jobs,
}: JobDependencies) {
  const mailDelivery = mailDeliveryJob({ db, config, log: logger.child({ job: MAIL_JOB }) });
  const mail = jobs ? mailSender({ config, jobs, delivery: mailDelivery }) : undefined;
  return {
    documentProcessing: documentProcessingJob({
      db,
      blobs,
      reader: documentReader,
      mail,
      log: logger.child({ job: DOCUMENT_PROCESSING_JOB }),
    }),
    auditAnalysis: auditAnalysisJob({ db, config, mail, log: logger.child({ job: AUDIT_JOB }) }),
    ledgerCosign: cosignJob({
      db,
      signing: ledgerSigning,
      log: logger.child({ job: 'ledger.cosign' }),
    }),
    regulatoryFetch: regulatoryFetchJob({
      db,
      config,
      log: logger.child({ job: REGULATORY_FETCH_JOB }),
    }),
    mailDelivery,
    reportGeneration: reportJob({
      db,
      blobs,
      signing: ledgerSigning,
      mail,
      log: logger.child({ job: REPORT_JOB }),
    }),
    backup: backupJob({ db, config, blobs, log: logger.child({ job: BACKUP_JOB }) }),
    linkCheck: linkCheckJob({
      db,
      allowPrivate: config.FETCH_ALLOW_PRIVATE,
      perHost: config.LINK_CHECKS_PER_HOST,
      log: logger.child({ job: LINK_CHECK_JOB }),
    }),
  };
}

export type JobDefinitions = ReturnType<typeof createJobDefinitions>;

/**
 * Registers every job on the queue and starts working them: what a process that runs jobs
 * (`ROLE=worker|all`) does, with or without the web routes.
 */
export async function startJobs(queue: JobQueue, definitions: JobDefinitions): Promise<void> {
  queue.register(...Object.values(definitions));
  await queue.start();
}
