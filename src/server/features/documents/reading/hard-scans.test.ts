import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFields } from '../extraction/extract-fields';
import { assessReading } from '../review';
import { createOcrPool } from './ocr-pool';
import { readDocument } from './read-document';
import type { OcrPool } from './types';
import { DEFAULT_REVIEW_THRESHOLD } from '@shared/api/configuration';

/**
 * One regression test per class of document an independent trial got wrong: each builds a
 * document of that class and checks the fields come out right, or that the document is sent to
 * a person with the reason, never a confident wrong value.
 */

let dir: string;
let ocr: OcrPool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'centerline-hard-scans-'));
  ocr = createOcrPool({ size: 1 });
});

afterAll(async () => {
  await ocr.close();
  await rm(dir, { recursive: true, force: true });
});

const FONT = '40px "Liberation Sans", "DejaVu Sans", sans-serif';
const WIDTH = 1700;
const HEIGHT = 1100;

function page(draw: (ctx: SKRSContext2D) => void) {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#111';
  ctx.strokeStyle = '#111';
  ctx.font = FONT;
  draw(ctx);
  return canvas.toBuffer('image/png');
}

const RECORD_LINES = [
  'TRAINING RECORD',
  'Trainee: Jordan Ellis',
  'Course: B737 Initial Type Rating',
  'Date of Training: March 3, 2024',
  'Instructor: Dana Fox',
];

function record(ctx: SKRSContext2D) {
  RECORD_LINES.forEach((line, i) => ctx.fillText(line, 100, 140 + i * 110));
}

async function read(name: string, bytes: Buffer) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const result = await readDocument(path, 'image', { ocr });
  const fields = extractFields(result, []);
  return {
    result,
    fields,
    values: Object.fromEntries(fields.map((f) => [f.fieldName, f.value])),
    assessment: assessReading(name, result, fields, { reviewThreshold: DEFAULT_REVIEW_THRESHOLD }),
  };
}

describe('documents an independent trial got wrong', () => {
  it.each([90, 180, 270])('reads a scan fed %i° turned as if it were upright', async (angle) => {
    const turned = await sharp(page(record)).rotate(angle).png().toBuffer();
    const { values, assessment } = await read(`turned-${angle}.png`, turned);
    expect(values).toMatchObject({
      studentName: 'Jordan Ellis',
      trainingDate: '2024-03-03',
      instructorName: 'Dana Fox',
    });
    // Nothing about the scan itself; a field read under the review threshold may still be flagged.
    expect(assessment.notes.filter((n) => n.code !== 'lowConfidence')).toEqual([]);
  });

  it('sends a page with nothing legible to a person with the reason, not to processed', async () => {
    const blank = page((ctx) => {
      for (let i = 0; i < 40; i++)
        ctx.fillRect(100 + ((i * 37) % 1400), 100 + ((i * 91) % 900), 6, 6);
    });
    const { fields, assessment } = await read('speckles.png', blank);
    expect(fields).toEqual([]);
    expect(assessment.reasons.join(' ')).toMatch(/No legible text could be read/);
  });

  it('reads a 100-dpi fax, or says the scan was hard to read', async () => {
    const fax = await sharp(page(record)).resize({ width: 560 }).threshold(150).png().toBuffer();
    const { fields, assessment } = await read('fax.png', fax);
    const name = fields.find((f) => f.fieldName === 'studentName');
    if (name?.value !== 'Jordan Ellis') {
      // Wrong or missing: then it may not be reported with confidence, and a person must look.
      expect(name?.confidence ?? 0).toBeLessThan(0.85);
      expect(assessment.reasons.length).toBeGreaterThan(0);
    }
  });

  it('never takes form wording for a course', async () => {
    const boilerplate = page((ctx) => {
      ctx.fillText('TRAINING RECORD', 100, 140);
      ctx.fillText('Trainee: Jordan Ellis', 100, 250);
      ctx.fillText('Course: training and checking required by the approved curriculum', 100, 360);
      ctx.fillText('Date of Training: March 3, 2024', 100, 470);
    });
    const { values } = await read('boilerplate.png', boilerplate);
    expect(values.studentName).toBe('Jordan Ellis');
    expect(values.courseName).toBeUndefined();
  });

  it('reads "LAST, FIRST" names on a two-column form in the usual order', async () => {
    const form = page((ctx) => {
      ctx.fillText('1. NAME (Last, First, Middle)', 80, 140);
      ctx.fillText('ELLIS, JORDAN A.', 80, 210);
      ctx.fillText('2. DATE OF BIRTH', 900, 140);
      ctx.fillText('04/12/1990', 900, 210);
      ctx.fillText('3. CERTIFICATE NO.', 80, 380);
      ctx.fillText('3456789', 80, 450);
      ctx.fillText('4. DATE OF TRAINING', 900, 380);
      ctx.fillText('03/03/2024', 900, 450);
      ctx.beginPath();
      ctx.moveTo(860, 90);
      ctx.lineTo(860, 500);
      ctx.stroke();
    });
    const { values } = await read('two-column.png', form);
    expect(values.studentName).toBe('Jordan A. Ellis');
    expect(values.licenseNumber).toBe('3456789');
    expect(values.trainingDate).toBe('2024-03-03');
  });

  it('never reports the label of an unticked box as the result', async () => {
    const ticks = page((ctx) => {
      ctx.fillText('CHECK REPORT', 100, 140);
      ctx.fillText('Trainee: Jordan Ellis', 100, 250);
      ctx.fillText('Date of Check: March 3, 2024', 100, 360);
      ctx.fillText('Result:', 100, 470);
      ctx.lineWidth = 3;
      ctx.strokeRect(300, 435, 40, 40);
      ctx.fillText('Satisfactory', 360, 470);
      ctx.strokeRect(700, 435, 40, 40);
      ctx.beginPath();
      ctx.moveTo(704, 439);
      ctx.lineTo(736, 471);
      ctx.moveTo(736, 439);
      ctx.lineTo(704, 471);
      ctx.stroke();
      ctx.fillText('Unsatisfactory', 760, 470);
      ctx.fillText('Certificate:', 100, 580);
      ctx.fillRect(400, 545, 40, 40);
      ctx.fillText('Private', 460, 580);
      ctx.strokeRect(700, 545, 40, 40);
      ctx.fillText('Commercial', 760, 580);
      ctx.strokeRect(1040, 545, 40, 40);
      ctx.fillText('ATP', 1100, 580);
    });
    const { values } = await read('tick-boxes.png', ticks);
    expect(values.studentName).toBe('Jordan Ellis');
    expect(values.result).toBe('Unsatisfactory');
    expect(values.certificateType).toBe('Private Pilot');
  });

  it('does not take the first of a row of options whose marks could not be read', async () => {
    // The boxes were printed too faint to scan: only the option words reached the page.
    const options = page((ctx) => {
      ctx.fillText('TRAINING AND CHECKING RECORD', 100, 140);
      ctx.fillText('Crewmember', 100, 250);
      ctx.fillText('Vasquez, Samuel', 600, 250);
      ctx.fillText('Date completed', 100, 360);
      ctx.fillText('08-19-2023', 600, 360);
      ctx.fillText('Grade', 100, 470);
      ctx.fillText('Private', 600, 470);
      ctx.fillText('Commercial', 850, 470);
      ctx.fillText('ATP', 1150, 470);
      ctx.fillText('Type of training', 100, 580);
      ctx.fillText('Upgrade', 600, 580);
      ctx.fillText('Transition', 850, 580);
      ctx.fillText('Recurrent', 1150, 580);
    });
    const { values } = await read('options.png', options);
    expect(values.studentName).toBe('Samuel Vasquez');
    expect(values.trainingDate).toBe('2023-08-19');
    expect(values.certificateType).toBeUndefined();
    expect(values.eventType).toBeUndefined();
  });
});
