import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { UnreadableFileError } from './errors';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the uncompressed sizes of all entries. */
  maxTotalBytes: number;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/**
 * Refuses zip bombs before a zip-based office file (XLSX, DOCX) is opened by its parser: counts
 * the entries and adds up their declared sizes from the central directory, then inflates every
 * entry as a stream — keeping nothing — to prove no entry expands beyond what it declares.
 */
export async function checkZip(filePath: string, limits: ZipLimits, what: string): Promise<void> {
  const damaged = () =>
    new UnreadableFileError(`This ${what} file could not be read. The file may be damaged.`);
  const tooBig = () =>
    new UnreadableFileError(
      `This ${what} file expands to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB ` +
        'when opened, which is more than we read. Split it into smaller files.',
    );
  const entries = await centralDirectory(filePath, limits.maxEntries, damaged, what);
  let total = 0;
  for (const entry of entries) {
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooBig();
    total += entry.size;
    if (total > limits.maxTotalBytes) throw tooBig();
  }
  for (const entry of entries) {
    const inflated = await inflatedSize(filePath, entry, entry.size + 1).catch(() => {
      throw damaged();
    });
    if (inflated > entry.size) throw tooBig();
  }
}

async function centralDirectory(
  filePath: string,
  maxEntries: number,
  damaged: () => Error,
  what: string,
): Promise<Entry[]> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw damaged();
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count > maxEntries || count === 0xffff) {
      throw new UnreadableFileError(
        `This ${what} file holds more than ${maxEntries} parts, which is more than we read.`,
      );
    }
    if (directoryOffset + directorySize > size) throw damaged();
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries: Entry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
        throw damaged();
      }
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      entries.push({
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localHeaderOffset: directory.readUInt32LE(at + 42),
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    for (const entry of entries) {
      const local = Buffer.alloc(30);
      await handle.read(local, 0, 30, entry.localHeaderOffset);
      if (local.readUInt32LE(0) !== LOCAL_SIGNATURE) throw damaged();
      // The data starts after the local header, whose name and extra lengths may differ from
      // the central directory's.
      entry.localHeaderOffset += 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Bytes the entry inflates to, counting no further than `stopAfter`. */
function inflatedSize(filePath: string, entry: Entry, stopAfter: number): Promise<number> {
  if (entry.compressedSize === 0) return Promise.resolve(0);
  if (entry.method === 0) return Promise.resolve(entry.compressedSize);
  if (entry.method !== 8) return Promise.reject(new Error(`zip method ${entry.method}`));
  return new Promise((resolve, reject) => {
    const input = createReadStream(filePath, {
      start: entry.localHeaderOffset,
      end: entry.localHeaderOffset + entry.compressedSize - 1,
    });
    const inflate = createInflateRaw();
    let total = 0;
    const finish = (value: number) => {
      input.destroy();
      inflate.destroy();
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total >= stopAfter) finish(total);
    });
    inflate.on('end', () => finish(total));
    inflate.on('error', reject);
    input.on('error', reject);
    input.pipe(inflate);
  });
}
