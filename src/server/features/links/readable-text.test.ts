import { describe, expect, it } from 'vitest';
import { parseStoredDiff } from '@shared/api/links';
import { readableText, wordDiff } from './readable-text';

describe('readableText', () => {
  it('keeps the words a person reads and drops scripts, styles and markup', () => {
    const html = `<html><head><title>Part 142</title><style>p{color:red}</style>
      <script>var a = "<p>not text</p>";</script></head>
      <body><!-- comment --><h1>Training&nbsp;centers</h1><p>Rule &amp; more &#167; 142.53</p></body></html>`;
    expect(readableText(html, 'text/html', null)).toBe(
      'Part 142 Training centers Rule & more § 142.53',
    );
  });

  it('removes what the ignore pattern matches', () => {
    const html = '<p>Page updated 2026-11-25 10:04. Rule text.</p>';
    expect(readableText(html, 'text/html', 'Page updated [0-9: -]+\\.')).toBe('Rule text.');
  });
});

describe('wordDiff', () => {
  it('shows removed and added words with a little context', () => {
    const before =
      'Each instructor must complete recurrent training every 12 months in the simulator.';
    const after =
      'Each instructor must complete recurrent training every 24 months in the simulator.';
    const parts = parseStoredDiff(wordDiff(before, after));
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: '12' },
      { kind: 'added', text: '24' },
    ]);
    expect(parts[0]).toEqual({
      kind: 'same',
      text: 'Each instructor must complete recurrent training every',
    });
  });

  it('shortens long unchanged stretches to a few words either side', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const after = [...words];
    after[2] = 'first';
    after[50] = 'second';
    const lines = wordDiff(words.join(' '), after.join(' ')).split('\n');
    expect(lines).toContain('  w3 w4 w5 w6 w7 w8 w9 w10 … w42 w43 w44 w45 w46 w47 w48 w49');
    expect(lines.filter((l) => l.startsWith('+ '))).toEqual(['+ first', '+ second']);
  });
});
