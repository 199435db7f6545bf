import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The OCR engine and the language data installed with it (npm packages @tesseract.js-data/*),
 * without loading the engine: the Admin Dashboard shows these.
 */
export const OCR_ENGINE = {
  name: 'tesseract.js 7, LSTM model 4.0.0_best_int',
  languages: ['eng'],
} as const;

/**
 * The language data ships with npm (@tesseract.js-data/eng), so OCR never downloads anything.
 * `4.0.0_best_int` is the LSTM model tesseract.js is tuned for; on the benchmark pages it reads as
 * well as `4.0.0` in about half the time (docs/PERFORMANCE.md).
 */
export const LANGUAGE_DATA_DIR = join(
  dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);
