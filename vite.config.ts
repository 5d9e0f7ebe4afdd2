import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { driverPwa } from './scripts/driver-pwa';
import { mantineStableIds } from './scripts/mantine-stable-ids';
import { writePrecompressed } from './scripts/precompress';
import { publicBudget } from './scripts/public-budget';
import { publicChunks } from './scripts/public-chunks';

/** Precompresses every text asset of the build (scripts/precompress.ts). */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/web';
      for (const fileName of Object.keys(bundle)) {
        if (/\.(js|css|html|svg)$/.test(fileName))
          await writePrecompressed(path.join(dir, fileName));
      }
    },
  };
}

// The web app lives in src/web; the server serves dist/web in production.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), mantineStableIds(), precompress(), driverPwa(), publicBudget()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The domain is pure rules (DESIGN.md): a domain module none of whose
      // exports a page uses is left out, schemas included (decision 34).
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]domain[\\/]/, sideEffects: false }] },
      output: {
        // Leaflet in a chunk of its own; a public page's code in a few chunks
        // instead of one per shared component (scripts/public-chunks.ts).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: publicChunks(), debugName: 'public-chunks' }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false },
    },
  },
});
