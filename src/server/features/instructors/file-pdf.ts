import type { InstructorStatus } from '@shared/api/instructors';
import { readerText, type Text } from '../../i18n/index';
import {
  englishSourceNote,
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

function writePerson(doc: PDFKit.PDFDocument, t: Text, report: InstructorFileReport) {
  const { file, people, dates } = report;
  const yesNo = (value: boolean) => t(value ? 'person.yes' : 'person.no');
  writeHeading(doc, t('person.heading'));
  writePdfField(doc, t('person.name'), file.name);
  writePdfField(doc, t('person.role'), t(`roles.${file.role}`));
  writePdfField(
    doc,
    t('person.employed'),
    file.employedUntil
      ? t('person.employedUntil', {
          from: dates.day(file.employedFrom),
          until: dates.day(file.employedUntil),
        })
      : t('person.stillEmployed', { from: dates.day(file.employedFrom) }),
  );
  writePdfField(doc, t('person.certificates'), file.certificates ?? t('person.noneRecorded'));
  writePdfField(
    doc,
    t('person.linkedUser'),
    file.userId ? (people.get(file.userId) ?? file.userId) : t('person.noAccount'),
  );
  writePdfField(doc, t('person.aircraft'), yesNo(file.instructsInAircraft));
  writePdfField(doc, t('person.atpSimulator'), yesNo(file.atpSimulator));
  if (file.notes) writePdfField(doc, t('person.notes'), file.notes);
}

function writeStatus(
  doc: PDFKit.PDFDocument,
  t: Text,
  { file, generatedAt, dates }: InstructorFileReport,
) {
  const day = (value: string | null) => (value ? dates.day(value) : '—');
  const status = (value: InstructorStatus) => t(`statuses.${value}`);
  writeHeading(doc, t('status.heading'));
  doc.font('bold').fontSize(11).fillColor(STATUS_COLOURS[file.status]);
  doc.text(status(file.status), { width: pdfContentWidth(doc) });
  writePdfField(doc, t('status.decidingParagraph'), file.statusReason.paragraph);
  writePdfField(doc, t('status.reason'), dates.inText(file.statusReason.message));
  writePdfField(
    doc,
    t('status.nextDue'),
    file.nextDue ? dates.day(file.nextDue) : t('status.nothingDue'),
  );
  writeNote(doc, t('status.clocks', { day: dates.day(generatedAt.toISOString().slice(0, 10)) }));
  writeHeading(doc, t('requirements.heading'));
  writeTable(
    doc,
    [
      { header: t('requirements.requirement'), width: 0.2 },
      { header: t('requirements.paragraph'), width: 0.11 },
      { header: t('requirements.lastCompleted'), width: 0.1 },
      { header: t('requirements.nextDue'), width: 0.1 },
      { header: t('requirements.graceUntil'), width: 0.1 },
      { header: t('requirements.status'), width: 0.1 },
      { header: t('requirements.reason'), width: 0.29 },
    ],
    file.requirements.map((r) => [
      t(`labels.${r.requirement}`),
      r.paragraph,
      day(r.lastCompleted),
      day(r.nextDue),
      day(r.graceUntil),
      status(r.status),
      dates.inText(r.reason),
    ]),
  );
}

function writeHistory(
  doc: PDFKit.PDFDocument,
  t: Text,
  { file, evidence, people, dates }: InstructorFileReport,
) {
  const evidenceOf = (ids: (string | null)[]) =>
    ids
      .filter((id): id is string => id !== null)
      .map((id) => dates.inText(evidence.get(id) ?? id))
      .join('; ') || t('evidence.none');

  writeHeading(doc, t('designations.heading'));
  if (file.designations.length === 0) writeNote(doc, t('designations.none'));
  else {
    writeTable(
      doc,
      [
        { header: t('designations.course'), width: 0.3 },
        { header: t('designations.device'), width: 0.2 },
        { header: t('designations.designated'), width: 0.12 },
        { header: t('designations.evidence'), width: 0.38 },
      ],
      file.designations.map((d) => [
        d.course,
        d.device ?? '—',
        dates.day(d.designatedAt),
        evidenceOf([d.evidence.documentId, d.evidence.trainingEventId]),
      ]),
    );
  }

  writeHeading(doc, t('qualifications.heading'));
  if (file.qualifications.length === 0) writeNote(doc, t('qualifications.none'));
  else {
    writeNote(doc, t('qualifications.oldestFirst'));
    writeTable(
      doc,
      [
        { header: t('qualifications.event'), width: 0.22 },
        { header: t('qualifications.paragraph'), width: 0.11 },
        { header: t('qualifications.date'), width: 0.1 },
        { header: t('qualifications.courseDevice'), width: 0.16 },
        { header: t('qualifications.evidence'), width: 0.26 },
        { header: t('qualifications.recordedBy'), width: 0.15 },
      ],
      [...file.qualifications]
        .reverse()
        .map((q) => [
          t(`labels.${q.kind}`),
          q.paragraph,
          dates.day(q.completedAt),
          [q.course, q.device].filter((v) => v).join(' / ') || '—',
          evidenceOf([q.documentId, q.trainingEventId]),
          q.recordedBy ? (people.get(q.recordedBy) ?? q.recordedBy) : '—',
        ]),
    );
  }

  writeHeading(doc, t('retention.heading'));
  writePdfField(
    doc,
    t('retention.retainUntil'),
    (file.retainUntil && dates.day(file.retainUntil)) ?? t('retention.stillEmployed'),
  );
}

function writeProofs(doc: PDFKit.PDFDocument, t: Text, { proofs, ledger }: InstructorFileReport) {
  const width = pdfContentWidth(doc);
  writeHeading(doc, t('proofs.heading'));
  writeNote(doc, t('proofs.note', { count: ledger.treeSize, root: ledger.rootHash }));
  for (const p of proofs) {
    keepOnPage(doc, 45 + p.auditPath.length * 9);
    doc.moveDown(0.4);
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(PDF_INK)
      .text(t('proofs.leaf', { index: p.leafIndex }), { width, continued: true });
    const version = p.version === null ? '' : t('proofs.version', { version: p.version });
    doc
      .font('regular')
      .fillColor(PDF_MUTED)
      .text(`  ·  ${p.action}${version}  ·  ${utcStamp(p.recordedAt)}`);
    doc.font('Courier').fontSize(7.5).fillColor(PDF_INK);
    doc.text(t('proofs.auditEntry', { id: p.auditLogId }), { width });
    doc.text(t('proofs.leafHash', { hash: p.leafHash }), { width });
    if (p.auditPath.length === 0) doc.text(t('proofs.noPath'), { width });
    p.auditPath.forEach((hash, i) => doc.text(t('proofs.path', { step: i + 1, hash }), { width }));
  }
  doc.font('regular');
}

/** One person's 142.73(b) file as an inspector reads it, ending with its ledger proofs. */
export async function instructorFilePdf(report: InstructorFileReport): Promise<Buffer> {
  const { file, organizationName: organization, generatedAt, generatedBy, language } = report;
  const { t } = readerText(language, 'instructor-file');
  const generated = report.dates.stamp(generatedAt);
  const { doc, finish } = await startPdf({
    info: {
      Title: t('documentTitle', { name: file.name, organization }),
      Author: generatedBy,
      CreationDate: generatedAt,
    },
    footer: t('footer', { organization, name: file.name, version: file.version, stamp: generated }),
    language,
  });
  writePdfTitle(doc, t('title', { name: file.name }), organization);
  doc.moveDown(0.4);
  doc.fontSize(9).fillColor(PDF_MUTED);
  doc.text(t('record', { version: file.version }));
  doc.text(t('generated', { stamp: generated, name: generatedBy }));
  doc.text(t('lastChanged', { stamp: report.dates.stamp(file.updatedAt) }));
  const note = englishSourceNote(language);
  if (note) doc.text(`${note} ${t('englishNote')}`);
  writePerson(doc, t, report);
  writeStatus(doc, t, report);
  writeHistory(doc, t, report);
  writeProofs(doc, t, report);
  writeLedgerAnchor(doc, report.ledger, language);
  return finish();
}
