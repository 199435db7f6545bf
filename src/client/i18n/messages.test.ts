import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import english from './locales/en/validation.json';
import { switchLanguage } from './app';
import { readerMessage } from './messages';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('messages of the shared rules and the server, in the reader’s language', () => {
  afterEach(() => switchLanguage('en'));

  it('reads a known English message in French and Spanish, and leaves an unknown one as written', async () => {
    expect(readerMessage('Use at least 12 characters')).toBe('Use at least 12 characters');
    await switchLanguage('fr');
    expect(readerMessage('Use at least 12 characters')).toBe('Utilisez au moins 12 caractères');
    expect(readerMessage('Some sentence nobody catalogued')).toBe(
      'Some sentence nobody catalogued',
    );
    await switchLanguage('es');
    expect(readerMessage('The passwords do not match')).toBe('Las contraseñas no coinciden');
  });

  it('holds only sentences the code still writes, word for word', () => {
    const code = ['src/shared', 'src/server', 'src/client']
      .flatMap((dir) => sources(join(process.cwd(), dir)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const stale = Object.entries(english).filter(([, text]) => !code.includes(text));
    expect(stale).toEqual([]);
  });
});
