import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import type { Database } from '../../db/client';
import { documentPages, documents, extractedFields } from '../../db/schema';

/**
 * An uploaded document as the processing job leaves it: the row, its page text and its extracted
 * fields (the gap analysis reads only these, never the file).
 */
export async function storedDocument(
  db: Database,
  organizationId: string,
  name: string,
  pages: string[],
  fields: { fieldName: string; value: string }[] = [],
) {
  const [row] = await db
    .insert(documents)
    .values({
      organizationId,
      originalName: name,
      mimeType: 'application/pdf',
      sizeBytes: 2048,
      blobHash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
      status: 'processed',
      pageCount: pages.length,
      processedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('insert failed');
  if (pages.length) {
    await db.insert(documentPages).values(
      pages.map((text, i) => ({
        documentId: row.id,
        organizationId,
        page: i + 1,
        text,
        source: 'text-layer',
      })),
    );
  }
  if (fields.length) {
    await db.insert(extractedFields).values(
      fields.map((f) => ({
        organizationId,
        documentId: row.id,
        fieldName: f.fieldName,
        extractedValue: f.value,
        confidence: 0.95,
        page: 1,
      })),
    );
  }
  return row;
}

/** The text of word/document.xml of a DOCX, tags removed. */
export async function docxText(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')?.async('string');
  if (xml === undefined) throw new Error('word/document.xml is missing');
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
