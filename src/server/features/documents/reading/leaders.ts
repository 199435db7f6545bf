import type { GrayImage } from './cleanup';

/**
 * Erases dot leaders ("Name ............ Jordan Ellis") in place. Tesseract reads a long run of
 * dots as a smudge and often drops the short label beside it, or reads the pair as "POBG". Dots
 * are small, roughly round blobs; a leader is a chain of at least five of them on one line at a
 * steady pitch, which full stops and specks of noise never form.
 */
export function eraseLeaders(image: GrayImage, dark = 140): number {
  const { data, width, height } = image;
  const seen = new Uint8Array(width * height);
  // Components larger than the stack (long rules) are split, which is harmless: they are no dots.
  const stack = new Int32Array(Math.min(width * height, 1 << 22));
  const dots: { x: number; y: number; x0: number; y0: number; x1: number; y1: number }[] = [];
  // Sizes for a page at about 300 DPI: a full stop of 9–14 pt text is 3–8 px across.
  const maxSide = Math.max(9, Math.round(width / 250));
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= dark) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let [x0, y0, x1, y1, area] = [width, height, 0, 0, 0];
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % width;
      const y = (i - x) / width;
      area += 1;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      // Four neighbours, inlined: this loop runs once per ink pixel of the page.
      for (let k = 0; k < 4; k++) {
        const j =
          k === 0
            ? x > 0
              ? i - 1
              : -1
            : k === 1
              ? x < width - 1
                ? i + 1
                : -1
              : k === 2
                ? y > 0
                  ? i - width
                  : -1
                : y < height - 1
                  ? i + width
                  : -1;
        if (j >= 0 && !seen[j] && data[j]! < dark && top < stack.length) {
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (
      w <= maxSide &&
      h <= maxSide &&
      area >= 4 &&
      w < h * 2.2 &&
      h < w * 2.2 &&
      area >= w * h * 0.4
    ) {
      dots.push({ x: (x0 + x1) / 2, y: (y0 + y1) / 2, x0, y0, x1, y1 });
    }
  }
  dots.sort((a, b) => a.x - b.x);
  const next = new Int32Array(dots.length).fill(-1);
  const hasPrevious = new Uint8Array(dots.length);
  const maxPitch = maxSide * 6;
  for (let i = 0; i < dots.length; i++) {
    const a = dots[i]!;
    let best = -1;
    for (let j = i + 1; j < dots.length && dots[j]!.x - a.x <= maxPitch; j++) {
      const b = dots[j]!;
      const dx = b.x - a.x;
      if (dx < 2 || Math.abs(b.y - a.y) > 2 + dx * 0.1) continue;
      if (best < 0 || dx < dots[best]!.x - a.x) best = j;
    }
    if (best >= 0 && !hasPrevious[best]) {
      next[i] = best;
      hasPrevious[best] = 1;
    }
  }
  let erased = 0;
  for (let i = 0; i < dots.length; i++) {
    if (hasPrevious[i]) continue;
    const chain = [i];
    while (next[chain[chain.length - 1]!]! >= 0) chain.push(next[chain[chain.length - 1]!]!);
    if (chain.length < 5) continue;
    const pitches = chain
      .slice(1)
      .map((k, n) => dots[k]!.x - dots[chain[n]!]!.x)
      .sort((a, b) => a - b);
    const median = pitches[Math.floor(pitches.length / 2)]!;
    if (pitches[0]! < median * 0.6 || pitches[pitches.length - 1]! > median * 1.6) continue;
    for (const k of chain) {
      const d = dots[k]!;
      // Two pixels of margin take the anti-aliased rim of the dot too.
      const [left, right] = [Math.max(0, d.x0 - 2), Math.min(width - 1, d.x1 + 2)];
      for (let y = Math.max(0, d.y0 - 2); y <= Math.min(height - 1, d.y1 + 2); y++) {
        data.fill(255, y * width + left, y * width + right + 1);
      }
    }
    erased += chain.length;
  }
  return erased;
}
