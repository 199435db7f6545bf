import {
  QUALIFICATION_LABELS,
  type InstructorRole,
  type InstructorStatus,
} from '@shared/api/instructors';
import {
  keepOnPage,
  PDF_INK,
  PDF_MARGIN,
  PDF_MUTED,
  pdfContentWidth,
  startPdf,
  writeLedgerAnchor,
  writePdfField,
  writePdfTitle,
} from '../../reports/pdf';
import { utcStamp } from '../../reports/utc-stamp';
import type { InstructorFileReport } from './file-report';

const ROLE_LABELS: Record<InstructorRole, string> = {
  instructor: 'Instructor',
  evaluator: 'Evaluator',
  both: 'Instructor and evaluator',
};

const STATUS_LABELS: Record<InstructorStatus, string> = {
  current: 'Current',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  not_eligible: 'Not eligible',
};

/** The same colours as the compliance report's status words. */
const STATUS_COLOURS: Record<InstructorStatus, string> = {
  current: '#15803d',
  due_soon: '#a16207',
  overdue: '#b91c1c',
  not_eligible: '#b91c1c',
};

interface Column {
  header: string;
  /** Share of the content width. */
  width: number;
}

/** A ruled table whose header repeats on every page it runs onto. */
function writeTable(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]) {
  const total = pdfContentWidth(doc);
  const widths = columns.map((c) => c.width * total);
  const headers = columns.map((c) => c.header);
  const heightOf = (cells: string[], header: boolean) => {
    doc.font(header ? 'bold' : 'regular').fontSize(7.5);
    const lines = cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 6 }));
    return Math.max(...lines) + 6;
  };
  const writeRow = (cells: string[], header: boolean) => {
    const height = heightOf(cells, header);
    const top = doc.y;
    let x = PDF_MARGIN;
    cells.forEach((text, i) => {
      if (header) doc.rect(x, top, widths[i]!, height).fillColor('#e2e8f0').fill();
      doc.rect(x, top, widths[i]!, height).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
      doc.fillColor(PDF_INK).text(text, x + 3, top + 3, { width: widths[i]! - 6 });
      x += widths[i]!;
    });
    doc.x = PDF_MARGIN;
    doc.y = top + height;
  };
  keepOnPage(doc, heightOf(headers, true) + heightOf(rows[0] ?? headers, false));
  writeRow(headers, true);
  for (const row of rows) {
    if (doc.y + heightOf(row, false) > doc.page.height - PDF_MARGIN) {
      doc.addPage();
      writeRow(headers, true);
    }
    writeRow(row, false);
  }
}

function writeHeading(doc: PDFKit.PDFDocument, heading: string) {
  keepOnPage(doc, 80);
  doc.moveDown(0.9);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(PDF_INK)
    .text(heading, PDF_MARGIN, doc.y, {
      width: pdfContentWidth(doc),
    });
  doc.moveDown(0.3);
}

function writeNote(doc: PDFKit.PDFDocument, text: string) {
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(PDF_MUTED)
    .text(text, { width: pdfContentWidth(doc) });
  doc.moveDown(0.3);
}

function writePerson(doc: PDFKit.PDFDocument, report: InstructorFileReport) {
  const { file, people, dates } = report;
  writeHeading(doc, 'Person');
  writePdfField(doc, 'Name', file.name);
  writePdfField(doc, 'Role', ROLE_LABELS[file.role]);
  writePdfField(
    doc,
    'Employed',
    `from ${dates.day(file.employedFrom)}${file.employedUntil ? ` until ${dates.day(file.employedUntil)}` : ', still employed'}`,
  );
  writePdfField(doc, 'Certificates and medical', file.certificates ?? 'none recorded');
  writePdfField(
    doc,
    'Linked user',
    file.userId ? (people.get(file.userId) ?? file.userId) : 'none (no account in Centerline)',
  );
  writePdfField(
    doc,
    'Instructs in an aircraft, 142.53(a)(5)',
    file.instructsInAircraft ? 'yes' : 'no',
  );
  writePdfField(doc, 'ATP or type-rating simulator, 142.53(b)', file.atpSimulator ? 'yes' : 'no');
  if (file.notes) writePdfField(doc, 'Notes', file.notes);
}

function writeStatus(doc: PDFKit.PDFDocument, { file, generatedAt, dates }: InstructorFileReport) {
  const day = (value: string | null) => (value ? dates.day(value) : '—');
  writeHeading(doc, 'Status');
  doc.font('bold').fontSize(11).fillColor(STATUS_COLOURS[file.status]);
  doc.text(STATUS_LABELS[file.status], { width: pdfContentWidth(doc) });
  writePdfField(doc, 'Deciding paragraph', file.statusReason.paragraph);
  writePdfField(doc, 'Reason', dates.inText(file.statusReason.message));
  writePdfField(doc, 'Next due', file.nextDue ? dates.day(file.nextDue) : 'nothing falls due');
  writeNote(
    doc,
    `Clocks computed on ${dates.day(generatedAt.toISOString().slice(0, 10))} (the UTC day).`,
  );
  writeHeading(doc, 'Requirements');
  writeTable(
    doc,
    [
      { header: 'Requirement', width: 0.2 },
      { header: 'Paragraph', width: 0.11 },
      { header: 'Last completed', width: 0.1 },
      { header: 'Next due', width: 0.1 },
      { header: 'Grace until', width: 0.1 },
      { header: 'Status', width: 0.1 },
      { header: 'Reason', width: 0.29 },
    ],
    file.requirements.map((r) => [
      r.label,
      r.paragraph,
      day(r.lastCompleted),
      day(r.nextDue),
      day(r.graceUntil),
      STATUS_LABELS[r.status],
      dates.inText(r.reason),
    ]),
  );
}

function writeHistory(
  doc: PDFKit.PDFDocument,
  { file, evidence, people, dates }: InstructorFileReport,
) {
  const evidenceOf = (ids: (string | null)[]) =>
    ids
      .filter((id): id is string => id !== null)
      .map((id) => dates.inText(evidence.get(id) ?? id))
      .join('; ') || 'none attached';

  writeHeading(doc, 'Designations, 142.47(b)');
  if (file.designations.length === 0) writeNote(doc, 'Not designated in writing for any course.');
  else {
    writeTable(
      doc,
      [
        { header: 'Course', width: 0.3 },
        { header: 'Device', width: 0.2 },
        { header: 'Designated', width: 0.12 },
        { header: 'Evidence', width: 0.38 },
      ],
      file.designations.map((d) => [
        d.course,
        d.device ?? '—',
        dates.day(d.designatedAt),
        evidenceOf([d.evidence.documentId, d.evidence.trainingEventId]),
      ]),
    );
  }

  writeHeading(doc, 'Qualification events');
  if (file.qualifications.length === 0) writeNote(doc, 'No qualification event recorded.');
  else {
    writeNote(doc, 'Oldest first.');
    writeTable(
      doc,
      [
        { header: 'Event', width: 0.22 },
        { header: 'Paragraph', width: 0.11 },
        { header: 'Date', width: 0.1 },
        { header: 'Course / device', width: 0.16 },
        { header: 'Evidence', width: 0.26 },
        { header: 'Recorded by', width: 0.15 },
      ],
      [...file.qualifications]
        .reverse()
        .map((q) => [
          QUALIFICATION_LABELS[q.kind],
          q.paragraph,
          dates.day(q.completedAt),
          [q.course, q.device].filter((v) => v).join(' / ') || '—',
          evidenceOf([q.documentId, q.trainingEventId]),
          q.recordedBy ? (people.get(q.recordedBy) ?? q.recordedBy) : '—',
        ]),
    );
  }

  writeHeading(doc, 'Retention, 142.73(c)(2)');
  writePdfField(
    doc,
    'Retain until',
    (file.retainUntil && dates.day(file.retainUntil)) ??
      'still employed: kept while employed and for one year after employment ends',
  );
}

function writeProofs(doc: PDFKit.PDFDocument, { proofs, ledger }: InstructorFileReport) {
  const width = pdfContentWidth(doc);
  writeHeading(doc, 'Ledger proofs');
  writeNote(
    doc,
    `Every change of this file is an audit entry, one leaf of the organization's ledger (an RFC 9162 ` +
      `Merkle tree). For each leaf: its index, its hash and its audit path in the tree of ` +
      `${ledger.treeSize} leaves, leaf level first. Hashing the leaf up its path (RFC 9162 ` +
      `§2.1.3.2) gives the root ${ledger.rootHash} of the signed checkpoint below.`,
  );
  for (const p of proofs) {
    keepOnPage(doc, 45 + p.auditPath.length * 9);
    doc.moveDown(0.4);
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(PDF_INK)
      .text(`Leaf ${p.leafIndex}`, { width, continued: true });
    doc
      .font('regular')
      .fillColor(PDF_MUTED)
      .text(
        `  ·  ${p.action}${p.version === null ? '' : `, version ${p.version}`}  ·  ${utcStamp(p.recordedAt)}`,
      );
    doc.font('Courier').fontSize(7.5).fillColor(PDF_INK);
    doc.text(`audit entry ${p.auditLogId}`, { width });
    doc.text(`leaf hash ${p.leafHash}`, { width });
    if (p.auditPath.length === 0) doc.text('path: none (the leaf is the whole tree)', { width });
    p.auditPath.forEach((hash, i) => doc.text(`path ${i + 1} ${hash}`, { width }));
  }
  doc.font('regular');
}

/** One person's 142.73(b) file as an inspector reads it, ending with its ledger proofs. */
export async function instructorFilePdf(report: InstructorFileReport): Promise<Buffer> {
  const { file, organizationName, generatedAt, generatedBy } = report;
  const { doc, finish } = await startPdf({
    info: {
      Title: `Instructor file, ${file.name} — ${organizationName}`,
      Author: generatedBy,
      CreationDate: generatedAt,
    },
    footer: `${organizationName} · Instructor file ${file.name}, version ${file.version} · generated ${report.dates.stamp(generatedAt)}`,
  });
  writePdfTitle(doc, `Instructor file: ${file.name}`, organizationName);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(PDF_MUTED);
  doc.text(`14 CFR 142.73(b) record of an instructor or evaluator, version ${file.version}`);
  doc.text(`Generated ${report.dates.stamp(generatedAt)} by ${generatedBy}`);
  doc.text(`Last changed ${report.dates.stamp(file.updatedAt)}`);
  writePerson(doc, report);
  writeStatus(doc, report);
  writeHistory(doc, report);
  writeProofs(doc, report);
  writeLedgerAnchor(doc, report.ledger);
  return finish();
}
