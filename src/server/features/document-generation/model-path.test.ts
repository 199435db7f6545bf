import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_MARKER, type SmartAuditResponse } from '@shared/api/document-generation';
import { createOrganization, signedIn } from '../../test/factories';
import {
  startFakeChatServer,
  type ChatRequestBody,
  type FakeChatServer,
} from '../../test/fake-chat-server';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { REQUIREMENTS } from './requirements';

const AUDIT = '/api/audit/analyze-with-generation';
const GENERATE = REQUIREMENTS.filter((r) => r.action === 'generate').length;

interface Prompt {
  organization: { organizationName: string };
  sections: { heading: string; paragraphs: string[] }[];
}

const promptOf = (body: ChatRequestBody) => JSON.parse(body.messages[1]!.content) as Prompt;

/** A model that redrafts each paragraph, keeping its citations, and says so in the text. */
function redraft(body: ChatRequestBody, extra = '') {
  const prompt = promptOf(body);
  return JSON.stringify({
    sections: prompt.sections.map((s) => ({
      heading: s.heading,
      paragraphs: s.paragraphs.map(
        (p) => `Model draft for ${prompt.organization.organizationName}: ${p}${extra}`,
      ),
    })),
  });
}

describe.each(DRIVERS)('document generation with a model (%s)', (driver) => {
  let fake: FakeChatServer | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.app.close();
    await fake?.close();
    server = fake = undefined;
  });

  async function run(reply: Parameters<typeof startFakeChatServer>[0], delayMs?: number) {
    fake = await startFakeChatServer(reply, { delayMs });
    server = await startTestServer(driver, {
      AI_BASE_URL: fake.url,
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: delayMs && delayMs > 1000 ? '200' : '5000',
    });
    const org = await createOrganization(server.db, { name: 'Mesa Flight Training' });
    const admin = await signedIn(server, org.email);
    return { admin, org };
  }

  it('drafts the prose with the model, constrained to the organization, and says so', async () => {
    const { admin } = await run((body) => redraft(body));
    const res = await admin.post<SmartAuditResponse>(AUDIT, { organizationId: 'default-org' });
    expect(res.status).toBe(200);
    const result = res.body;
    expect(result.summary.aiPowered).toBe(true);
    expect(result.ai).toEqual({
      configured: true,
      model: 'test-model',
      used: GENERATE,
      fallbacks: 0,
      note: null,
    });
    for (const doc of result.generatedDocuments) {
      expect(doc.metadata).toMatchObject({ aiGenerated: true, model: 'test-model' });
      expect(doc.content).toContain('Model draft for Mesa Flight Training:');
      // The marker and the forms are ours, not the model's.
      expect(doc.content).toContain(DRAFT_MARKER);
    }
    expect(fake!.requests).toHaveLength(GENERATE);
    const first = fake!.requests[0] as ChatRequestBody;
    expect(first.messages[0]!.content).toMatch(/Use only the facts given/);
    expect(promptOf(first).organization.organizationName).toBe('Mesa Flight Training');
  });

  it('keeps the template text when the model cites a paragraph Part 142 does not have', async () => {
    const { admin } = await run((body) => redraft(body, ' See 142.99(z).'));
    const result = (await admin.post<SmartAuditResponse>(AUDIT, {})).body;
    expect(result.summary.aiPowered).toBe(false);
    expect(result.ai.used).toBe(0);
    expect(result.ai.fallbacks).toBe(GENERATE);
    expect(result.ai.note).toMatch(/^The model test-model was not used: .*142\.99\(z\)/);
    for (const doc of result.generatedDocuments) {
      expect(doc.metadata.aiGenerated).toBe(false);
      expect(doc.metadata.fallbackReason).toMatch(
        /cites 142\.99\(z\), which Part 142 does not have/,
      );
      expect(doc.content).not.toContain('Model draft');
    }
  });

  it('keeps the template text when the model answers nonsense', async () => {
    const { admin } = await run(() => 'I am not able to help with compliance documents.');
    const result = (await admin.post<SmartAuditResponse>(AUDIT, {})).body;
    expect(result.summary.aiPowered).toBe(false);
    expect(result.generatedDocuments[0]!.metadata.fallbackReason).toBe(
      "The model's answer was not usable (the answer holds no JSON object); template text used.",
    );
  });

  it('stops asking a model that times out and finishes from the templates', async () => {
    const { admin } = await run((body) => redraft(body), 3_000);
    const result = (await admin.post<SmartAuditResponse>(AUDIT, {})).body;
    expect(result.summary.aiPowered).toBe(false);
    expect(result.summary.documentsGenerated).toBe(GENERATE);
    expect(fake!.requests).toHaveLength(1);
    expect(result.ai.note).toMatch(/did not answer in time/);
  });

  it('reports its phases and progress while it runs', async () => {
    const { admin } = await run((body) => redraft(body), 150);
    const runId = randomUUID();
    const pending = admin.post<SmartAuditResponse>(AUDIT, { runId });
    const seen: { phase: string; progress: number; status: string }[] = [];
    let second: { status: number; body: { message: string } } | undefined;
    for (let i = 0; i < 400; i++) {
      const res = await admin.get(`/api/document-generation/runs/${runId}`);
      if (res.status === 200) {
        seen.push(res.body);
        if (res.body.status !== 'running') break;
        second ??= await admin.post(AUDIT, {});
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await pending).status).toBe(200);
    expect(second).toMatchObject({
      status: 409,
      body: {
        message: 'An audit is already running for your organization. Wait for it to finish.',
      },
    });
    const drafting = seen.filter((s) => s.status === 'running' && s.phase.startsWith('Drafting'));
    expect(drafting.length).toBeGreaterThan(0);
    expect(drafting[0]!.phase).toMatch(/^Drafting .+ \(\d+ of 11\)$/);
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ status: 'completed', progress: 100 });
  });
});
