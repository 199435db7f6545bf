/**
 * OCR throughput of our tesseract.js pool against the native `tesseract` command (Debian's
 * tesseract-ocr, installed only for this comparison), on the same prepared page images, with the
 * same parallelism: N pool workers against N concurrent single-threaded tesseract processes.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { LANGUAGE_DATA_DIR } from '../../src/server/features/documents/reading/ocr-pool';
import type { OcrPool } from '../../src/server/features/documents/reading/types';

export interface Throughput {
  label: string;
  pages: number;
  seconds: number;
  pagesPerMinute: number;
}

const rate = (label: string, pages: number, ms: number): Throughput => ({
  label,
  pages,
  seconds: ms / 1000,
  pagesPerMinute: (pages * 60_000) / ms,
});

export async function nativeTesseractVersion(): Promise<string | undefined> {
  try {
    const { stdout, stderr } = await promisify(execFile)('tesseract', ['--version']);
    return (stdout || stderr).split('\n')[0]?.trim();
  } catch {
    return undefined;
  }
}

/** The language data tesseract.js uses, unpacked for the native command. */
async function sameModelDir(work: string): Promise<string> {
  const dir = join(work, 'tessdata-same');
  await mkdir(dir, { recursive: true });
  const packed = await readFile(join(LANGUAGE_DATA_DIR, 'eng.traineddata.gz'));
  await writeFile(join(dir, 'eng.traineddata'), gunzipSync(packed));
  return dir;
}

function runNative(image: string, tessdata: string | undefined): Promise<void> {
  const args = [image, 'stdout', '--oem', '1', '--psm', '3', '--dpi', '300', '-l', 'eng'];
  if (tessdata) args.push('--tessdata-dir', tessdata);
  args.push('tsv');
  return new Promise((resolve, reject) => {
    // One thread per process: the parallelism is the number of processes, as with the pool.
    const child = spawn('tesseract', args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`tesseract exited with ${code}`)),
    );
  });
}

async function inParallel<T>(items: T[], parallelism: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallelism }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The machine is shared, so each contender runs `rounds` times, interleaved, and the median
 * round counts: a burst of someone else's work then hits all contenders alike.
 */
export async function compareOcr(
  images: string[],
  pool: OcrPool,
  work: string,
  rounds = 3,
): Promise<Throughput[]> {
  const buffers = await Promise.all(images.map((i) => readFile(i)));
  const native = await nativeTesseractVersion();
  const same = native ? await sameModelDir(work) : undefined;
  const contenders: { label: string; run: () => Promise<unknown> }[] = [
    {
      label: `tesseract.js pool (${pool.size} workers, 4.0.0_best_int)`,
      run: () => Promise.all(buffers.map((b) => pool.recognize(b))),
    },
  ];
  if (native) {
    contenders.push(
      {
        label: `native tesseract (${pool.size} processes, same model)`,
        run: () => inParallel(images, pool.size, (i) => runNative(i, same)),
      },
      {
        label: `native tesseract (${pool.size} processes, Debian's eng = tessdata_fast)`,
        run: () => inParallel(images, pool.size, (i) => runNative(i, undefined)),
      },
    );
  }
  const times = contenders.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [k, contender] of contenders.entries()) {
      const started = performance.now();
      await contender.run();
      times[k]!.push(performance.now() - started);
    }
  }
  return contenders.map((c, k) => {
    const sorted = [...times[k]!].sort((a, b) => a - b);
    return rate(c.label, images.length, sorted[Math.floor(sorted.length / 2)]!);
  });
}
