import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { UPLOAD_TYPES } from '@shared/constants/uploads';
import type { DocumentKind } from '../reading/types';
import { extensionOf } from './file-name';

export interface SniffedType {
  mime: string;
  kind: DocumentKind;
  /** Extensions a file of this type may carry. */
  extensions: string[];
}

const typeOf = (mime: string): SniffedType => {
  const matches = UPLOAD_TYPES.filter((t) => t.mime === mime);
  return { mime, kind: matches[0]!.kind, extensions: matches.map((t) => t.extension) };
};

/** file-type's answer → ours; anything else it recognises (exe, elf, zip, gif…) is refused. */
const BY_MAGIC: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/**
 * True when the file is UTF-8 text without binary control bytes: CSV has no magic number, so
 * this (with the .csv name) is all that identifies one. Its rows are parsed later by the reader,
 * which reports broken quoting as a readable error.
 */
async function isPlainText(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const handle = await open(path);
  try {
    const buffer = Buffer.alloc(64 * 1024);
    let first = true;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      // A script is executable text; "#!" never starts a spreadsheet export.
      if (first && chunk[0] === 0x23 && chunk[1] === 0x21) return false;
      first = false;
      for (const byte of chunk) {
        if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
          return false;
        }
      }
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * The accepted type of the file at `path`, judged from its bytes, or null when it is not one we
 * accept or its name claims another type (a renamed executable, a PNG called .pdf).
 */
export async function sniffUpload(path: string, fileName: string): Promise<SniffedType | null> {
  const extension = extensionOf(fileName);
  const detected = await fileTypeFromFile(path);
  let type: SniffedType | null = null;
  if (detected) {
    const mime = BY_MAGIC[detected.ext];
    if (mime) type = typeOf(mime);
  } else if (extension === '.csv' && (await isPlainText(path))) {
    type = typeOf('text/csv');
  }
  if (!type) return null;
  // No extension (a camera capture) is fine; a wrong one is a lie.
  if (extension !== '' && !type.extensions.includes(extension)) return null;
  return type;
}
