import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, supportMessages, supportTickets } from '../../db/schema';
import { startFakeChatServer, type FakeChatServer } from '../../test/fake-chat-server';
import {
  createMember,
  createOrganization,
  FRENCH_READER,
  savePreferences,
  signedIn,
} from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';

describe.each(DRIVERS)('support chat, help centre and tickets (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  async function organization() {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    const { user, email } = await createMember(server.db, org.organization.id, 'instructor');
    const instructor = await signedIn(server, email);
    return { ...org, admin, instructor, instructorUser: user };
  }

  it('answers "how do I prove a record wasn\'t changed?" from the proofs article, and saves both messages', async () => {
    const { instructor } = await organization();
    const res = await instructor.post('/api/support/chat', {
      message: "how do I prove a record wasn't changed?",
      sessionId: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.intent).toBe('proofs');
    expect(res.body.sources[0].articleId).toMatch(/^proofs/);
    expect(res.body.sources[0].url).toMatch(/^\/support\/articles\/proofs/);
    expect(res.body.content).toContain(res.body.sources[0].title);
    expect(res.body.ticket).toBeNull();

    const saved = await instructor.get(`/api/support/sessions/${res.body.sessionId}`);
    expect(saved.status).toBe(200);
    expect(saved.body.transcript.map((m: { author: string }) => m.author)).toEqual(['user', 'bot']);
    expect(saved.body.transcript[0].content).toBe("how do I prove a record wasn't changed?");
    expect(saved.body.transcript[1].sources).toEqual(res.body.sources);
  });

  it('keeps conversations across a restart, listed with their message count', async () => {
    const { instructor } = await organization();
    const asked = await instructor.post('/api/support/chat', {
      message: 'how do I invite a user?',
    });
    await server.app.close();
    server = await startTestServer(driver);
    const again = new TestClient(server.baseUrl);
    again.cookie = instructor.cookie;
    const list = await again.get('/api/support/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toEqual([
      expect.objectContaining({
        id: asked.body.sessionId,
        title: 'how do I invite a user?',
        messages: 2,
      }),
    ]);
  });

  it('does not greet "which report do I need?" and greets a plain hello', async () => {
    const { instructor } = await organization();
    const which = await instructor.post('/api/support/chat', {
      message: 'which report do I need?',
    });
    expect(which.body.intent).not.toBe('greeting');
    expect(which.body.intent).toBe('reports');
    const hello = await instructor.post('/api/support/chat', { message: 'Hello!' });
    expect(hello.body.intent).toBe('greeting');
    expect(hello.body.options).toHaveLength(5);
  });

  it('quotes prices and limits from the plan table, never invented', async () => {
    const { instructor } = await organization();
    const res = await instructor.post('/api/support/chat', {
      message: 'how much does it cost?',
      topic: 'plans',
    });
    expect(res.body.intent).toBe('plans');
    expect(res.body.content).toContain(
      'Training Center: $299 per month; up to 50 users, up to 1000 documents.',
    );
    expect(res.body.content).toContain('Your organization is on the Training Center plan.');
  });

  it('falls back with four options on something it cannot place', async () => {
    const { instructor } = await organization();
    const res = await instructor.post('/api/support/chat', { message: 'qwertzuiop asdfgh' });
    expect(res.body.intent).toBe('fallback');
    expect(res.body.content).toContain('I understand you need help with that.');
    expect(res.body.options).toHaveLength(4);
  });

  it("refuses an empty or too long message, and another user's conversation, and keeps markup as text", async () => {
    const { admin, instructor } = await organization();
    expect((await instructor.post('/api/support/chat', { message: '   ' })).status).toBe(422);
    expect(
      (await instructor.post('/api/support/chat', { message: 'x'.repeat(10_000) })).status,
    ).toBe(422);

    const mine = await instructor.post('/api/support/chat', {
      message: '<script>alert(1)</script> how do I upload a document?',
    });
    expect(mine.status).toBe(200);
    const [stored] = await server.db
      .select()
      .from(supportMessages)
      .where(
        and(eq(supportMessages.sessionId, mine.body.sessionId), eq(supportMessages.author, 'user')),
      );
    expect(stored!.content).toBe('<script>alert(1)</script> how do I upload a document?');

    const theirs = await admin.post('/api/support/chat', {
      message: 'and this?',
      sessionId: mine.body.sessionId,
    });
    expect(theirs.status).toBe(404);
    expect((await admin.get(`/api/support/sessions/${mine.body.sessionId}`)).status).toBe(404);
    // A session id of the spec's client (made per request, not ours) starts a new conversation.
    const fresh = await instructor.post('/api/support/chat', {
      message: 'how do I invite a user?',
      sessionId: 'session_1700000000000',
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.sessionId).not.toBe('session_1700000000000');
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(server.baseUrl);
    expect((await anonymous.post('/api/support/chat', { message: 'hello' })).status).toBe(401);
    expect((await anonymous.get('/api/support/articles?q=ledger')).status).toBe(401);
  });

  it('"I need a human" opens a ticket the admins answer, and the answer reaches the user', async () => {
    const { admin, instructor, organization: org, instructorUser } = await organization();
    const first = await instructor.post('/api/support/chat', {
      message: 'My proficiency check record shows the wrong evaluator',
    });
    const human = await instructor.post('/api/support/chat', {
      message: 'I need a human',
      sessionId: first.body.sessionId,
    });
    expect(human.status).toBe(200);
    expect(human.body.intent).toBe('escalation');
    expect(human.body.ticket.number).toBe(1);
    expect(human.body.content).toContain('request #1');

    // The admins are told, and see it in their list with the transcript.
    const adminNotes = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organizationId, org.id), eq(notifications.kind, 'escalation')));
    expect(adminNotes.length).toBeGreaterThan(0);
    const list = await admin.get('/api/support/tickets');
    expect(list.body.tickets).toHaveLength(1);
    const ticket = list.body.tickets[0];
    expect(ticket.subject).toBe('My proficiency check record shows the wrong evaluator');
    expect(ticket.status).toBe('open');
    const detail = await admin.get(`/api/support/tickets/${ticket.id}`);
    expect(detail.body.transcript.map((m: { content: string }) => m.content)).toContain(
      'I need a human',
    );

    // The instructor sees only their own; another member does not see it at all.
    expect((await instructor.get('/api/support/tickets')).body.tickets).toHaveLength(1);
    const { email } = await createMember(server.db, org.id, 'viewer');
    const viewer = await signedIn(server, email);
    expect((await viewer.get('/api/support/tickets')).body.tickets).toHaveLength(0);
    expect((await viewer.get(`/api/support/tickets/${ticket.id}`)).status).toBe(404);
    expect(
      (await instructor.patch(`/api/support/tickets/${ticket.id}`, { status: 'resolved' })).status,
    ).toBe(403);

    // The admin answers; the answer is in the user's conversation and notifications.
    const reply = await admin.post(`/api/support/tickets/${ticket.id}/replies`, {
      body: 'Fixed: the evaluator is now Dana Reyes.',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('waiting');
    expect(reply.body.firstResponseAt).not.toBeNull();
    const conversation = await instructor.get(`/api/support/sessions/${first.body.sessionId}`);
    const last = conversation.body.transcript.at(-1);
    expect(last.author).toBe('agent');
    expect(last.content).toBe('Fixed: the evaluator is now Dana Reyes.');
    expect(last.authorName).toBe('Avery Admin');
    const userNotes = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, instructorUser.id));
    expect(userNotes.map((n) => n.title)).toContain('Answer to your support request #1');

    // The user's next chat message goes to the ticket, which opens again.
    const more = await instructor.post('/api/support/chat', {
      message: 'Thanks, and the date too?',
      sessionId: first.body.sessionId,
    });
    expect(more.body.content).toContain('request #1');
    const [row] = await server.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticket.id));
    expect(row!.status).toBe('open');

    // Resolved by the admin; the figures count it as answered.
    const resolved = await admin.patch(`/api/support/tickets/${ticket.id}`, { status: 'resolved' });
    expect(resolved.body.status).toBe('resolved');
    expect(resolved.body.resolvedAt).not.toBeNull();
    const figures = (await admin.get('/api/support/tickets')).body.figures;
    expect(figures).toMatchObject({ tickets: 1, open: 0, answered: 1 });
    expect(figures.medianFirstResponseMinutes).toBeGreaterThanOrEqual(0);
  });

  it('refuses to assign a ticket to someone who is not an admin', async () => {
    const { admin, instructor, instructorUser } = await organization();
    const created = await instructor.post('/api/support/tickets', {
      message: 'Please call me about the audit',
    });
    expect(created.status).toBe(201);
    const res = await admin.patch(`/api/support/tickets/${created.body.id}`, {
      assigneeId: instructorUser.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Assign the request to an active admin');
  });

  it('searches the help centre with ranked, highlighted passages, and reads an article', async () => {
    const { instructor } = await organization();
    const res = await instructor.get('/api/support/articles?q=proof%20bundle%20verify%20offline');
    expect(res.status).toBe(200);
    expect(res.body.articles.length).toBeGreaterThan(0);
    const top = res.body.articles[0];
    expect(top.id).toMatch(/^proofs/);
    expect(top.snippet).toMatch(/⟨[^⟩]+⟩/);
    const ranks = res.body.articles.map((a: { rank: number }) => a.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));

    const all = await instructor.get('/api/support/articles');
    expect(all.body.articles.length).toBeGreaterThanOrEqual(19);
    const article = await instructor.get(`/api/support/articles/${top.id}`);
    expect(article.status).toBe(200);
    expect(article.body.blocks.some((b: { kind: string }) => b.kind === 'heading')).toBe(true);
    expect((await instructor.get('/api/support/articles/no-such-article')).status).toBe(404);
  });

  it("answers in the reader's language when the article is translated", async () => {
    const { instructor } = await organization();
    await savePreferences(instructor, FRENCH_READER);
    const res = await instructor.post('/api/support/chat', { message: 'Bonjour', sessionId: null });
    expect(res.body.intent).toBe('greeting');
    expect(res.body.content).not.toContain('Hello');
  });

  it('shows contacts only once an admin has set them', async () => {
    const { admin, instructor } = await organization();
    expect((await instructor.get('/api/support/contacts')).body).toEqual({
      email: null,
      phone: null,
      hours: null,
    });
    const contacts = {
      email: 'training-office@example.test',
      phone: '+1 (555) 010-2030',
      hours: 'Mon–Fri 08:00–17:00',
    };
    expect(
      (await instructor.request('PUT', '/api/support/contacts', { json: contacts })).status,
    ).toBe(403);
    const bad = await admin.request('PUT', '/api/support/contacts', {
      json: { ...contacts, phone: 'call us' },
    });
    expect(bad.status).toBe(422);
    const saved = await admin.request('PUT', '/api/support/contacts', { json: contacts });
    expect(saved.status).toBe(200);
    expect((await instructor.get('/api/support/contacts')).body).toEqual(contacts);
    const escalated = await instructor.post('/api/support/chat', {
      message: 'talk to a person please',
    });
    expect(escalated.body.content).toContain('E-mail: training-office@example.test');
  });

  it('reports the health checks behind the status line', async () => {
    const { instructor } = await organization();
    const res = await instructor.get('/api/support/status');
    expect(res.status).toBe(200);
    expect(res.body.checks.map((c: { id: string }) => c.id)).toEqual([
      'database',
      'jobs',
      'ocr',
      'disk',
    ]);
    expect(res.body.operational).toBe(res.body.checks.every((c: { ok: boolean }) => c.ok));
    expect(res.body.checks[0].ok).toBe(true);
  });

  it('rate-limits a flood of messages per user', async () => {
    const { instructor, admin } = await organization();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await instructor.post('/api/support/chat', { message: `hello ${i}` })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another user of the same address is not held back.
    expect((await admin.post('/api/support/chat', { message: 'hello' })).status).toBe(200);
  });
});

describe.each(DRIVERS)('support chat with a model (%s)', (driver) => {
  let server: TestServer;
  let model: FakeChatServer;
  let reply = '';
  beforeAll(async () => {
    model = await startFakeChatServer(() => reply);
    server = await startTestServer(driver, { AI_BASE_URL: model.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await server.app.close();
    await model.close();
  });

  it('phrases the answer from the passages when it cites them, and refuses it otherwise', async () => {
    const org = await createOrganization(server.db);
    const admin = await signedIn(server, org.email);
    reply = 'Download the proof bundle and verify it offline [1].';
    const cited = await admin.post('/api/support/chat', {
      message: "how do I prove a record wasn't changed?",
    });
    expect(cited.body.content).toBe('Download the proof bundle and verify it offline [1].');
    const prompt = JSON.stringify(model.requests.at(-1));
    expect(prompt).toContain('[1]');

    reply = 'Our premium plan costs $5 and records are proved by magic.';
    const uncited = await admin.post('/api/support/chat', {
      message: "how do I prove a record wasn't changed?",
    });
    expect(uncited.body.content).not.toContain('magic');
    expect(uncited.body.content).toContain(uncited.body.sources[0].title);

    reply = 'As passage [7] says, it is fine.';
    const wrong = await admin.post('/api/support/chat', {
      message: "how do I prove a record wasn't changed?",
    });
    expect(wrong.body.content).not.toContain('[7]');
  });
});
