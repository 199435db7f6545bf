/**
 * Reading a catalogue file (nested keys, i18next's `{{name}}` placeholders and `_one`/`_other`
 * plural suffixes), for the checks the client's and the server's catalogues share.
 */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every text of the tree under its dotted key. */
export function flattenCatalogue(tree: CatalogueTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenCatalogue(value, path)) out.set(k, v);
  }
  return out;
}

/** The placeholder names of a text, sorted: `{{count}}`, `{{x, number}}` → count, x. */
export const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();

/** A key without its plural suffix. */
export const pluralBase = (key: string) => key.replace(PLURAL_SUFFIX, '');
