import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const alias = {
  '@shared': here('./src/shared'),
  '@server': here('./src/server'),
  '@client': here('./src/client'),
  'virtual:pwa-register/react': here('./src/client/test/pwa-register.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'src/witness/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/no-network.ts'],
          // Test files in a worker share one embedded database (a new PGlite costs seconds
          // and ~400 MB); tests isolate themselves by organization.
          pool: 'forks',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'client',
          setupFiles: ['src/client/test/i18n-setup.ts'],
          include: ['src/client/**/*.test.tsx', 'src/client/**/*.test.ts'],
          environment: 'jsdom',
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
        },
      },
    ],
  },
});
