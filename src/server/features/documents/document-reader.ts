import type { ChatModel } from '../../ai/chat-model';
import type {
  Correction,
  DocumentKind,
  ExtractedFieldCandidate,
  OcrPool,
  ReadResult,
} from './reading/types';

/**
 * What the processing job needs from the readers and the extractor. The job depends on this
 * interface only, so tests and the benchmark can put any reader behind it.
 */
export interface DocumentReader {
  read(
    filePath: string,
    kind: DocumentKind,
    /** `maxPages`: the organization's page limit (default READ_DEFAULTS.maxPages). */
    options: { signal?: AbortSignal; maxPages?: number },
  ): Promise<ReadResult>;
  extract(
    read: ReadResult,
    corrections: Correction[],
  ): ExtractedFieldCandidate[] | Promise<ExtractedFieldCandidate[]>;
}

/**
 * The reader with the optional model behind its extractor: fields the extractor is unsure of are
 * read again by the model (extraction/refine.ts), and kept as they were when it fails.
 */
export function withModelRefinement(
  reader: DocumentReader,
  model: ChatModel,
  options: { below: number; log?: { warn(obj: object, msg: string): void } },
): DocumentReader {
  return {
    read: (filePath, kind, readOptions) => reader.read(filePath, kind, readOptions),
    async extract(read, corrections) {
      const fields = await reader.extract(read, corrections);
      const { refineWithModel } = await import('./extraction/refine');
      const { fields: refined, note } = await refineWithModel(model, read, fields, {
        below: options.below,
      });
      if (note.startsWith('model unavailable') || note.startsWith('the model answer')) {
        options.log?.warn({ model: model.name, note }, 'field refinement skipped');
      }
      return refined;
    },
  };
}

/** OCR workers loaded (module and workers) on the first page to read. */
export function lazyOcrPool(size: number): OcrPool {
  let pool: Promise<OcrPool> | undefined;
  const get = () => (pool ??= import('./reading/ocr-pool').then((m) => m.createOcrPool({ size })));
  return {
    size,
    recognize: async (image, options) => (await get()).recognize(image, options),
    close: async () => {
      if (pool) await (await pool).close();
    },
  };
}

const loadModules = () =>
  Promise.all([import('./reading/read-document'), import('./extraction/extract-fields')]);

/**
 * The real readers (pdfjs, tesseract.js through `ocr`, exceljs, csv-parse, mammoth) and extractor.
 * They load on first use (about 140 MB of modules), so processes that serve only requests never
 * pay for them.
 */
export function createDocumentReader(ocr: OcrPool): DocumentReader {
  let modules: ReturnType<typeof loadModules> | undefined;
  const load = () => (modules ??= loadModules());
  return {
    async read(filePath, kind, { signal, maxPages }) {
      const [{ readDocument }] = await load();
      return readDocument(filePath, kind, { ocr, signal, maxPages });
    },
    async extract(read, corrections) {
      const [, { extractFields }] = await load();
      return extractFields(read, corrections);
    },
  };
}
