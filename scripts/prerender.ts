// Renders the public pages' HTML into the built app (dist/web/prerendered),
// run by `npm run build` after Vite's build. The server sends these files for
// those paths (compressed: .br and .gz beside them); the browser then
// hydrates them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import type * as RenderPage from '../src/web/prerender/render-page';
import { writePrecompressed } from './precompress';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/web');
const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The prerendered pages' script: the entry and its preloads fetched once the
 * page has painted, not alongside the stylesheet. The page is readable before
 * any script runs, and on a slow line the 130 kB of scripts competed with the
 * render-blocking stylesheet for the same bandwidth, delaying the first paint
 * (decision 68). A file of its own: the CSP allows scripts from 'self' only.
 */
function afterPaintLoader(html: string): { html: string; file: string; code: string } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const code =
    `const preload = ${JSON.stringify(preloads)};\n` +
    // The callback of the next frame runs before it paints; the timeout, after.
    'requestAnimationFrame(() => setTimeout(() => {\n' +
    '  for (const href of preload) {\n' +
    "    const link = document.createElement('link');\n" +
    "    Object.assign(link, { rel: 'modulepreload', href, crossOrigin: '' });\n" +
    '    document.head.append(link);\n' +
    '  }\n' +
    `  import(${JSON.stringify(entry)});\n` +
    '}));\n';
  const hash = crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const file = `assets/after-paint-${hash}.js`;
  const script = `\n    <script type="module" crossorigin src="/${file}"></script>`;
  return {
    html: html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, script),
    file,
    code,
  };
}

const vite = await createServer({
  configFile: path.join(root, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { renderPage, PRERENDERED_PATHS } = (await vite.ssrLoadModule(
    '/prerender/render-page.tsx',
  )) as typeof RenderPage;
  const loader = afterPaintLoader(template);
  fs.writeFileSync(path.join(outDir, loader.file), loader.code);
  fs.mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
  for (const page of PRERENDERED_PATHS) {
    const html = await renderPage(page);
    const file = path.join(outDir, 'prerendered', `${page.slice(1)}.html`);
    fs.writeFileSync(
      file,
      loader.html.replace('<div id="root"></div>', `<div id="root">${html}</div>`),
    );
    await writePrecompressed(file);
    console.log(`prerendered ${page} (${Math.round(html.length / 1024)} kB)`);
  }
} finally {
  await vite.close();
}
