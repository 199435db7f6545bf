import { describe, expect, it } from 'vitest';
import { formatBytes, MAX_UPLOAD_BYTES, rejectionMessage } from './file-rules';

describe('rejectionMessage', () => {
  it('accepts the listed types in any letter case', () => {
    expect(rejectionMessage({ name: 'record.PDF', size: 10 })).toBeNull();
    expect(rejectionMessage({ name: 'roster.xlsx', size: 10 })).toBeNull();
    expect(rejectionMessage({ name: 'scan.jpeg', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('rejects other types with the spec message', () => {
    expect(rejectionMessage({ name: 'notes.txt', size: 10 })).toBe(
      'File type must be one of .pdf, .xlsx, .csv, .jpg, .jpeg, .png, .docx',
    );
    expect(rejectionMessage({ name: 'no-extension', size: 10 })).toMatch(
      /^File type must be one of/,
    );
  });

  it('rejects files over 10 MB and empty files', () => {
    expect(rejectionMessage({ name: 'big.pdf', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      'File is larger than 10485760 bytes',
    );
    expect(rejectionMessage({ name: 'empty.csv', size: 0 })).toBe('File is smaller than 1 bytes');
  });
});

describe('formatBytes', () => {
  it('uses the largest sensible unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(MAX_UPLOAD_BYTES)).toBe('10.0 MB');
  });
});
