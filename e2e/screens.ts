import { expect, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers';
import PDFDocument from 'pdfkit';

/**
 * The screens the accessibility and language passes visit, and the data that gives the signed-in
 * screens tables and forms to draw rather than empty states.
 */

function certificatePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 72 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text('Training Completion Certificate', { align: 'center' }).moveDown(1.5);
    doc.fontSize(13);
    for (const [label, value] of [
      ['Student Name', 'Robin Ashby Pilot'],
      ['Certificate Number', '4567890'],
      ['Date of Birth', 'June 9, 1991'],
      ['Instructor', 'Morgan Lee'],
      ['Course', 'Citation CE-525 Initial Type Rating'],
      ['Training Date', '03/14/2025'],
    ]) {
      doc.text(`${label}: ${value}`).moveDown(0.6);
    }
    doc.end();
  });
}

/** Some data for the screens to show tables and forms rather than empty states. */
export async function seed(page: Page): Promise<{ documentId: string; eventId: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const events = [
    { status: 'completed', eventDate: '2025-03-01', eventType: 'Proficiency check' },
    { status: 'failed', eventDate: '2025-02-11', eventType: 'Recurrent' },
    { status: 'pending', eventDate: '2025-01-20', eventType: 'Ground school' },
  ];
  let eventId = '';
  for (const event of events) {
    const created = await page.request.post('/api/training-events', {
      data: {
        studentName: `Casey Wren ${suffix}`,
        licenseNumber: 'CPL-2231',
        course: 'B737 Type Rating',
        instructor: 'Dana Fox',
        ...event,
      },
    });
    expect(created.status()).toBe(201);
    eventId ||= ((await created.json()) as { id: string }).id;
  }

  const upload = await page.request.post('/api/documents/upload', {
    multipart: {
      file: {
        name: `certificate-${suffix}.pdf`,
        mimeType: 'application/pdf',
        buffer: await certificatePdf(),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const { id: documentId } = (await upload.json()) as { id: string };
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/documents/${documentId}`)).json()) as {
            status: string;
          }
        ).status,
      { timeout: 90_000 },
    )
    .toMatch(/processed|validated/);

  // A second person for the Users table, unless an earlier run (or spec) added one.
  const users = (await (await page.request.get('/api/users')).json()) as unknown[];
  if (users.length < 2) {
    const invite = await page.request.post('/api/users', {
      data: {
        email: `viewer-${suffix}@centerline.test`,
        firstName: 'Jules',
        lastName: `Viewer ${suffix}`,
        role: 'viewer',
      },
    });
    expect(invite.status()).toBe(201);
  }

  // Results for the audit assistant and document generation screens.
  expect((await page.request.post('/api/audit/analyze-compliance')).ok()).toBe(true);
  expect(
    (
      await page.request.post('/api/audit/analyze-with-generation', {
        data: { organizationId: 'default-org' },
      })
    ).ok(),
  ).toBe(true);
  return { documentId, eventId };
}

export const PUBLIC_SCREENS: [path: string, screen: string][] = [
  ['/', 'landing'],
  ['/home', 'home'],
  ['/pricing', 'pricing'],
  ['/tutorials', 'tutorials'],
  ['/getting-started', 'getting started, Quick Start'],
  ['/getting-started?tab=tutorials', 'getting started, Video Tutorials'],
  ['/getting-started?tab=faq', 'getting started, FAQ'],
  ['/getting-started?tab=support', 'getting started, Support'],
  ['/debug-sidebar', 'debug sidebar'],
  ['/test-checklist', 'checklist test page'],
  ['/api/login', 'sign-in'],
  ['/api/login?plan=trial', 'sign-in with a plan'],
  ['/setup', 'setup'],
  ['/invite?token=an-invitation-token-that-does-not-exist', 'invitation, unknown token'],
  ['/reset-password', 'forgotten password'],
  ['/reset-password?token=a-reset-link-token', 'new password from a link'],
  ['/confirm-email?token=an-e-mail-change-token', 'e-mail confirmation'],
  ['/signup', 'trial sign-up'],
  ['/no-such-screen', 'not found'],
];

export const APP_SCREENS: [path: string, screen: string][] = [
  ['/', 'dashboard'],
  ['/far-compliance', 'FAR compliance'],
  ['/ai-audit-compliance', 'audit assistant'],
  ['/document-generation', 'document generation'],
  ['/fleet-insight', 'fleet insight'],
  ['/compliance-checklist', 'Part 142 checklist'],
  ['/regulatory-compliance', 'regulatory monitor'],
  ['/regulatory-alerts', 'regulatory alerts'],
  ['/link-monitor', 'link monitor'],
  ['/document-import', 'document import'],
  ['/documents/{document}', 'a document'],
  ['/compliance-records', 'compliance records'],
  ['/compliance-records/import', 'training event import'],
  ['/compliance-records/{event}', 'a training event'],
  ['/instructors', 'instructors'],
  ['/admin-dashboard', 'admin dashboard'],
  ['/users', 'users'],
  ['/mobile-field', 'field operations'],
  ['/support', 'support'],
  ['/support/articles/proofs', 'a help article'],
  ['/settings', 'settings'],
  ['/ml-training', 'analytics'],
  ['/auditor-portal', 'auditor portal'],
];

/**
 * Signs the admin in in a fresh context, gives the screens data (`seed`) and saves the session
 * at `statePath` for the tests that use it; answers the seeded document and event ids.
 */
export async function signedInWithData(
  browser: Browser,
  statePath: string,
): Promise<{ document: string; event: string }> {
  // Not the saved session the tests use: that is what this writes.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await signIn(page);
    const { documentId, eventId } = await seed(page);
    await context.storageState({ path: statePath });
    return { document: documentId, event: eventId };
  } finally {
    await context.close();
  }
}
