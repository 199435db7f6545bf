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

export async function compareOcr(
  images: string[],
  pool: OcrPool,
  work: string,
): Promise<Throughput[]> {
  const results: Throughput[] = [];
  const buffers = await Promise.all(images.map((i) => readFile(i)));
  let started = performance.now();
  await Promise.all(buffers.map((b) => pool.recognize(b)));
  results.push(
    rate(
      `tesseract.js pool (${pool.size} workers, 4.0.0_best_int)`,
      images.length,
      performance.now() - started,
    ),
  );
  if (!(await nativeTesseractVersion())) return results;
  const same = await sameModelDir(work);
  started = performance.now();
  await inParallel(images, pool.size, (i) => runNative(i, same));
  results.push(
    rate(
      `native tesseract (${pool.size} processes, same model)`,
      images.length,
      performance.now() - started,
    ),
  );
  started = performance.now();
  await inParallel(images, pool.size, (i) => runNative(i, undefined));
  results.push(
    rate(
      `native tesseract (${pool.size} processes, Debian's eng = tessdata_fast)`,
      images.length,
      performance.now() - started,
    ),
  );
  return results;
}
