import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyInclusion } from '@shared/ledger/merkle';
import { auditLogs, ledgerLeaves } from '../../db/schema';
import {
  createDocument,
  daysFromToday,
  FRENCH_READER,
  organizationWithRoles,
  savePreferences,
  withCookie,
} from '../../test/factories';
import { download, pdfText } from '../../test/files';
import { DRIVERS, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';

const COURSE = 'CE-525 Initial Type Rating';

describe.each(DRIVERS)('instructor file PDF (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  /** A designated instructor whose 142.53(a)(2) ground course is overdue, with evidence. */
  async function overdueFile() {
    const org = await organizationWithRoles(server);
    const admin = org.clients.admin;
    const event = await createEvent(admin, { course: COURSE });
    const document = await createDocument(server.db, org.organization.id);
    const created = await admin.post('/api/instructors', {
      name: 'Jordan Pilot',
      role: 'both',
      employedFrom: daysFromToday(-900),
      certificates: 'ATP 1234567, first-class medical',
      userId: org.members.instructor!.id,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (const [kind, days, extra] of [
      ['pre_designation_ground_142_47_c1', -800, {}],
      ['pre_designation_test_142_47_c2', -799, { documentId: document.id }],
      [
        'designation_142_47_b',
        -790,
        { course: COURSE, device: 'FFS Level D', documentId: document.id },
      ],
      ['instruction_demonstration_142_53_a1', -30, { trainingEventId: event.id }],
      ['recurrent_ground_142_53_a2', -500, {}],
      ['device_training_142_53_a3', -30, {}],
      ['written_test_142_53_a7', -30, {}],
      ['proficiency_check_142_53_a7', -30, { trainingEventId: event.id }],
    ] as const) {
      const res = await admin.post(`/api/instructors/${id}/qualifications`, {
        kind,
        completedAt: daysFromToday(days),
        ...extra,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    return { ...org, id, document, event };
  }

  /** The file's ledger leaves as the database holds them, oldest first. */
  function leavesOf(organizationId: string, fileId: string) {
    return server.db
      .select({ index: ledgerLeaves.leafIndex, hash: ledgerLeaves.leafHash })
      .from(auditLogs)
      .innerJoin(
        ledgerLeaves,
        and(
          eq(ledgerLeaves.organizationId, auditLogs.organizationId),
          eq(ledgerLeaves.recordId, auditLogs.id),
        ),
      )
      .where(
        and(
          eq(auditLogs.organizationId, organizationId),
          sql`${auditLogs.details}->>'instructorFileId' = ${fileId}`,
        ),
      )
      .orderBy(asc(ledgerLeaves.leafIndex));
  }

  const pdfOf = async (client: TestClient, id: string) => {
    const res = await download(server, client, `/api/instructors/${id}/file.pdf`);
    return { ...res, text: (await pdfText(res.bytes)).replace(/\s+/g, ' ') };
  };

  it('prints the person, the deciding paragraph, every requirement and designation', async () => {
    const { clients, id, organization, document, event } = await overdueFile();
    const file = (await clients.auditor.get(`/api/instructors/${id}`)).body;
    expect(file.status).toBe('overdue');

    const res = await pdfOf(clients.auditor, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="instructor-file-jordan-pilot-v9\.pdf"/,
    );
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const { text } = res;
    expect(text).toContain('Instructor file: Jordan Pilot');
    expect(text).toContain(organization.name);
    expect(text).toContain('ATP 1234567, first-class medical');
    expect(text).toContain('Instructor and evaluator');
    expect(text).toContain('Overdue');
    expect(text).toContain(`Deciding paragraph: ${file.statusReason.paragraph}`);
    expect(file.statusReason.paragraph).toBe('142.53(a)(2)');
    for (const r of file.requirements as { paragraph: string; reason: string }[]) {
      expect(text).toContain(r.paragraph);
      // The days of a reason in the reader's date format (the default, MM/DD/YYYY, here).
      expect(text).toContain(r.reason.replace(/(\d{4})-(\d{2})-(\d{2})/g, '$2/$3/$1'));
    }
    expect(text).toContain(COURSE);
    expect(text).toContain('FFS Level D');
    expect(text).toContain(`Document ${document.originalName}`);
    expect(text).toContain(event.studentName);
    expect(text).toContain('Retain until: still employed');
  });

  it('writes its headings and labels in the reader’s language, names and paragraphs as they are', async () => {
    const { clients, id, document } = await overdueFile();
    await savePreferences(clients.auditor, FRENCH_READER);
    const { text } = await pdfOf(clients.auditor, id);
    expect(text).toContain('Dossier d’instructeur : Jordan Pilot');
    expect(text).toContain(
      'Dossier d’un instructeur ou d’un évaluateur au titre du 14 CFR 142.73(b), version 9',
    );
    expect(text).toContain('Fonction : Instructeur et évaluateur');
    expect(text).toContain('Certificats et aptitude médicale : ATP 1234567, first-class medical');
    expect(text).toContain('Échu');
    expect(text).toContain('Paragraphe déterminant : 142.53(a)(2)');
    expect(text).toContain('Cours théorique pour instructeurs');
    expect(text).toContain('Désignations, 142.47(b)');
    expect(text).toContain(`Document ${document.originalName}`);
    expect(text).toContain('Conserver jusqu’au : toujours en poste');
    expect(text).toContain('Preuves du registre');
    expect(text).toContain('reproduit en anglais, tel que publié par la FAA');
    expect(text).toMatch(
      /Enregistrements et entrées d’audit du registre : \d+ \(racine [0-9a-f]{64}\)/,
    );
    expect(text).toMatch(/page 1 sur \d+/);
    expect(text).not.toContain('Retain until');
  });

  it('writes its dates in the reader’s timezone and date format', async () => {
    const { clients, id } = await overdueFile();
    const saved = await clients.auditor.request('PUT', '/api/settings/preferences', {
      json: {
        timezone: 'Europe/Paris',
        language: 'en',
        theme: 'light',
        dateFormat: 'DD/MM/YYYY',
        notifications: {
          email: true,
          complianceAlerts: true,
          documentUpdates: true,
          systemMaintenance: false,
        },
        autoLogoutMinutes: 30,
      },
    });
    expect(saved.status).toBe(200);
    const file = (await clients.auditor.get(`/api/instructors/${id}`)).body;
    const before = new Date();
    const { text } = await pdfOf(clients.auditor, id);
    const paris = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(before)
      .replace(',', '');
    // Generated in Paris time with the zone named (the minute may turn during the request).
    expect(text).toMatch(new RegExp(`Generated ${paris.slice(0, 11)}\\d\\d:\\d\\d GMT\\+[12] by`));
    const ground = (file.requirements as { paragraph: string; lastCompleted: string }[]).find(
      (r) => r.paragraph === '142.53(a)(2)',
    )!;
    const [y, m, d] = ground.lastCompleted.split('-');
    expect(text).toContain(`${d}/${m}/${y}`);
    expect(text).not.toContain(ground.lastCompleted);
  });

  it('proves every change of the file against the signed checkpoint it prints', async () => {
    const { clients, id, organization } = await overdueFile();
    const { text } = await pdfOf(clients.admin, id);
    const leaves = await leavesOf(organization.id, id);
    expect(leaves).toHaveLength(9);
    for (const leaf of leaves) {
      expect(text).toContain(`Leaf ${leaf.index} `);
      expect(text).toContain(`leaf hash ${leaf.hash}`);
    }

    const [, size, root] =
      /Records and audit entries in the log: (\d+) \(root ([0-9a-f]{64})\)/.exec(text)!;
    // The root printed is the one the checkpoint note signs (its third line, in base64).
    expect(text).toContain(Buffer.from(root!, 'hex').toString('base64'));
    for (const leaf of [leaves[0]!, leaves.at(-1)!]) {
      const start = text.indexOf(`Leaf ${leaf.index} `);
      const next = text.indexOf('Leaf ', start + 1);
      const section = text.slice(start, next === -1 ? undefined : next);
      const leafHash = /leaf hash ([0-9a-f]{64})/.exec(section)![1]!;
      const path = [...section.matchAll(/path \d+ ([0-9a-f]{64})/g)].map((m) => m[1]!);
      expect(leafHash).toBe(leaf.hash);
      expect(verifyInclusion(leafHash, leaf.index, Number(size), path, root!)).toBe(true);
      // One altered hash in the path no longer reaches the root.
      if (path.length > 0) {
        const forged = [...path];
        forged[0] = forged[0]!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
        expect(verifyInclusion(leafHash, leaf.index, Number(size), forged, root!)).toBe(false);
      }
    }
  });

  it('is refused to a Viewer and without a session, and hides other organizations’ files', async () => {
    const { clients, id } = await overdueFile();
    expect((await download(server, clients.viewer, `/api/instructors/${id}/file.pdf`)).status).toBe(
      403,
    );
    expect(
      (await download(server, withCookie(server, null), `/api/instructors/${id}/file.pdf`)).status,
    ).toBe(401);
    const other = await organizationWithRoles(server);
    const foreign = await download(server, other.clients.admin, `/api/instructors/${id}/file.pdf`);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/application\/json/);
  });
});
