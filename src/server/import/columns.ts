/** A column name as compared with known wordings: lower case, letters and digits only. */
export const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The columns proposed for the fields of an import, which the user confirms or changes: for each
 * field in turn, the first column not taken by an earlier field whose key `fits` it.
 */
export function proposeColumns<F extends string>(
  columns: readonly string[],
  fields: readonly F[],
  fits: (field: F, key: string) => boolean,
): Record<F, string | null> {
  const proposal = {} as Record<F, string | null>;
  const taken = new Set<string>();
  for (const field of fields) {
    const column = columns.find((c) => !taken.has(c) && fits(field, columnKey(c)));
    proposal[field] = column ?? null;
    if (column) taken.add(column);
  }
  return proposal;
}
