import { z } from 'zod';

export const DOCUMENT_STATUSES = [
  'uploaded',
  'processing',
  'processed',
  'validated',
  'error',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The document as the observed screens read it (list rows, field operations). */
export const documentSummary = z.object({
  id: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

/** Where and by whom a field capture was taken; sent as the upload's `metadata` part. */
export const captureMetadata = z.object({
  location: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .optional(),
  timestamp: z.string().max(64).optional(),
  inspector: z.string().max(320).optional(),
  notes: z.string().max(4000).optional(),
});
export type CaptureMetadata = z.infer<typeof captureMetadata>;

/** Everything the server knows about a document; list and detail answer this shape. */
export const documentDetail = documentSummary.extend({
  /** The field-operations screen reads `filename`; it is the original name. */
  filename: z.string(),
  /** Hex SHA-256 of the stored bytes. */
  sha256: z.string(),
  pageCount: z.number().int().nullable(),
  processedAt: z.string().nullable(),
  validatedAt: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  metadata: captureMetadata.nullable(),
});
export type DocumentDetail = z.infer<typeof documentDetail>;
export const documentList = z.array(documentDetail);

/**
 * The upload answer: the (first) document itself, so single-file clients read it directly, and
 * every document of the request in `documents`.
 */
export const uploadResponse = documentDetail.extend({ documents: documentList });
export type UploadResponse = z.infer<typeof uploadResponse>;

export const documentIdParams = z.object({ id: z.uuid() });

export const fieldBox = z.object({
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
});

export const extractedDataItem = z.object({
  id: z.string(),
  fieldName: z.string(),
  extractedValue: z.string(),
  /** 0–1. */
  confidenceScore: z.number(),
  page: z.number().int(),
  box: fieldBox.nullable(),
  validatedValue: z.string().nullable(),
  validatedBy: z.string().nullable(),
  validatedByName: z.string().nullable(),
  validatedAt: z.string().nullable(),
});
export type ExtractedDataItem = z.infer<typeof extractedDataItem>;
export const extractedDataList = z.array(extractedDataItem);

export const validateFieldRequest = z.object({ validatedValue: z.string().max(2000) });
export type ValidateFieldRequest = z.infer<typeof validateFieldRequest>;
export const validateFieldResponse = extractedDataItem.extend({
  documentStatus: z.enum(DOCUMENT_STATUSES),
});

export const PAGE_SOURCES = ['text-layer', 'ocr', 'table', 'docx'] as const;
export const documentPage = z.object({
  page: z.number().int(),
  text: z.string(),
  source: z.enum(PAGE_SOURCES),
});
export const documentPageList = z.array(documentPage);

export const fileQuery = z.object({
  /** `inline` lets the document page show a PDF or image beside its fields. */
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});
