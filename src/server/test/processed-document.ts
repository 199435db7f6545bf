import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { documentPages, documents, extractedFields } from '../db/schema';

/**
 * A processed document with known page text and extracted fields, written straight into the
 * tables as the processing job leaves them (for features that read stored results, never files).
 */
export async function createProcessedDocument(
  db: DbOrTx,
  organizationId: string,
  name: string,
  pages: string[],
  fields: { fieldName: string; value: string; page?: number }[] = [],
) {
  const [row] = await db
    .insert(documents)
    .values({
      organizationId,
      originalName: name,
      mimeType: 'application/pdf',
      sizeBytes: Math.max(1, pages.join('\n').length),
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
        confidence: 0.92,
        page: f.page ?? 1,
      })),
    );
  }
  return row;
}
