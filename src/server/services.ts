import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { chatModelFromConfig } from './ai/chat-model';
import {
  createDocumentReader,
  lazyOcrPool,
  withModelRefinement,
  type DocumentReader,
  type OcrPool,
} from './features/documents/service';
import { ledgerSigning, type LedgerSigning } from './features/ledger/service';
import { createJobQueue, type JobQueue } from './jobs/index';
import { createJobDefinitions, type JobDefinitions } from './jobs/registry';
import { createBlobStore, type BlobStore } from './storage/index';

/** Long-lived parts shared by every feature: storage, background jobs, OCR workers, readers. */
export interface AppServices {
  blobs: BlobStore;
  jobs: JobQueue;
  /** Every job definition, bound to these parts (jobs/registry.ts): what features send. */
  jobDefinitions: JobDefinitions;
  ocr: OcrPool;
  documentReader: DocumentReader;
  /** Where ledger private keys are kept and how new logs are named (features/ledger/keys.ts). */
  ledgerSigning: LedgerSigning;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * Builds the services the caller did not provide. `close` stops only what was built here (the
 * job queue first, so no job is mid-OCR when the workers go), leaving injected parts to their owner.
 */
export function createServices(
  config: Config,
  db: Database,
  logger: FastifyBaseLogger,
  given: Partial<AppServices> = {},
) {
  const blobs = given.blobs ?? createBlobStore(config, db);
  const jobs = given.jobs ?? createJobQueue(config, db, logger.child({ component: 'jobs' }));
  // Loaded on first use, so web-only processes and tests that read nothing never pay for OCR.
  const ocr = given.ocr ?? lazyOcrPool(config.OCR_WORKERS ?? availableParallelism());
  const model = chatModelFromConfig(config);
  const reader = given.documentReader ?? createDocumentReader(ocr);
  const documentReader = model
    ? withModelRefinement(reader, model, {
        below: config.AI_REFINE_BELOW,
        log: logger.child({ component: 'extraction' }),
      })
    : reader;
  const signing = given.ledgerSigning ?? ledgerSigning(config);
  const jobDefinitions =
    given.jobDefinitions ??
    createJobDefinitions({
      db,
      config,
      blobs,
      documentReader,
      logger,
      ledgerSigning: signing,
      jobs,
    });
  const services: AppServices = {
    blobs,
    jobs,
    jobDefinitions,
    ocr,
    documentReader,
    ledgerSigning: signing,
  };
  return {
    services,
    async close() {
      if (!given.jobs) await jobs.stop();
      if (!given.ocr) await ocr.close();
    },
  };
}
