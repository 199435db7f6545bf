import client from 'prom-client';

/**
 * Metrics of the process itself, whichever apps it builds: Node's defaults (memory, event-loop
 * lag, CPU) and the OCR page timer. Each app adds its own registry (http/operations.ts) and the
 * two are merged when Prometheus scrapes.
 */
export const processRegistry = new client.Registry();
client.collectDefaultMetrics({ register: processRegistry, prefix: 'centerline_' });

/** Seconds per page read by OCR; its count's rate is the node's OCR pages per second. */
export const ocrPageSeconds = new client.Histogram({
  name: 'centerline_ocr_page_duration_seconds',
  help: 'Pages read by OCR, with the time each took.',
  buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32],
  registers: [processRegistry],
});
