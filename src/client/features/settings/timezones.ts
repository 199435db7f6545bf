import { knownTimezones } from '@shared/api/preferences';

export interface TimezoneOption {
  value: string;
  label: string;
}

let options: TimezoneOption[] | undefined;

/** `GMT+01:00` style offset of a zone today; the list is sorted by it, then by name. */
function offsetMinutes(zone: string, now: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Every IANA zone of this browser as `(UTC−05:00) America/New York`, computed once. */
export function timezoneOptions(): TimezoneOption[] {
  if (options) return options;
  const now = new Date();
  options = knownTimezones()
    .map((zone) => ({ zone, offset: offsetMinutes(zone, now) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone, offset }) => ({
      value: zone,
      label: `(${offsetLabel(offset)}) ${zone.replaceAll('_', ' ')}`,
    }));
  return options;
}

/** The option for a zone, also when this browser's list lacks it (a zone saved elsewhere). */
export function withZone(list: TimezoneOption[], zone: string): TimezoneOption[] {
  return list.some((o) => o.value === zone) ? list : [{ value: zone, label: zone }, ...list];
}
