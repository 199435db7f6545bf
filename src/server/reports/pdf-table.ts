import { PDF_INK, PDF_MARGIN, PDF_MUTED, pdfContentWidth } from './pdf';

export interface PdfColumn {
  header: string;
  /** Share of the content width; the shares of a table add up to 1. */
  share: number;
}

const BORDER = '#cbd5e1';
const PADDING = 3;

/**
 * A table in the house style: bold header row repeated at the top of every page it runs onto,
 * cells wrapped to their column, a hairline under each row. Rows are written as they come, so a
 * caller can stream thousands of them page by page.
 */
export class PdfTable {
  private readonly widths: number[];

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly columns: PdfColumn[],
    private readonly fontSize = 8,
  ) {
    const width = pdfContentWidth(doc);
    this.widths = columns.map((c) => c.share * width);
    this.writeRow(
      columns.map((c) => c.header),
      true,
    );
  }

  private heightOf(cells: string[], bold: boolean): number {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(this.fontSize);
    return (
      Math.max(
        ...cells.map((cell, i) =>
          this.doc.heightOfString(cell || ' ', { width: this.widths[i]! - PADDING * 2 }),
        ),
      ) +
      PADDING * 2
    );
  }

  private writeRow(cells: string[], header = false) {
    const doc = this.doc;
    const height = this.heightOf(cells, header);
    if (doc.y + height > doc.page.height - PDF_MARGIN - 10) {
      // The next page keeps this one's orientation (wide tables run on landscape pages).
      doc.addPage({
        size: 'LETTER',
        layout: doc.page.layout as 'portrait' | 'landscape',
        margin: PDF_MARGIN,
      });
      if (!header)
        this.writeRow(
          this.columns.map((c) => c.header),
          true,
        );
    }
    const top = doc.y;
    let x = PDF_MARGIN;
    doc
      .font(header ? 'bold' : 'regular')
      .fontSize(this.fontSize)
      .fillColor(header ? PDF_MUTED : PDF_INK);
    cells.forEach((cell, i) => {
      const width = this.widths[i]!;
      doc.text(cell, x + PADDING, top + PADDING, { width: width - PADDING * 2 });
      x += width;
    });
    doc
      .moveTo(PDF_MARGIN, top + height)
      .lineTo(PDF_MARGIN + pdfContentWidth(doc), top + height)
      .lineWidth(header ? 0.8 : 0.3)
      .strokeColor(BORDER)
      .stroke();
    doc.x = PDF_MARGIN;
    doc.y = top + height;
  }

  add(cells: string[]) {
    this.writeRow(cells);
  }
}
