import JSZip from 'jszip';

/** An uploaded document as the processing job leaves it (the gap analysis reads only that). */
export { createProcessedDocument as storedDocument } from '../../test/processed-document';

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
