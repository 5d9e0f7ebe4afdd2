// `npm run build` (after the web app): compiles the server into dist/server so
// `npm start` runs plain JavaScript, without the TypeScript loader (decision 33).
// One ESM bundle per entry (start, seed) with shared chunks; packages stay in
// node_modules. A source file's `import.meta.dirname` is rewritten to its own
// directory seen from dist/server, so paths relative to it (migrations, the web
// root, scripts) resolve as they do from the sources.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');

const sourceDirname: Plugin = {
  name: 'source-dirname',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return { contents: source, loader: 'ts' };
      const relative = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${relative}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    start: path.join(root, 'scripts/start.ts'),
    seed: path.join(root, 'scripts/seed.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  // Every output file in dist/server itself: the dirname rewrite below assumes it.
  chunkNames: 'chunk-[hash]',
  plugins: [sourceDirname],
  logLevel: 'warning',
});
console.log(`Server compiled into dist/server in ${Math.round(performance.now() - started)} ms`);
