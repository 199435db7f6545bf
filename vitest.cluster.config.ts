import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The fault tests of many nodes: real processes of the build (dist/), nginx and PostgreSQL.
 * Run after `npm run build`, with PostgreSQL on 127.0.0.1:5432 (scripts/test.sh does both).
 */
export default defineConfig({
  resolve: {
    alias: { '@shared': here('./src/shared'), '@server': here('./src/server') },
  },
  test: {
    name: 'cluster',
    include: ['cluster-tests/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
