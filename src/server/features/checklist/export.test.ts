import ExcelJS from 'exceljs';
import type { LedgerPublicKey } from '@shared/api/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDocument,
  FRENCH_READER,
  organizationWithRoles,
  savePreferences,
} from '../../test/factories';
import { download, pdfText, postFile } from '../../test/files';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';

describe.each(DRIVERS)('checklist export (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  /** An organization whose 1-03 is answered in full, with one document attached. */
  async function answered() {
    const org = await organizationWithRoles(server);
    const document = await createDocument(server.db, org.organization.id);
    await org.clients.admin.patch('/api/checklist/1-03', {
      revision: 0,
      status: 'non-compliant',
      comments: 'Evaluator roster reviewed on site — Zürich satellite included.',
      findings: 'Two checks exceeded 7 calendar days in March.',
    });
    await org.clients.admin.post('/api/checklist/1-03/evidence', { documentId: document.id });
    await org.clients.admin.patch('/api/checklist/7-07', { revision: 0, status: 'compliant' });
    return { ...org, document };
  }

  it('exports the whole checklist as a PDF with responses, evidence and the generation time', async () => {
    const { clients, organization, document } = await answered();
    const before = Date.now();
    const res = await download(server, clients.auditor, '/api/checklist/export?format=pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="part142-checklist-\d{8}T\d{4}Z\.pdf"$/,
    );
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const text = (await pdfText(res.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Part 142 Compliance Checklist');
    expect(text).toContain(organization.name);
    // The reader's default preferences: Eastern time, month first, the zone named.
    const [month, day, year] = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .format(before)
      .split('/');
    expect(text).toMatch(
      new RegExp(`Generated ${month}/${day}/${year} \\d\\d:\\d\\d [AP]M E[SD]T by Auditor Tester`),
    );
    expect(text).toContain('1 compliant');
    expect(text).toContain('1-03 Non-compliant');
    expect(text).toContain('Zürich satellite included');
    expect(text).toContain('Two checks exceeded 7 calendar days in March.');
    expect(text).toContain(`Evidence: ${document.originalName}`);
    expect(text).toContain('14 CFR 142.13(b); FAA Order 8900.1 V3 C54 S2 P3-4355');
    expect(text).toContain('10-20 Pending');
    expect(text).toMatch(/page 1 of \d+/);
    // The ledger as of the report: the key's fingerprint and the signed checkpoint.
    const key = (await clients.auditor.get<LedgerPublicKey>('/api/ledger/public-key')).body;
    expect(text).toContain('Ledger checkpoint');
    expect(text).toContain(`Signing key fingerprint: ${key.fingerprint}`);
    expect(text).toContain(key.origin);
  });

  it('exports an Excel workbook with one row per item, the evidence and a summary', async () => {
    const { clients, document } = await answered();
    const res = await download(server, clients.instructor, '/api/checklist/export?format=xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Checklist')!;
    expect(sheet.rowCount).toBe(201);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Area',
      'Item Number',
      'Description',
      'Reference',
      'Status',
      'Comments',
      'Findings',
      'Evidence',
      'Last Updated',
      'Updated By',
    ]);
    const row = sheet.getRow(4);
    expect(row.getCell(2).value).toBe('1-03');
    expect(row.getCell(5).value).toBe('Non-compliant');
    expect(row.getCell(7).value).toBe('Two checks exceeded 7 calendar days in March.');
    expect(row.getCell(8).value).toBe(document.originalName);
    expect(book.getWorksheet('Evidence')!.getRow(2).getCell(3).value).toBe(document.id);
    const summary = book.getWorksheet('Summary')!;
    const lines = summary.getColumn(1).values.map(String);
    expect(lines).toContain('All areas');
    expect(
      lines.some((l) =>
        /^Generated: \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T by Instructor Tester$/.test(l),
      ),
    ).toBe(true);
  });

  /** Today in Paris, day first: what a French reader's file says it was generated on. */
  function parisDay(at: number) {
    const [day, month, year] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .format(at)
      .split('/');
    return `${day}/${month}/${year}`;
  }

  it('writes the PDF in the reader’s language, the FAA’s text kept in English', async () => {
    const { clients, organization, document } = await answered();
    await savePreferences(clients.auditor, FRENCH_READER);
    const before = Date.now();
    const res = await download(server, clients.auditor, '/api/checklist/export?format=pdf');
    expect(res.status).toBe(200);
    const text = (await pdfText(res.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Liste de contrôle de conformité à la partie 142');
    expect(text).toContain(organization.name);
    expect(text).toMatch(
      new RegExp(`Générée le ${parisDay(before)} \\d\\d:\\d\\d GMT\\+[12] par Auditor Tester`),
    );
    expect(text).toContain(
      'Le texte de la réglementation et de la liste de contrôle est reproduit en anglais, tel que publié par la FAA.',
    );
    expect(text).toContain('Domaines');
    expect(text).toContain('Domaine 1 : Management and Administration');
    expect(text).toContain('1 conforme');
    expect(text).toContain('1-03 Non conforme');
    expect(text).toContain('Constats : Two checks exceeded 7 calendar days in March.');
    expect(text).toContain(
      `Éléments probants : ${document.originalName} (joint le ${parisDay(before)}`,
    );
    expect(text).toContain('10-20 En attente');
    // The regulation's citation and the checklist's wording are the FAA's.
    expect(text).toContain('Référence : 14 CFR 142.13(b); FAA Order 8900.1 V3 C54 S2 P3-4355');
    expect(text).toMatch(/page 1 sur \d+/);
    expect(text).toContain('Point de contrôle du registre');
    expect(text).toContain('Empreinte de la clé de signature');
    expect(text).not.toContain('Compliance Checklist');
    expect(text).not.toMatch(/page 1 of/);
  });

  it('writes Excel sheets and columns in the reader’s language, and re-imports them', async () => {
    const { clients } = await answered();
    await savePreferences(clients.instructor, FRENCH_READER);
    const before = Date.now();
    const res = await download(server, clients.instructor, '/api/checklist/export?format=xlsx');
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Liste de contrôle',
      'Éléments probants',
      'Synthèse',
    ]);
    const sheet = book.getWorksheet('Liste de contrôle')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Domaine',
      'Numéro d’élément',
      'Description',
      'Référence',
      'Statut',
      'Commentaires',
      'Constats',
      'Éléments probants',
      'Dernière mise à jour',
      'Mis à jour par',
    ]);
    expect(sheet.getRow(4).getCell(5).value).toBe('Non conforme');
    expect(book.getWorksheet('Éléments probants')!.getRow(1).getCell(3).value).toBe(
      'Identifiant du document',
    );
    const summary = book.getWorksheet('Synthèse')!;
    expect(summary.getRow(1).getCell(5).value).toBe('Non conformes');
    const lines = summary.getColumn(1).values.map(String);
    expect(lines).toContain('Tous les domaines');
    expect(lines.some((l) => l.startsWith(`Générée le ${parisDay(before)} `))).toBe(true);
    expect(lines.some((l) => l.includes('reproduit en anglais'))).toBe(true);

    // The French workbook goes back in as it came out: every column known, nothing to change.
    const preview = await postFile(
      server,
      clients.instructor,
      '/api/checklist/import?dryRun=true',
      res.bytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.columns.used).toEqual([
      'Numéro d’élément',
      'Statut',
      'Commentaires',
      'Constats',
    ]);
    expect(preview.body.summary).toMatchObject({ rows: 200, changed: 0, errors: 0 });
  });

  it('writes the CSV header in Spanish, which imports back with its status words', async () => {
    const { clients } = await answered();
    await savePreferences(clients.admin, { language: 'es' });
    const csv = await download(server, clients.admin, '/api/checklist/export?format=csv');
    const text = csv.bytes.toString('utf8').replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe(
      '"Área","Número de elemento","Descripción","Referencia","Estado","Comentarios","Hallazgos","Evidencia","Última actualización","Actualizado por"',
    );
    expect(text).toContain('"1-03",');
    expect(text).toContain('"No conforme"');
    // A Spanish reader edits a status in their words and imports the file.
    const edited = text.replace(/^("[^"]*","1-04",(?:"[^"]*",){2})"Pendiente"/m, '$1"Parcial"');
    expect(edited).not.toBe(text);
    const preview = await postFile(
      server,
      clients.admin,
      '/api/checklist/import?dryRun=true',
      edited,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.summary).toMatchObject({ rows: 200, changed: 1, errors: 0 });
    expect(
      preview.body.rows.find((r: { itemNumber: string }) => r.itemNumber === '1-04'),
    ).toMatchObject({
      changes: [{ field: 'status', from: 'pending', to: 'partial' }],
    });
  });

  it('exports CSV, refuses Viewers and unknown formats', async () => {
    const { clients } = await answered();
    const csv = await download(server, clients.admin, '/api/checklist/export?format=csv');
    expect(csv.status).toBe(200);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(201);
    expect(lines[0]).toBe(
      '"Area","Item Number","Description","Reference","Status","Comments","Findings","Evidence","Last Updated","Updated By"',
    );
    expect(
      (await download(server, clients.viewer, '/api/checklist/export?format=pdf')).status,
    ).toBe(403);
    const bad = await clients.admin.get('/api/checklist/export?format=docx');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('Format must be pdf, xlsx or csv');
  });
});
