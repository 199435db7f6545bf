import type { TestClient } from '../harness';

/** Polls the document until its status is one of `statuses` (processing runs in the background). */
export async function waitForStatus(
  client: TestClient,
  id: string,
  statuses: string[] = ['processed', 'needs_review', 'validated', 'error'],
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get(`/api/documents/${id}`);
    if (res.status !== 200)
      throw new Error(`GET document: ${res.status} ${JSON.stringify(res.body)}`);
    if (statuses.includes(res.body.status)) return res.body;
    if (Date.now() > deadline) {
      throw new Error(`document ${id} still ${res.body.status} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
