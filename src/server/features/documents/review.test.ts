import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, trainingEvents } from '../../db/schema';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS } from '../../test/harness';
import { pdfBytes } from '../../test/documents/fixtures';
import { file, upload } from '../../test/documents/http';
import { startDocumentServer, type DocumentTestServer } from '../../test/documents/server';
import { waitForStatus } from '../../test/documents/wait';
import { createOcrPool } from './reading/ocr-pool';
import type { OcrPool } from './reading/types';

interface Field {
  id: string;
  fieldName: string;
  extractedValue: string;
  confidenceScore: number;
  reviewNotes: string[];
}

/**
 * No document drops out of sight: one that could not be told apart, or a record without its
 * essential fields, waits in needs_review with the reason, is counted as a pending review, and
 * leaves the queue only when a person has entered what is missing or marked it reviewed.
 */
describe.each(DRIVERS)('documents that need review (%s)', (driver) => {
  let server: DocumentTestServer;
  let ocr: OcrPool;
  beforeAll(async () => {
    ocr = createOcrPool({ size: 1 });
    server = await startDocumentServer(driver, { namespace: 'review', services: { ocr } });
  });
  afterAll(async () => {
    await server.close();
    await ocr.close();
  });

  async function admin() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const send = async (name: string, lines: string[]) => {
      const res = await upload(server.baseUrl, client.cookie, [file(name, await pdfBytes(lines))]);
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    const fields = async (id: string) =>
      (await client.get(`/api/documents/${id}/extracted-data`)).body as Field[];
    return { ...org, organizationId: org.organization.id, client, send, fields };
  }

  it('keeps a document it cannot place in needs_review, counted as pending, until a person settles it', async () => {
    const { client, send, organizationId } = await admin();
    const id = await send('scan0001.pdf', [
      'Hangar 3 parking will be repainted next week.',
      'Please move vehicles to the north lot until further notice.',
    ]);
    const document = await waitForStatus(client, id);
    expect(document).toMatchObject({
      status: 'needs_review',
      awaitingValidation: true,
      documentKind: 'other',
      expectedFields: [],
    });
    expect(document.reviewReasons.join(' ')).toMatch(
      /No expected field was found and the kind of document could not be told/,
    );
    expect((await client.get('/api/dashboard/stats')).body.pendingReviews).toBe(1);

    const empty = await client.post(`/api/documents/${id}/review`, { note: '  ' });
    expect(empty.status).toBe(422);

    const reviewed = await client.post(`/api/documents/${id}/review`, {
      note: 'A facilities notice, not a training document.',
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ status: 'processed', awaitingValidation: false });
    expect((await client.get('/api/dashboard/stats')).body.pendingReviews).toBe(0);
    const [entry] = await server.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, 'review_document')),
      );
    expect(entry?.details).toMatchObject({
      documentId: id,
      note: 'A facilities notice, not a training document.',
    });
    const again = await client.post(`/api/documents/${id}/review`, { note: 'twice' });
    expect(again.status).toBe(409);
  });

  it('says on the document when the audit will not count it: a draft, or advertising', async () => {
    const { client, send } = await admin();
    const draft = await send('Quality Manual Chapter 10 (DRAFT).pdf', [
      'QUALITY MANUAL - CHAPTER 10 QUALITY CONTROL PROGRAM - DRAFT',
      '10.1 The quality manager audits ten closed trainee records every quarter.',
      '10.2 Findings are tracked to correction and reviewed by the director of training.',
    ]);
    const manual = await send('Quality Manual Chapter 10.pdf', [
      'QUALITY MANUAL - CHAPTER 10 QUALITY CONTROL PROGRAM - Revision 3',
      '10.1 The quality manager audits ten closed trainee records every quarter.',
    ]);
    const drafted = await waitForStatus(client, draft);
    expect(drafted.evidenceNote).toBe(
      'Not counted as audit evidence: the document is marked as a draft. Upload the version in force when there is one.',
    );
    expect((await waitForStatus(client, manual)).evidenceNote).toBeNull();
  });

  it('lists the missing essentials of a record, takes them from the reviewer, then validates and links the record made from it', async () => {
    const { client, send, fields } = await admin();
    const id = await send('record.pdf', [
      'TRAINING RECORD',
      'Trainee: Jordan Avery Pilot',
      'Course: Citation CE-525 Initial Type Rating',
      'Instructor: Morgan Lee',
      'Result: Satisfactory',
    ]);
    const document = await waitForStatus(client, id);
    expect(document).toMatchObject({ status: 'needs_review', documentKind: 'training-record' });
    expect(document.reviewReasons.join(' ')).toMatch(/Training Date was not found/);
    expect(document.expectedFields).toEqual(
      expect.arrayContaining(['studentName', 'trainingDate', 'result']),
    );
    const read = await fields(id);
    expect(read.find((f) => f.fieldName === 'result')?.extractedValue).toBe('Satisfactory');

    const duplicate = await client.post(`/api/documents/${id}/extracted-data`, {
      fieldName: 'studentName',
      value: 'Someone Else',
    });
    expect(duplicate.status).toBe(409);
    const added = await client.post(`/api/documents/${id}/extracted-data`, {
      fieldName: 'trainingDate',
      value: '2025-03-14',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      fieldName: 'trainingDate',
      extractedValue: '',
      confidenceScore: 0,
      validatedValue: '2025-03-14',
      documentStatus: 'needs_review',
    });

    let last: { body: { documentStatus: string } } | undefined;
    for (const field of (await fields(id)).filter((f) => f.fieldName !== 'trainingDate')) {
      last = await client.post(`/api/extracted-data/${field.id}/validate`, {
        validatedValue: field.extractedValue,
      });
    }
    expect(last?.body.documentStatus).toBe('validated');
    const late = await client.post(`/api/documents/${id}/extracted-data`, {
      fieldName: 'licenseNumber',
      value: '3456789',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'This document is already validated; its values can no longer be added to',
    );
    const unknown = await client.post(`/api/documents/${id}/extracted-data`, {
      fieldName: 'medicalClass',
      value: 'First',
    });
    expect(unknown.status).toBe(422);

    const created = await client.post('/api/training-events', {
      studentName: 'Jordan Avery Pilot',
      eventType: 'Initial',
      eventDate: '2025-03-14',
      status: 'completed',
      result: 'Satisfactory',
      sourceDocumentId: id,
    });
    expect(created.status).toBe(201);
    const linked = await client.get(`/api/training-events?sourceDocumentId=${id}`);
    expect(linked.body.map((e: { id: string }) => e.id)).toEqual([created.body.id]);
  });

  it('says when a course is not one the organization has on record, and puts it under review', async () => {
    const { client, send, fields, organizationId } = await admin();
    await server.db.insert(trainingEvents).values({
      organizationId,
      studentName: 'Avery Stone',
      course: 'Citation CE-525 Initial Type Rating',
      eventType: 'Initial',
      eventDate: '2025-01-10',
      status: 'completed',
    });
    const known = await send('known.pdf', [
      'TRAINING RECORD',
      'Trainee: Jordan Avery Pilot',
      'Course: Citation CE-525 Initial Type Rating',
      'Date of Training: 2025-03-14',
    ]);
    const unknown = await send('unknown.pdf', [
      'TRAINING RECORD',
      'Trainee: Jordan Avery Pilot',
      'Course: Advanced Underwater Egress',
      'Date of Training: 2025-03-14',
    ]);
    await waitForStatus(client, known);
    await waitForStatus(client, unknown);
    const knownCourse = (await fields(known)).find((f) => f.fieldName === 'courseName');
    expect(knownCourse?.reviewNotes).toEqual([]);
    const unknownCourse = (await fields(unknown)).find((f) => f.fieldName === 'courseName');
    expect(unknownCourse?.extractedValue).toBe('Advanced Underwater Egress');
    expect(unknownCourse?.confidenceScore).toBeLessThan(0.85);
    expect(unknownCourse?.reviewNotes.join(' ')).toMatch(
      /Not a course this organization has on record/,
    );
  });

  it('answers 404 for another organization’s document', async () => {
    const { send } = await admin();
    const id = await send('elsewhere.pdf', ['Hangar notice']);
    const other = await admin();
    const review = await other.client.post(`/api/documents/${id}/review`, { note: 'x' });
    expect(review.status).toBe(404);
    const add = await other.client.post(`/api/documents/${id}/extracted-data`, {
      fieldName: 'studentName',
      value: 'X Y',
    });
    expect(add.status).toBe(404);
  });
});
