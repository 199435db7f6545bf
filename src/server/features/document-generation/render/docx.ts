import type * as DocxModule from 'docx';
import type { Paragraph, Table } from 'docx';
import { DRAFT_MARKER } from '@shared/api/document-generation';
import type { DraftDocument, TemplateTable } from '../templates/types';
import { basisLine } from './text';

const MUTED = '475569';

type Docx = typeof DocxModule;

function table(
  { Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType }: Docx,
  { header, rows }: TemplateTable,
): Table {
  const cell = (text: string, bold = false) =>
    new TableCell({
      children: [new Paragraph({ children: [new TextRun({ text, bold, size: 18 })] })],
      shading: bold ? { type: ShadingType.CLEAR, color: 'auto', fill: 'E2E8F0' } : undefined,
      margins: { top: 60, bottom: 60, left: 80, right: 80 },
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) }),
      ...rows.map((row) => new TableRow({ children: row.map((c) => cell(c)) })),
    ],
  });
}

/** The generated document as a Word file, for the centre to edit and adopt. */
export async function renderDocx(draft: DraftDocument): Promise<Buffer> {
  // Loaded on the first Word file, not at every start of the server.
  const docx = await import('docx');
  const { AlignmentType, BorderStyle, Document, HeadingLevel, Packer, Paragraph, TextRun } = docx;
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, text: draft.title }),
    new Paragraph({ children: [new TextRun({ text: draft.organizationName, size: 26 })] }),
    new Paragraph({
      spacing: { before: 160, after: 80 },
      border: {
        left: { style: BorderStyle.SINGLE, size: 18, color: 'B45309', space: 6 },
      },
      children: [new TextRun({ text: DRAFT_MARKER, bold: true, color: 'B45309' })],
    }),
    new Paragraph({
      children: [
        new TextRun({
          text: `Generated ${draft.generatedOn}. ${basisLine(draft)}.`,
          color: MUTED,
          size: 18,
        }),
      ],
    }),
  ];
  draft.sections.forEach((section, index) => {
    children.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, text: `${index + 1}. ${section.heading}` }),
    );
    for (const text of section.paragraphs) {
      children.push(
        new Paragraph({ text, spacing: { after: 120 }, alignment: AlignmentType.LEFT }),
      );
    }
    for (const bullet of section.bullets ?? []) {
      children.push(new Paragraph({ text: bullet, bullet: { level: 0 } }));
    }
    if (section.table) {
      children.push(table(docx, section.table), new Paragraph({ text: '' }));
    }
  });
  const document = new Document({
    creator: 'Centerline',
    title: `${draft.title} — ${draft.organizationName}`,
    description: DRAFT_MARKER,
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
