import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGuard } from './scripts/chunk-guard-plugin.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    chunkGuard({
      root: repoRoot,
      mobileRoots: [
        'apps/web/src/app/mobile/mobile-shell.tsx',
        'apps/web/src/app/mobile/mobile-root.tsx',
        'apps/web/src/features/auth/mobile/mobile-login-page.tsx',
      ],
      forbiddenOnMobile: [/node_modules\/antd\//, /node_modules\/@ant-design\//],
      maxChunkBytes: 2 * 1024 * 1024,
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/voice': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
