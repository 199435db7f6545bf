import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDate } from './dates';

const NOW = new Date('2025-06-01T00:00:00Z');
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Every way we print a date; the month-first numeric forms are US conventions. */
const FORMATS: ((y: number, m: number, d: number) => string)[] = [
  (y, m, d) => `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`,
  (y, m, d) => `${m}/${d}/${y}`,
  (y, m, d) => `${m}-${d}-${y}`,
  (y, m, d) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  (y, m, d) => `${y}/${m}/${d}`,
  (y, m, d) => `${MONTHS[m - 1]} ${d}, ${y}`,
  (y, m, d) => `${MONTHS[m - 1]!.slice(0, 3)}. ${d} ${y}`,
  (y, m, d) => `${d} ${MONTHS[m - 1]} ${y}`,
  (y, m, d) => `${String(d).padStart(2, '0')}-${MONTHS[m - 1]!.slice(0, 3).toUpperCase()}-${y}`,
  (y, m, d) =>
    `${d}${[1, 21, 31].includes(d) ? 'st' : [2, 22].includes(d) ? 'nd' : [3, 23].includes(d) ? 'rd' : 'th'} day of ${MONTHS[m - 1]}, ${y}`,
  (y, m, d) => `${d}.${m}.${y}`,
];

const day = (year: { min: number; max: number }) =>
  fc
    .date({
      min: new Date(Date.UTC(year.min, 0, 1)),
      max: new Date(Date.UTC(year.max, 11, 31)),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

describe('parseDate', () => {
  it('reads every printed form of a training date back to the same ISO date', () => {
    fc.assert(
      fc.property(
        day({ min: 1995, max: 2025 }),
        fc.nat(FORMATS.length - 1),
        fc.constantFrom('', 'Date: ', ' on '),
        (iso, f, prefix) => {
          const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
          if (new Date(`${iso}T00:00:00Z`) > NOW) return;
          const printed = prefix + FORMATS[f]!(y, m, d);
          expect(parseDate(printed, 'event', NOW)?.iso).toBe(iso);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('puts two-digit birth years in the right century', () => {
    fc.assert(
      fc.property(day({ min: 1930, max: 2010 }), (iso) => {
        const [y, m, d] = iso.split('-');
        expect(parseDate(`${m}/${d}/${y!.slice(2)}`, 'birth', NOW)?.iso).toBe(iso);
      }),
    );
  });

  it('never returns an impossible date', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const parsed = parseDate(text, 'event', NOW);
        if (parsed)
          expect(new Date(`${parsed.iso}T00:00:00Z`).toISOString().slice(0, 10)).toBe(parsed.iso);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['02/30/2024', undefined],
    ['13/13/2024', undefined],
    ['14/03/2024', '2024-03-14'],
    ['O3/l4/2O24', '2024-03-14'],
    ['1899-01-01', undefined],
  ])('%s → %s', (text, expected) => {
    expect(parseDate(text, 'event', NOW)?.iso).toBe(expected);
  });

  it('flags dates whose day and month could be swapped', () => {
    expect(parseDate('03/04/2024', 'event', NOW)).toMatchObject({
      iso: '2024-03-04',
      ambiguous: true,
    });
    expect(parseDate('03/14/2024', 'event', NOW)).toMatchObject({ ambiguous: false });
  });
});
