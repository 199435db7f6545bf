import type { DeviceKind, DiscrepancySeverity, DiscrepancyStatus } from '@shared/api/maintenance';
import { isCalendarDate } from '@shared/api/training-events';
import { importDate } from '../training-events/service';

/*
 * How fleet spreadsheets write what the fleet's rows hold: device types, severities, statuses,
 * instants and numbers. Each reader returns null for what it cannot read; the row says why.
 */

/**
 * Lower case, "_", "-", "/", "," and brackets as spaces, spaces collapsed: "NO-GO" and "no go"
 * are one word, "Deferred (MEL)" is "deferred mel".
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\-–/,()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const reader =
  <T extends string>(table: [RegExp, T][]) =>
  (text: string): T | null =>
    table.find(([re]) => re.test(words(text)))?.[1] ?? null;

/** "FFS", "Full flight simulator", "FTD", "Aircraft", "Airplane". */
export const deviceKindOf = reader<DeviceKind>([
  [/^(ffs|full flight sim(ulator)?|flight simulator|simulator|sim)$/, 'ffs'],
  [/^(ftd|flight training device)$/, 'ftd'],
  [/^(aircraft|airplane|aeroplane|helicopter|a c)$/, 'aircraft'],
]);

/**
 * The training impact of a write-up (the log's own words first): "No training impact", "Minor",
 * "Training restricted", "Degraded", "Device down", "NO-GO", "Grounded", "U/S".
 */
export const severityOf = reader<DiscrepancySeverity>([
  [/^(no (training )?impact|no effect|none|minor|cosmetic|go|no impact on training)$/, 'no_impact'],
  [
    /^(training )?(restricted|restriction|limited|degraded)( training)?$|^(go (with|w) restrictions?|partial|partially available)$/,
    'restricted',
  ],
  [
    /^((device )?down|no go|nogo|grounded|out of service|oos|inoperative|unserviceable|u s|aog)$/,
    'down',
  ],
]);

/** "Open", "Deferred" (an MEL-style deferral), "Closed", "Resolved", "Fixed". */
export const discrepancyStatusOf = reader<DiscrepancyStatus>([
  [/^(open|outstanding|pending|new|reported)$/, 'open'],
  [/^(deferred|deferral|carried forward|mel|deferred mel)$/, 'deferred'],
  [/^(closed|resolved|fixed|rectified|cleared|done|complete|completed)$/, 'closed'],
]);

/** "Inspection", "Insp", "Scheduled", "Scheduled maintenance", "Maintenance", "Task". */
export const maintenanceKindOf = reader<'inspection' | 'scheduled'>([
  [/^(inspection|insp\.?|check)$/, 'inspection'],
  [
    /^(scheduled( maintenance)?|sched\.?|maintenance|task|preventive( maintenance)?|pm)$/,
    'scheduled',
  ],
]);

/**
 * An ATA iSpec 2200 chapter: "34", "ATA 34", "34-11" or "34-11-00" (the chapter is the first
 * two digits), and "5" for 05, as a spreadsheet keeps a number typed "05".
 */
export function ataChapterOf(text: string): string | null {
  const m = /^(?:ata\s*)?(\d{1,2})(?:[-.\s]\d{2}){0,2}$/i.exec(text.trim());
  return m ? m[1]!.padStart(2, '0') : null;
}

/** A number as spreadsheets write one: "1234.5", "1,234.5"; null otherwise. */
export function numberOf(text: string): number | null {
  const plain = text
    .trim()
    .replace(
      /^(-?\d{1,3}(?:,\d{3})+)(\.\d+)?$/,
      (_, int: string, frac) => int.replaceAll(',', '') + (frac ?? ''),
    );
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}

/**
 * A date or a date and time as an ISO instant, or null. A date alone ("2024-03-05", "03/05/2024",
 * "March 5, 2024") is 12:00 UTC that day: the log says the day, not the hour, and noon keeps the
 * day the same in every timezone the centre may be in. A time without an offset ("2024-03-05
 * 14:30", as Excel date-times read) is UTC; "Z" or "+01:00" are honoured.
 */
export function instantOf(text: string): string | null {
  const m =
    /^(.+?)[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm)?\s*(z|utc|[+-]\d{2}:?\d{2})?$/i.exec(
      text.trim(),
    );
  if (!m) {
    const day = importDate(text);
    return day && isCalendarDate(day) ? `${day}T12:00:00.000Z` : null;
  }
  const [, datePart, h, min, sec, meridiem, offset] = m;
  const day = importDate(datePart!);
  if (!day || !isCalendarDate(day)) return null;
  let hour = Number(h);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (hour > 23 || Number(min) > 59 || Number(sec ?? 0) > 59) return null;
  const zone =
    !offset || /^(z|utc)$/i.test(offset)
      ? 'Z'
      : offset.includes(':')
        ? offset
        : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const time = `${String(hour).padStart(2, '0')}:${min}:${sec ?? '00'}`;
  const parsed = Date.parse(`${day}T${time}${zone}`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}
