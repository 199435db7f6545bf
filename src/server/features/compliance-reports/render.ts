import { safeText } from '../../reports/cells';
import { readerText } from '../../i18n/index';
import {
  PDF_INK,
  PDF_MARGIN,
  PDF_MUTED,
  pdfContentWidth,
  startStreamedPdf,
  writePdfField,
  writePdfTitle,
} from '../../reports/pdf';
import { PdfTable } from '../../reports/pdf-table';
import type { Cell, ReportContent } from './content';

/** Reports progress as sections are written (0–100). */
export type Progress = (percent: number) => Promise<void>;

function cellText(content: ReportContent, cell: Cell): string {
  const { number } = readerText(content.language, 'report-documents');
  switch (cell.kind) {
    case 'text':
      return cell.value;
    case 'number':
      return number(cell.value);
    case 'day':
      return content.dates.day(cell.value);
    case 'time':
      return content.dates.stamp(cell.value);
  }
}

/** Where each section starts (page numbers from 1) and how many pages the whole file has. */
interface PdfLayout {
  starts: number[];
  pages: number;
}

/**
 * One writing of the report. With `layout` (from an earlier writing of the same content) the
 * contents page and the page frame carry its numbers; without, they are placeholders of the same
 * size, which is how the layout is learnt.
 */
async function writeReportPdf(
  content: ReportContent,
  layout: PdfLayout | null,
  progress: (share: number) => Promise<void>,
): Promise<{ bytes: Buffer; layout: PdfLayout }> {
  const { t } = readerText(content.language, 'report-documents');
  const generatedAt = content.dates.stamp(content.generatedAt);
  const { doc, pages, finish } = await startStreamedPdf({
    info: { Title: `${content.title} · ${content.organizationName}`, Author: content.generatedBy },
    footer: `${content.title} · ${content.organizationName}`,
    header: t('header', {
      organization: content.organizationName,
      period: content.period,
      generatedAt,
    }),
    pages: layout?.pages ?? 0,
    language: content.language,
  });
  const width = pdfContentWidth(doc);
  writePdfTitle(doc, content.title, content.organizationName);
  doc.moveDown(0.8);
  writePdfField(doc, t('meta.period'), content.period);
  writePdfField(doc, t('meta.scope'), content.scope);
  writePdfField(doc, t('meta.generatedAt'), generatedAt);
  writePdfField(doc, t('meta.generatedBy'), content.generatedBy);
  if (content.empty) {
    doc.moveDown(0.8);
    doc.font('bold').fontSize(11).fillColor(PDF_INK).text(t('empty'), { width });
  }
  doc.moveDown(1);
  doc.font('bold').fontSize(12).fillColor(PDF_INK).text(t('contents'), { width });
  // The table of contents, on the title page: one line per section, its first page on the right.
  let y = doc.y + 4;
  for (const [i, section] of content.sections.entries()) {
    doc.font('regular').fontSize(10).fillColor(PDF_INK);
    doc.text(section.heading, PDF_MARGIN, y, { width: width - 40, lineBreak: false });
    doc.text(String(layout?.starts[i] ?? 0), PDF_MARGIN + width - 40, y, {
      width: 40,
      align: 'right',
    });
    y += 16;
  }

  const starts: number[] = [];
  for (const [i, section] of content.sections.entries()) {
    // A table of many columns reads better across a landscape page.
    const wide = section.columns.length > 8;
    doc.addPage({ size: 'LETTER', layout: wide ? 'landscape' : 'portrait', margin: PDF_MARGIN });
    starts.push(pages());
    doc.font('bold').fontSize(14).fillColor(PDF_INK).text(section.heading, { width });
    doc.moveDown(0.3);
    for (const note of section.notes) {
      const code = note.includes('\n');
      doc
        .font(code ? 'Courier' : 'regular')
        .fontSize(code ? 7 : 9)
        .fillColor(code ? PDF_INK : PDF_MUTED)
        .text(note, { width });
      doc.moveDown(0.4);
    }
    const table = new PdfTable(
      doc,
      section.columns.map((c) => ({ header: c.header, share: c.share })),
      wide ? 7 : 8,
    );
    for await (const rows of section.rows()) {
      for (const row of rows) table.add(row.map((cell) => cellText(content, cell)));
    }
    await progress((i + 1) / content.sections.length);
  }
  const written = { starts, pages: pages() };
  return { bytes: await finish(), layout: written };
}

const sameLayout = (a: PdfLayout, b: PdfLayout) =>
  a.pages === b.pages && a.starts.every((start, i) => start === b.starts[i]);

/**
 * The report as a PDF in the house style: a title page with what it covers and a table of
 * contents, each section from a new page, a running header (organization, period, generation
 * time) and numbered pages. Written twice, streaming both times so memory does not grow with the
 * records: once to learn on which page each section starts and how many there are, then for
 * real. Should the records change in between and move a page, it is written again.
 */
export async function reportPdf(content: ReportContent, progress: Progress): Promise<Buffer> {
  let { layout } = await writeReportPdf(content, null, (share) => progress(Math.round(share * 45)));
  for (let attempt = 0; attempt < 3; attempt++) {
    const written = await writeReportPdf(content, layout, (share) =>
      progress(45 + Math.round(share * 45)),
    );
    if (sameLayout(written.layout, layout)) return written.bytes;
    layout = written.layout;
  }
  throw new Error('The records changed while the report was written three times over');
}

/**
 * The report as an Excel workbook, streamed to a buffer row by row: a Report sheet with what it
 * covers, then one sheet per section with frozen headers and filters, dates as dates and numbers
 * as numbers.
 */
export async function reportXlsx(content: ReportContent, progress: Progress): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const { PassThrough } = await import('node:stream');
  const { t } = readerText(content.language, 'report-documents');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'Centerline';
  workbook.created = content.generatedAt;

  const cover = workbook.addWorksheet(t('sheets.summary'));
  cover.columns = [
    { key: 'k', width: 24 },
    { key: 'v', width: 70 },
  ];
  const title = cover.addRow([content.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  cover.addRow([content.organizationName]).commit();
  cover.addRow([t('meta.period'), content.period]).commit();
  cover.addRow([t('meta.scope'), content.scope]).commit();
  const generated = cover.addRow([t('meta.generatedAt'), content.generatedAt]);
  generated.getCell(2).numFmt = 'yyyy-mm-dd hh:mm:ss "UTC"';
  generated.commit();
  cover.addRow([t('meta.generatedBy'), content.generatedBy]).commit();
  if (content.empty) cover.addRow([t('empty')]).commit();
  for (const section of content.sections) {
    for (const note of section.notes) cover.addRow([section.heading, note]).commit();
  }
  cover.commit();

  for (const [i, section] of content.sections.entries()) {
    const sheet = workbook.addWorksheet(section.sheet.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = section.columns.map((c) => ({ header: c.header, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: 1, column: section.columns.length },
    };
    for await (const rows of section.rows()) {
      for (const cells of rows) {
        const row = sheet.addRow(
          cells.map((cell) =>
            cell.kind === 'text'
              ? safeText(cell.value)
              : cell.kind === 'day'
                ? new Date(`${cell.value}T00:00:00Z`)
                : cell.value,
          ),
        );
        cells.forEach((cell, c) => {
          if (cell.kind === 'day') row.getCell(c + 1).numFmt = 'yyyy-mm-dd';
          if (cell.kind === 'time') row.getCell(c + 1).numFmt = 'yyyy-mm-dd hh:mm:ss "UTC"';
        });
        row.commit();
      }
    }
    sheet.commit();
    await progress(Math.round(((i + 1) / content.sections.length) * 90));
  }
  await workbook.commit();
  return Buffer.concat(chunks);
}
