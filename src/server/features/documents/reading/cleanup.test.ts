import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { estimateSkew, flattenBackground, removeBackdrop, type GrayImage } from './cleanup';
import { resultFromTsv } from './ocr-pool';

/** Lines of black bars (stand-ins for text lines) on white paper, rotated by `degrees`. */
function page(degrees: number, desk?: number): GrayImage {
  const canvas = createCanvas(1200, 1500);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = desk === undefined ? '#fff' : `rgb(${desk},${desk},${desk})`;
  ctx.fillRect(0, 0, 1200, 1500);
  ctx.translate(600, 750);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.fillStyle = '#fff';
  ctx.fillRect(-480, -620, 960, 1240);
  ctx.fillStyle = '#000';
  for (let y = -560; y < 560; y += 48) {
    for (let x = -420; x < 380; x += 90) ctx.fillRect(x, y, 70, 16);
  }
  const rgba = ctx.getImageData(0, 0, 1200, 1500).data;
  const data = new Uint8Array(1200 * 1500);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { data, width: 1200, height: 1500 };
}

describe('image clean-up', () => {
  it.each([-3, -1, 0, 1.5, 4])('measures a skew of %s°', (degrees) => {
    expect(estimateSkew(page(degrees))).toBeCloseTo(degrees, 0);
  });

  it('crops a photo to the paper and whitens the desk', () => {
    const photo = page(2, 70);
    const paper = removeBackdrop(photo);
    expect(paper.width).toBeLessThan(1050);
    expect(paper.height).toBeLessThan(1350);
    const dark = paper.data.filter((v) => v < 100).length / paper.data.length;
    const ink = page(0).data.filter((v) => v < 100).length / (1200 * 1500);
    // What is left dark is the ink, not the desk.
    expect(dark).toBeLessThan(ink * 1.6);
  });

  it('leaves a scan without a backdrop as it is', () => {
    const scan = page(0.5);
    expect(removeBackdrop(scan)).toBe(scan);
  });

  it('evens out light falling off across the page', () => {
    const lit = page(0);
    for (let y = 0; y < lit.height; y++) {
      for (let x = 0; x < lit.width; x++) {
        const i = y * lit.width + x;
        lit.data[i] = Math.round(lit.data[i]! * (0.55 + (0.45 * x) / lit.width));
      }
    }
    const flat = flattenBackground(lit);
    // Paper at the dark edge and at the bright edge both come out white.
    expect(flat.data[700 * lit.width + 20]).toBeGreaterThan(235);
    expect(flat.data[700 * lit.width + 1180]).toBeGreaterThan(235);
  });
});

describe('OCR lines', () => {
  it('joins words OCR put in different blocks when they share a line, keeping columns as spans', () => {
    const tsv = [
      '5\t1\t1\t1\t1\t1\t100\t100\t120\t30\t96\tStudent',
      '5\t1\t1\t1\t1\t2\t230\t100\t110\t30\t95\tName:',
      '5\t1\t2\t1\t1\t1\t700\t102\t130\t30\t91\tJordan',
      '5\t1\t2\t1\t1\t2\t845\t102\t100\t30\t90\tEllis',
      '5\t1\t3\t1\t1\t1\t100\t200\t20\t30\t30\t|',
    ].join('\n');
    const result = resultFromTsv(tsv);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]!.text).toBe('Student Name:\tJordan Ellis');
    expect(result.lines[0]!.spans!.map((s) => s.box.x0)).toEqual([100, 700]);
    expect(result.confidence).toBeCloseTo(0.804, 2);
  });
});
