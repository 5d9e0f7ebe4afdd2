// Compiles server entry points with esbuild the way `npm start` runs them
// (decision 33): one ESM bundle per entry with shared chunks, packages left in
// node_modules. Used by `npm run build` (scripts/build-server.ts) and by the
// request-path bench, so that the bench measures the code the app runs.
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * A source file's `import.meta.dirname` is rewritten to its own directory seen
 * from `outdir`, so paths relative to it (migrations, the web root, scripts)
 * resolve as they do from the sources.
 */
function sourceDirname(outdir: string): Plugin {
  return {
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
}

/**
 * Bundles `entryPoints` (output name -> source file) into `outdir`, emptied
 * first. `outdir` must lie inside the project: the bundles import packages by
 * name, found in the project's node_modules.
 */
export async function bundleServer(entryPoints: Record<string, string>, outdir: string) {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    // Every output file in outdir itself: the dirname rewrite assumes it.
    chunkNames: 'chunk-[hash]',
    plugins: [sourceDirname(outdir)],
    logLevel: 'warning',
  });
}
