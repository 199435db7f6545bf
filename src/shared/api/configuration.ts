import { z } from 'zod';

/** The AI confidence threshold a new organization starts with. */
export const DEFAULT_REVIEW_THRESHOLD = 0.85;
/** The range an admin may choose from, in whole percent (the messages below name it). */
export const REVIEW_THRESHOLD_PERCENT = { min: 50, max: 99 } as const;
/** Pages the reader takes from one document at most; an organization may choose fewer (the message below names it). */
export const MAX_PAGES_LIMIT = 200;

const wholePercent = z
  .number()
  .min(REVIEW_THRESHOLD_PERCENT.min / 100, 'Choose at least 50%')
  .max(REVIEW_THRESHOLD_PERCENT.max / 100, 'Choose at most 99%')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'Use a whole percent');

/** What an admin changes from System Configuration. */
export const configurationUpdate = z.object({
  reviewThreshold: wholePercent,
  maxPages: z
    .number()
    .int('Use a whole number of pages')
    .min(1, 'Choose at least one page')
    .max(MAX_PAGES_LIMIT, 'At most 200 pages'),
});
export type ConfigurationUpdate = z.infer<typeof configurationUpdate>;

/**
 * `GET /api/admin/configuration`: the organization's settings beside the installation's, which
 * only the server's environment changes (named in `setBy`).
 */
export const systemConfiguration = configurationUpdate.extend({
  ocr: z.object({
    engine: z.string(),
    /** Tesseract language codes of the installed language data. */
    languages: z.array(z.string()),
    workers: z.number().int(),
    maxPagesLimit: z.number().int(),
  }),
  security: z.object({
    twoFactorRequired: z.boolean(),
    sessionMaxHours: z.number(),
  }),
  /** The environment variables behind the installation's values. */
  setBy: z.object({ workers: z.string(), sessionMaxHours: z.string() }),
});
export type SystemConfiguration = z.infer<typeof systemConfiguration>;
