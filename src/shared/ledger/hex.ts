/**
 * Lowercase hex encoding for ledger hashes. Only lowercase is accepted when decoding so that a
 * hash has exactly one string form and plain string comparison is byte comparison.
 */

const HEX_DIGITS = '0123456789abcdef';
const BYTE_TO_HEX: string[] = Array.from(
  { length: 256 },
  (_, b) => HEX_DIGITS[Math.floor(b / 16)]! + HEX_DIGITS[b % 16]!,
);

const LOWER_HEX = /^(?:[0-9a-f]{2})*$/;

/** True when `s` is a string of lowercase hex digit pairs (the empty string included). */
export function isLowerHex(s: unknown): s is string {
  return typeof s === 'string' && LOWER_HEX.test(s);
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i]!]!;
  return out;
}

// Only called after the regex check, so the code unit is 0-9 or a-f.
function nibble(code: number): number {
  return code <= 57 ? code - 48 : code - 87;
}

/** Decodes lowercase hex; returns null instead of throwing so verifiers can reject quietly. */
export function tryHexToBytes(hex: unknown): Uint8Array | null {
  if (!isLowerHex(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    out[i] = nibble(hex.charCodeAt(i * 2)) * 16 + nibble(hex.charCodeAt(i * 2 + 1));
  }
  return out;
}

/** Decodes lowercase hex; throws TypeError on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  const out = tryHexToBytes(hex);
  if (out === null) throw new TypeError('expected an even-length lowercase hex string');
  return out;
}
