/** Pixel work on 8-bit grayscale images that sharp has no operation for. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const BLOCK = 16;

/**
 * Evens out lighting (a photo lit from one side, a scan with a grey edge): estimates the paper's
 * brightness per 16×16 block from its brightest pixels, smooths it, and divides it out, so that
 * tesseract's global threshold sees white paper everywhere.
 */
export function flattenBackground(image: GrayImage): GrayImage {
  const { data, width, height } = image;
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const blocks = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      // The second-brightest of a sparse sample ignores a single hot pixel.
      let first = 0;
      let second = 0;
      for (let y = by * BLOCK; y < Math.min(height, (by + 1) * BLOCK); y += 2) {
        for (let x = bx * BLOCK; x < Math.min(width, (bx + 1) * BLOCK); x += 2) {
          const v = data[y * width + x]!;
          if (v > first) {
            second = first;
            first = v;
          } else if (v > second) second = v;
        }
      }
      blocks[by * bw + bx] = second;
    }
  }
  // A block inside a bold heading has no paper in it: spread paper brightness from neighbours
  // (maximum over nearby blocks), then smooth so that block edges leave no seams.
  const background = boxBlur(maxFilter(blocks, bw, bh, 2), bw, bh, 2);
  const columnLeft = new Int32Array(width);
  const columnRight = new Int32Array(width);
  const columnWeight = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / BLOCK - 0.5));
    columnLeft[x] = Math.floor(fx);
    columnRight[x] = Math.min(bw - 1, Math.floor(fx) + 1);
    columnWeight[x] = fx - Math.floor(fx);
  }
  const out = new Uint8Array(data.length);
  const histogram = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / BLOCK - 0.5));
    const top = Math.floor(fy) * bw;
    const bottom = Math.min(bh - 1, Math.floor(fy) + 1) * bw;
    const wy = fy - Math.floor(fy);
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l = columnLeft[x]!;
      const r = columnRight[x]!;
      const wx = columnWeight[x]!;
      const upper = background[top + l]! + (background[top + r]! - background[top + l]!) * wx;
      const lower =
        background[bottom + l]! + (background[bottom + r]! - background[bottom + l]!) * wx;
      const paper = Math.max(24, upper + (lower - upper) * wy);
      const v = Math.min(255, ((data[row + x]! * 255) / paper) | 0);
      out[row + x] = v;
      histogram[v] = histogram[v]! + 1;
    }
  }
  stretchContrast(out, histogram);
  return { data: out, width, height };
}

/**
 * Maps the darkest ink (0.5th percentile) to black and paper to white, so faded print and grey
 * photos reach tesseract with full contrast.
 */
function stretchContrast(pixels: Uint8Array, histogram: Uint32Array) {
  let seen = 0;
  let low = 0;
  for (; low < 255; low++) {
    seen += histogram[low]!;
    if (seen > pixels.length * 0.005) break;
  }
  if (low >= 200 || low === 0) return;
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++)
    table[v] = Math.max(0, Math.min(255, Math.round(((v - low) * 255) / (255 - low))));
  for (let i = 0; i < pixels.length; i++) pixels[i] = table[pixels[i]!]!;
}

function maxFilter(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let dy = -r; dy <= r; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < w) m = Math.max(m, src[yy * w + xx]!);
        }
      }
      out[y * w + x] = m;
    }
  }
  return out;
}

function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -r; dy <= r; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          sum += src[yy * w + xx]!;
          n += 1;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

/**
 * Estimates the skew of text lines in degrees (positive: lines fall to the right, clockwise) from
 * the projection profile: rotating the ink by the right angle makes the row histogram sharpest.
 * Works on a copy of at most ~1000 px width; returns 0 when the page has too little ink to tell.
 */
export function estimateSkew(image: GrayImage, maxDegrees = 6): number {
  const step = Math.max(1, Math.round(image.width / 1000));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      if (image.data[y * image.width + x]! < 110) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 400) return 0;
  const rows = Math.ceil(image.height / step) + Math.ceil(image.width / step) + 2;
  const counts = new Float64Array(rows * 2);
  const score = (degrees: number) => {
    const t = Math.tan((degrees * Math.PI) / 180);
    counts.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const row = Math.round(ys[i]! - xs[i]! * t) + rows;
      counts[row] = counts[row]! + 1;
    }
    let sum = 0;
    for (let i = 0; i < counts.length; i++) sum += counts[i]! * counts[i]!;
    return sum;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -maxDegrees; d <= maxDegrees + 1e-9; d += 0.25) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.25; d <= coarse + 0.25 + 1e-9; d += 0.05) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Math.round(best * 100) / 100;
}

function otsu(histogram: Float64Array, total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i]!;
  let sumBelow = 0;
  let below = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    below += histogram[t]!;
    if (below === 0 || below === total) continue;
    sumBelow += t * histogram[t]!;
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / (total - below);
    const between = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (between > best) [best, threshold] = [between, t];
  }
  return threshold;
}

/**
 * A phone photo shows the desk around the paper; tesseract takes that dark frame for a picture
 * and may skip the text inside it. Finds the dark region connected to the image border on a small
 * copy, crops to the paper and paints what is left of the desk white. Scans come back unchanged.
 */
export function removeBackdrop(image: GrayImage): GrayImage {
  const { data, width, height } = image;
  const f = Math.max(1, Math.ceil(Math.max(width, height) / 400));
  const sw = Math.ceil(width / f);
  const sh = Math.ceil(height / f);
  const small = new Float64Array(sw * sh);
  const counts = new Float64Array(sw * sh);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / f) * sw;
    for (let x = 0; x < width; x++) {
      const cell = row + Math.floor(x / f);
      small[cell] = small[cell]! + data[y * width + x]!;
      counts[cell] = counts[cell]! + 1;
    }
  }
  const histogram = new Float64Array(256);
  for (let i = 0; i < small.length; i++) {
    small[i] = small[i]! / counts[i]!;
    histogram[Math.round(small[i]!)] = histogram[Math.round(small[i]!)]! + 1;
  }
  const threshold = otsu(histogram, small.length);
  const desk = new Uint8Array(small.length);
  const queue = new Int32Array(small.length);
  let head = 0;
  let tail = 0;
  const visit = (i: number) => {
    if (!desk[i] && small[i]! < threshold) {
      desk[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < sw; x++) {
    visit(x);
    visit((sh - 1) * sw + x);
  }
  for (let y = 0; y < sh; y++) {
    visit(y * sw);
    visit(y * sw + sw - 1);
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % sw;
    if (x > 0) visit(i - 1);
    if (x < sw - 1) visit(i + 1);
    if (i >= sw) visit(i - sw);
    if (i + sw < small.length) visit(i + sw);
  }
  const deskShare = tail / small.length;
  if (deskShare < 0.03 || deskShare > 0.8) return image;
  let [x0, y0, x1, y1] = [sw, sh, -1, -1];
  for (let i = 0; i < desk.length; i++) {
    if (desk[i]) continue;
    const x = i % sw;
    const y = (i - x) / sw;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const left = x0 * f;
  const top = y0 * f;
  const w = Math.min(width, (x1 + 1) * f) - left;
  const h = Math.min(height, (y1 + 1) * f) - top;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const cellRow = Math.floor((y + top) / f) * sw;
    for (let x = 0; x < w; x++) {
      out[y * w + x] = desk[cellRow + Math.floor((x + left) / f)]
        ? 255
        : data[(y + top) * width + x + left]!;
    }
  }
  return { data: out, width: w, height: h };
}
