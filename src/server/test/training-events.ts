import { randomUUID } from 'node:crypto';
import type { CreateTrainingEventRequest } from '@shared/api/training-events';
import { daysFromToday } from './factories';
import type { Reply, TestClient } from './harness';

/** A valid training event payload; every call a different trainee. */
export function eventPayload(
  overrides: Partial<CreateTrainingEventRequest> = {},
): CreateTrainingEventRequest {
  return {
    studentName: `Casey Trainee ${randomUUID().slice(0, 6)}`,
    licenseNumber: 'CPL-4410022',
    course: 'CE-525 Initial Type Rating',
    eventType: 'Proficiency check',
    eventDate: daysFromToday(-5),
    status: 'completed',
    result: 'Satisfactory',
    instructor: 'Morgan Lee',
    evaluator: 'Sam Ortiz',
    remarks: null,
    ...overrides,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
type Json = any;

export async function createEvent(
  client: TestClient,
  overrides: Partial<CreateTrainingEventRequest> = {},
) {
  const res = await client.post('/api/training-events', eventPayload(overrides));
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

/** POSTs a multipart form (a file and optional text fields) with the client's session cookie. */
export async function postForm(
  client: TestClient,
  baseUrl: string,
  path: string,
  file: { name: string; bytes: Uint8Array | string; type?: string } | null,
  fields: Record<string, string> = {},
): Promise<Reply<Json>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes =
      typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : file.bytes;
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: file.type ?? 'text/csv' }),
      file.name,
    );
  }
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    body: form,
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Keep the text.
  }
  return { status: res.status, body, headers: res.headers };
}
