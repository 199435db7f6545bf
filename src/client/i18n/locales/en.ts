/**
 * Every catalogue of this language the application's screens use, one chunk fetched when the
 * language is first used. The public pages' and the shell's text are read by i18n/lite.ts.
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['./en/*.json', '!./en/marketing.json', '!./en/marketing-pages.json', '!./en/shell.json'],
  {
    eager: true,
    import: 'default',
  },
);

export default Object.fromEntries(
  Object.entries(files).map(([path, catalogue]) => [
    path.slice('./en/'.length, -'.json'.length),
    catalogue,
  ]),
);
