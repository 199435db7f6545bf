/** Every catalogue of this language, one chunk fetched when the language is first used. */
const files = import.meta.glob<Record<string, unknown>>('./es/*.json', {
  eager: true,
  import: 'default',
});

export default Object.fromEntries(
  Object.entries(files).map(([path, catalogue]) => [
    path.slice('./es/'.length, -'.json'.length),
    catalogue,
  ]),
);
