import { DEFAULT_REVIEW_THRESHOLD } from '@shared/api/configuration';
import type { DocumentDetail, ExtractedDataItem } from '@shared/api/documents';
import { extractedFieldName } from '@shared/api/fields';
import { t } from '../../i18n/app';
import { formatNumber } from '../../lib/format';
import { useAuth } from '../auth/use-auth';

/** A field the form does not know by name still gets a readable label: 'endorsementCode' → 'Endorsement Code'. */
export function fieldLabel(fieldName: string): string {
  const known = extractedFieldName.safeParse(fieldName);
  if (known.success) return t(`documents:fields.${known.data}`);
  const words = fieldName.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.replace(/\b\w/g, (c) => c.toUpperCase()).trim();
}

/**
 * The organization's AI confidence threshold (Admin Dashboard → System Configuration): fields
 * read under it are flagged here, and the server sends their document to a person.
 */
export function useReviewThreshold(): number {
  return useAuth().user?.reviewThreshold ?? DEFAULT_REVIEW_THRESHOLD;
}
/** Below this the reading is more likely wrong than a plain review flag suggests. */
const LOW_CONFIDENCE = 0.6;

export type ConfidenceTone = 'high' | 'review' | 'low';

export function confidenceTone(score: number, threshold: number): ConfidenceTone {
  if (score >= threshold) return 'high';
  return score >= LOW_CONFIDENCE ? 'review' : 'low';
}

/** Whole percent, never rounded up onto the threshold: 0.849 reads 84%, not 85% (`84 %` in French). */
export function formatConfidence(score: number): string {
  const whole = Math.floor(Math.max(0, Math.min(1, score)) * 100 + 1e-9);
  return formatNumber(whole / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** The value a field shows before anyone edits it: the confirmed value, else what was read. */
export function currentValue(field: ExtractedDataItem): string {
  return field.validatedValue ?? field.extractedValue;
}

/** Whether pressing Validate with this draft would change anything on the server. */
export function needsValidation(field: ExtractedDataItem, draft: string): boolean {
  return field.validatedAt === null || draft.trim() !== (field.validatedValue ?? '');
}

export type DocumentView = 'image' | 'pdf' | 'spreadsheet' | 'text';

const SPREADSHEET_TYPES = new Set([
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

/** How the original is shown: images as themselves, PDFs and DOCX as page text, sheets as tables. */
export function documentView(document: Pick<DocumentDetail, 'mimeType'>): DocumentView {
  if (document.mimeType.startsWith('image/')) return 'image';
  if (document.mimeType === 'application/pdf') return 'pdf';
  if (SPREADSHEET_TYPES.has(document.mimeType)) return 'spreadsheet';
  return 'text';
}

/** The server serves these inline (`?disposition=inline`); others only download. */
export function opensInline(document: Pick<DocumentDetail, 'mimeType'>): boolean {
  const view = documentView(document);
  return view === 'image' || view === 'pdf';
}

export function fileUrl(id: string, inline = false): string {
  const path = `/api/documents/${encodeURIComponent(id)}/file`;
  return inline ? `${path}?disposition=inline` : path;
}

export interface SheetTable {
  header: string[];
  rows: string[][];
  /** Rows in the sheet, of which `rows` holds the first `limit`. */
  totalRows: number;
}

/** A spreadsheet page's text is its rows, cells separated by tabs, the first row the header. */
export function parseSheetText(text: string, limit = 200): SheetTable {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const [header = '', ...body] = lines;
  const cells = (line: string) => line.split('\t');
  return {
    header: cells(header),
    rows: body.slice(0, limit).map(cells),
    totalRows: body.length,
  };
}

/** Splits `text` around the first occurrences of `needle` (case-insensitive) for highlighting. */
export function highlightParts(text: string, needle: string): { text: string; match: boolean }[] {
  const wanted = needle.trim();
  if (wanted.length < 2) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  const key = wanted.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(key); at !== -1; at = lower.indexOf(key, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + key.length), match: true });
    from = at + key.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
