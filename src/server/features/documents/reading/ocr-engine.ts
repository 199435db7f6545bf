/**
 * The OCR engine and the language data installed with it (npm packages @tesseract.js-data/*),
 * without loading the engine: the Admin Dashboard shows these.
 */
export const OCR_ENGINE = {
  name: 'tesseract.js 7, LSTM model 4.0.0_best_int',
  languages: ['eng'],
} as const;
