import { describe, expect, it } from 'vitest';
import {
  canonicalBytes,
  canonicalize,
  CanonicalJsonError,
  isCanonicalJson,
} from './canonical-json';
import { bytesToHex } from './hex';

const fromBits = (hex: string) => new DataView(hexToBuffer(hex)).getFloat64(0);
function hexToBuffer(hex: string): ArrayBuffer {
  const buf = new ArrayBuffer(8);
  const view = new DataView(buf);
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return buf;
}

describe('RFC 8785 canonical JSON', () => {
  // RFC 8785 Appendix B: IEEE 754 bit patterns and their required serialisation.
  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('serialises the number with bits %s as %s (Appendix B)', (bits, expected) => {
    expect(canonicalize(fromBits(bits))).toBe(expected);
    expect(canonicalize({ n: fromBits(bits) })).toBe(`{"n":${expected}}`);
  });

  it.each([
    ['7fffffffffffffff', 'NaN'],
    ['7ff0000000000000', 'Infinity'],
    ['fff0000000000000', '-Infinity'],
  ])('refuses the non-number with bits %s (%s)', (bits) => {
    expect(() => canonicalize([fromBits(bits)])).toThrow(CanonicalJsonError);
  });

  it('produces the §3.2.2 example: literals, numbers and string escapes', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "literals": [null, true, false]}',
    );
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('produces the UTF-8 bytes of the §3.2.4 example', () => {
    const input = JSON.parse(
      '{"numbers": [1E30,4.50,6,2e-3,0.000000000000000000000000001],' +
        ' "escaping": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "other":  [null, true, false]}',
    );
    expect(bytesToHex(canonicalBytes(input))).toBe(
      (
        '7b 22 65 73 63 61 70 69 6e 67 22 3a 22 e2 82 ac 24 5c 75 30 30 30 66 5c 6e 41 27 42 5c 22 5c 5c ' +
        '5c 5c 5c 22 2f 22 2c 22 6e 75 6d 62 65 72 73 22 3a 5b 31 65 2b 33 30 2c 34 2e 35 2c 36 2c 30 2e ' +
        '30 30 32 2c 31 65 2d 32 37 5d 2c 22 6f 74 68 65 72 22 3a 5b 6e 75 6c 6c 2c 74 72 75 65 2c 66 61 ' +
        '6c 73 65 5d 7d'
      ).replaceAll(' ', ''),
    );
  });

  it('sorts keys by UTF-16 code units, not code points or locale (§3.2.3)', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh",' +
        ' "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control",' +
        ' "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    // JSON.parse would put the integer-like key "1" first again, so read the order from the text.
    const order = [...canonicalize(input).matchAll(/:"([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
    // U+1F600 (surrogates D83D DE00) sorts before U+FB33 by code unit, after it by code point.
    expect(canonicalize({ '\ufb33': 1, '\u{1f600}': 2 })).toBe('{"\u{1f600}":2,"\ufb33":1}');
  });

  it('matches the reference "weird" vector: controls, </script> and astral keys', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "1": "One", "\\u0080": "Control\\u007f",' +
        ' "\\ud83d\\ude02": "Smiley", "\\u00f6": "Latin Small Letter O With Diaeresis",' +
        ' "\\ufb33": "Hebrew Letter Dalet With Dagesh", "</script>": "Browser Challenge"}',
    );
    expect(canonicalize(input)).toBe(
      '{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f",' +
        '"ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😂":"Smiley",' +
        '"\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('escapes control characters as lowercase \\u00xx and keeps other text as is', () => {
    expect(canonicalize('\u0000\u001f\b\t\n\f\r"\\/é')).toBe(
      '"\\u0000\\u001f\\b\\t\\n\\f\\r\\"\\\\/é"',
    );
  });

  it('keeps array order, recurses into nested values and leaves no whitespace', () => {
    expect(canonicalize({ b: [3, { d: 1, c: [] }, 'x'], a: {} })).toBe(
      '{"a":{},"b":[3,{"c":[],"d":1},"x"]}',
    );
  });

  it('refuses values JSON cannot hold, naming where they are', () => {
    expect(() => canonicalize({ a: [1, undefined] })).toThrow('at .a[1]');
    expect(() => canonicalize({ when: new Date(0) })).toThrow('only plain objects');
    expect(() => canonicalize({ n: 10n })).toThrow('a bigint is not a JSON value');
    expect(() => canonicalize({ s: 'bad \ud800 half' })).toThrow('lone surrogate');
    expect(() => canonicalize({ ['\udc00']: 1 })).toThrow('lone surrogate');
    expect(canonicalize('pair \ud83d\ude00')).toBe('"pair 😀"');
  });

  it('recognises canonical text and rejects any other spelling of the same value', () => {
    expect(isCanonicalJson('{"a":1,"b":[true,null]}')).toBe(true);
    expect(isCanonicalJson('{"b":[true,null],"a":1}')).toBe(false);
    expect(isCanonicalJson('{"a": 1}')).toBe(false);
    expect(isCanonicalJson('{"a":1.0}')).toBe(false);
    expect(isCanonicalJson('{"a":1,"a":1}')).toBe(false);
    expect(isCanonicalJson('"\\ud800"')).toBe(false);
    expect(isCanonicalJson('not json')).toBe(false);
  });
});
