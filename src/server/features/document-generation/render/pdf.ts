import {
  keepOnPage,
  PDF_INK,
  PDF_MARGIN,
  PDF_MUTED,
  pdfContentWidth,
  startPdf,
  writePdfTitle,
} from '../../../reports/pdf';
import { DRAFT_MARKER } from '@shared/api/document-generation';
import type { DraftDocument, TemplateTable } from '../templates/types';
import { basisLine } from './text';

const DRAFT = '#b45309';

function writeTable(doc: PDFKit.PDFDocument, { header, rows }: TemplateTable) {
  const columnWidth = pdfContentWidth(doc) / header.length;
  const writeRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
    const height =
      Math.max(...cells.map((c) => doc.heightOfString(c || ' ', { width: columnWidth - 8 }))) + 8;
    if (doc.y + height > doc.page.height - PDF_MARGIN - 20) doc.addPage();
    const top = doc.y;
    cells.forEach((text, i) => {
      const x = PDF_MARGIN + i * columnWidth;
      if (bold) doc.rect(x, top, columnWidth, height).fillColor('#e2e8f0').fill();
      doc.rect(x, top, columnWidth, height).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
      doc.fillColor(PDF_INK).text(text, x + 4, top + 4, { width: columnWidth - 8 });
    });
    doc.x = PDF_MARGIN;
    doc.y = top + height;
  };
  writeRow(header, true);
  for (const row of rows) writeRow(row, false);
  doc.moveDown(0.6);
}

/** The generated document as a PDF in the house style of the checklist report. */
export async function renderPdf(draft: DraftDocument, generatedAt: Date): Promise<Buffer> {
  const { doc, finish } = await startPdf({
    info: {
      Title: `${draft.title} — ${draft.organizationName}`,
      Subject: DRAFT_MARKER,
      CreationDate: generatedAt,
    },
    footer: `${draft.organizationName} · ${draft.title} · DRAFT`,
  });
  const width = pdfContentWidth(doc);

  writePdfTitle(doc, draft.title, draft.organizationName);
  doc.moveDown(0.5);
  doc.font('bold').fontSize(10).fillColor(DRAFT).text(DRAFT_MARKER, { width });
  doc.font('regular').fontSize(8.5).fillColor(PDF_MUTED);
  doc.text(`Generated ${draft.generatedOn}. ${basisLine(draft)}.`, { width });

  draft.sections.forEach((section, index) => {
    keepOnPage(doc, 80);
    doc.moveDown(0.8);
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(PDF_INK)
      .text(`${index + 1}. ${section.heading}`, { width });
    doc.moveDown(0.3);
    doc.font('regular').fontSize(10).fillColor(PDF_INK);
    for (const paragraph of section.paragraphs) doc.text(paragraph, { width }).moveDown(0.4);
    for (const bullet of section.bullets ?? []) {
      doc.text(`•  ${bullet}`, { width, indent: 8 }).moveDown(0.2);
    }
    if (section.table) {
      doc.moveDown(0.3);
      writeTable(doc, section.table);
    }
  });
  return finish();
}
