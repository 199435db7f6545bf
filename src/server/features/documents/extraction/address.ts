import type { ParsedValue } from './values';

export const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY ' +
    'NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'
  ).split(' '),
);

const STREET_SUFFIX =
  '(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|ct|court|pl|place|pkwy|parkway|hwy|highway|cir|circle|ter|terrace|trl|trail|loop|sq|square|run|pike|row|path)';
const UNIT = '(?:\\s+(?:apt|apartment|suite|ste|unit|bldg|#)\\.?\\s*#?\\s*[\\w-]+)?';

/** "City, ST 12345" or "City ST 12345-6789" at the end of the text. */
const CITY_STATE_ZIP =
  /^(.*?)[\s,]+([A-Za-z][A-Za-z .'-]*?)[\s,]+([A-Z]{2})\.?[\s,]+([0-9OoIlS]{5}(?:\s?-\s?[0-9OoIlS]{4})?)\s*$/;
const STREET_THEN_CITY = new RegExp(
  `^(.*?\\b${STREET_SUFFIX}\\.?${UNIT})[\\s,]+([A-Za-z][A-Za-z .'-]*)$`,
  'i',
);

function fixZip(zip: string) {
  return zip.replace(/\s/g, '').replace(/[Oo]/g, '0').replace(/[Il]/g, '1').replace(/S/g, '5');
}

function tidy(part: string) {
  return part
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.]+|[\s,]+$/g, '')
    .trim();
}

/** A possible city, state and ZIP line (for joining an address written over two lines). */
export function looksLikeCityLine(text: string): boolean {
  const m = /([A-Z]{2})\.?[\s,]+[0-9OoIlS]{5}(?:-\d{4})?\s*$/.exec(text.trim());
  return m !== null && US_STATES.has(m[1]!);
}

/**
 * US postal addresses in one canonical form, "street, city, ST 12345": commas are restored
 * where OCR dropped them, the state is checked against USPS codes, the ZIP against its format.
 */
export function parseAddress(text: string): ParsedValue | undefined {
  const t = text
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim();
  const m = CITY_STATE_ZIP.exec(t);
  if (!m) {
    // A street alone is worth showing for a person to complete, at low confidence.
    return /^\d+\s+\p{L}/u.test(t) && t.length >= 6 ? { value: tidy(t), validity: 0.2 } : undefined;
  }
  const state = m[3]!;
  const zip = fixZip(m[4]!);
  let street = tidy(m[1]!);
  let city = tidy(m[2]!);
  const hadComma = /,/.test(t.slice(0, m.index + m[1]!.length + 2));
  if (!street.includes(',') && !hadComma) {
    // Without commas, the street ends at its suffix (Ave, Street, Suite 200…).
    const split = STREET_THEN_CITY.exec(`${street} ${city}`);
    if (split) {
      street = tidy(split[1]!);
      city = tidy(split[2]!);
    }
  } else if (street.includes(',')) {
    // "123 Main St, Apt 4, Springfield": the last comma part before the state is the city.
    const parts = `${street}, ${city}`.split(', ');
    city = parts.pop()!;
    street = parts.join(', ');
  }
  if (!street || !city || !/\d/.test(street)) return undefined;
  // OCR confuses l and I in street suffixes: "Birch PI", "Lakeview Bivd".
  street = street.replace(/\bPI\b(?=\.?(,|$))/, 'Pl').replace(/\bB[il]vd\b/, 'Blvd');
  // City names are proper nouns; OCR sometimes loses the capital ("van Nuys").
  city = city.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, c: string) => space + c.toUpperCase());
  let validity = US_STATES.has(state) ? 1 : 0.3;
  if (!/^\d{5}(-\d{4})?$/.test(zip)) validity = Math.min(validity, 0.3);
  if (zip !== m[4]!.replace(/\s/g, '')) validity *= 0.85;
  return { value: `${street}, ${city}, ${state} ${zip}`, validity };
}
