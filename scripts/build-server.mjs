// Compiles the server into dist/server/main.js (one ES module; packages stay in node_modules), so
// `npm start` runs JavaScript instead of compiling TypeScript on every start.
import { copyFileSync, cpSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';
mkdirSync(outdir, { recursive: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${outdir}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
// The embedded database's thread is started from its own file, beside the module that starts it.
copyFileSync('src/server/db/pglite-worker.mjs', `${outdir}/pglite-worker.mjs`);
// The offline verifier that goes into every data export, read beside the bundled module.
copyFileSync('src/server/features/data-export/verify-ledger.mjs', `${outdir}/verify-ledger.mjs`);
// The offline verifier that goes into every proof archive (reports).
copyFileSync(
  'src/server/features/compliance-reports/verify-archive.mjs',
  `${outdir}/verify-archive.mjs`,
);
// The help centre's articles, read beside the bundled module (features/support/articles.ts).
cpSync('src/server/features/support/help', `${outdir}/help`, { recursive: true });
