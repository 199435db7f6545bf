import { execFileSync } from 'node:child_process';
import type { Role } from '@shared/constants/roles';
import type { Actor } from '../../http/actor';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import type { TestClient, TestServer } from '../../test/harness';

/** An organization with one signed-in client per role. */
export async function organizationWithRoles(server: TestServer) {
  const org = await createOrganization(server.db);
  const admin = await signedIn(server, org.email);
  const clients: Record<Role, TestClient> = { admin } as Record<Role, TestClient>;
  const members: Partial<Record<Role, { id: string; email: string }>> = {
    admin: { id: org.admin.id, email: org.email },
  };
  for (const role of ['instructor', 'auditor', 'viewer'] as const) {
    const { user, email } = await createMember(server.db, org.organization.id, role);
    clients[role] = await signedIn(server, email);
    members[role] = { id: user.id, email };
  }
  return { ...org, clients, members };
}

/** The actor a service sees for the organization's admin. */
export function actorFor(org: Awaited<ReturnType<typeof createOrganization>>): Actor {
  return {
    userId: org.admin.id,
    organizationId: org.organization.id,
    role: 'admin',
    email: org.email,
    firstName: org.admin.firstName,
    lastName: org.admin.lastName,
    organizationName: org.organization.name,
    organizationPlan: 'training-center',
    autoLogoutMinutes: 30,
  };
}

/** Sends raw bytes (a CSV or XLSX file) the way the import screen does. */
export async function postFile(
  server: TestServer,
  client: TestClient,
  path: string,
  bytes: Buffer | string,
  contentType = 'text/csv',
) {
  const res = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie: client.cookie ?? '' },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
  return { status: res.status, body: body as any };
}

/** GET returning the raw bytes and headers (exports). */
export async function download(server: TestServer, client: TestClient, path: string) {
  const res = await fetch(server.baseUrl + path, { headers: { cookie: client.cookie ?? '' } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

let pdftotext: boolean | undefined;

/** The text of a PDF as a reader sees it: pdftotext when installed, pdfjs-dist otherwise. */
export async function pdfText(bytes: Buffer): Promise<string> {
  if (pdftotext === undefined) {
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
      pdftotext = true;
    } catch {
      pdftotext = false;
    }
  }
  if (pdftotext) return execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return pages.join('\n');
}
