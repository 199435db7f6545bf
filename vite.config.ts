import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Text the browser downloads; source maps are left out (only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of the build, at
 * the highest levels: compressed once here, the server sends them as they are
 * (@fastify/static's `preCompressed`) instead of compressing on every request.
 */
function precompress(outDir: string): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'centerline:precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((f) =>
          COMPRESSIBLE.test(f),
        );
        await Promise.all(
          files.map(async (file) => {
            const path = join(outDir, file);
            const bytes = await readFile(path);
            const variants = [
              ['.br', await brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
              ['.gz', await gzipped(bytes, { level: 9 })],
            ] as const;
            for (const [extension, compressed] of variants) {
              if (compressed.length < bytes.length) await writeFile(path + extension, compressed);
            }
          }),
        );
      },
    },
  };
}

export default defineConfig({
  root: here('./src/client'),
  publicDir: here('./src/client/public'),
  plugins: [
    react(),
    tailwindcss(),
    // The installable app: a manifest, and a service worker (Workbox) that precaches the built
    // shell so that the field screen opens without a network after one visit. The app registers
    // it once signed in (`ServiceWorkerUpdate`), so the public pages never load it.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Centerline',
        short_name: 'Centerline',
        description: 'Training records, field capture and the Part 142 checklist',
        start_url: '/mobile-field',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b2545',
        background_color: '#0b2545',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // Our own service worker (src/client/sw.ts): Workbox's precache and navigation fallback,
      // plus the field captures' Background Sync.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
        rollupFormat: 'iife',
      },
    }),
    precompress(here('./dist/client')),
  ],
  resolve: {
    alias: {
      '@shared': here('./src/shared'),
      '@client': here('./src/client'),
    },
  },
  build: {
    outDir: here('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
