import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { buildLines, pageTextOf, type PlacedText } from './lines';
import { LANGUAGE_DATA_DIR, OCR_ENGINE } from './ocr-engine';

export { LANGUAGE_DATA_DIR };
import type { OcrPool, OcrPoolOptions, OcrResult } from './types';

/** Gaps wider than this many word heights split a line into spans (form columns). */
const OCR_GAP_FACTOR = 1.6;

interface Job {
  image: Buffer;
  signal?: AbortSignal;
  resolve: (result: OcrResult) => void;
  reject: (error: unknown) => void;
}

async function startWorker(): Promise<Worker> {
  const worker = await createWorker([...OCR_ENGINE.languages], OEM.LSTM_ONLY, {
    langPath: LANGUAGE_DATA_DIR,
    gzip: true,
    // tesseract.js caches unpacked language data; keep it out of the project folder.
    cachePath: join(tmpdir(), 'centerline-tesseract'),
    cacheMethod: 'none',
  });
  // Our page images are rendered or resampled to about 300 DPI; saying so stops tesseract
  // guessing the resolution from the glyph sizes. The API defaults to one uniform block of text
  // (PSM 6), which drops lines of a different size on forms and certificates; full page layout
  // analysis (PSM 3, the tesseract command's default) finds them.
  await worker.setParameters({ user_defined_dpi: '300', tessedit_pageseg_mode: PSM.AUTO });
  return worker;
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const idle: Worker[] = [];
  const queue: Job[] = [];
  let workers = 0;
  let closed = false;
  const all = new Set<Worker>();

  function abortError(signal: AbortSignal | undefined) {
    return signal?.reason instanceof Error ? signal.reason : new Error('OCR was cancelled');
  }

  async function run(worker: Worker, job: Job) {
    try {
      if (job.signal?.aborted) throw abortError(job.signal);
      const { data } = await worker.recognize(job.image, {}, { tsv: true, text: false });
      job.resolve(resultFromTsv(data.tsv ?? ''));
      release(worker);
    } catch (error) {
      job.reject(error);
      if (job.signal?.aborted) release(worker);
      else discard(worker);
    }
  }

  /** A worker that failed may hold a broken WASM heap; replace it rather than reuse it. */
  function discard(worker: Worker) {
    all.delete(worker);
    workers -= 1;
    void worker.terminate().catch(() => undefined);
    dispatch();
  }

  function release(worker: Worker) {
    if (closed) return;
    idle.push(worker);
    dispatch();
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      const job = queue.shift()!;
      if (job.signal?.aborted) {
        job.reject(abortError(job.signal));
        continue;
      }
      const worker = idle.pop();
      if (worker) {
        void run(worker, job);
      } else if (workers < size) {
        workers += 1;
        startWorker().then(
          (started) => {
            if (closed) {
              void started.terminate();
              job.reject(new Error('The OCR pool is closed'));
              return;
            }
            all.add(started);
            void run(started, job);
          },
          (error: unknown) => {
            workers -= 1;
            job.reject(error);
            dispatch();
          },
        );
      } else {
        queue.unshift(job);
        return;
      }
    }
  }

  return {
    size,
    recognize(image, { signal } = {}) {
      if (closed) return Promise.reject(new Error('The OCR pool is closed'));
      return new Promise<OcrResult>((resolve, reject) => {
        // A page already being read cannot be interrupted, but its caller need not wait for it.
        signal?.addEventListener('abort', () => reject(abortError(signal)), { once: true });
        queue.push({ image, signal, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The OCR pool is closed'));
      idle.length = 0;
      await Promise.all([...all].map((w) => w.terminate().catch(() => undefined)));
      all.clear();
    },
  };
}

/** TSV columns: level page block par line word left top width height conf text (level 5 = word). */
export function resultFromTsv(tsv: string): OcrResult {
  const words: PlacedText[] = [];
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const [left, top, width, height, conf] = cells.slice(6, 11).map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const text = cells.slice(11).join('\t').trim();
    if (!text || conf < 0) continue;
    words.push({
      text,
      box: { x0: left, y0: top, x1: left + width, y1: top + height },
      confidence: conf / 100,
      line: cells.slice(1, 5).join('.'),
    });
  }
  const lines = buildLines(words, OCR_GAP_FACTOR);
  const confidence = words.length
    ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length
    : 0;
  return { text: pageTextOf(lines), lines, confidence };
}
