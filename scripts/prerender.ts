// Renders the public pages' HTML into the built app (dist/web/prerendered),
// run by `npm run build` after Vite's build. The server sends these files for
// those paths; the browser then hydrates them.
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import type * as RenderPage from '../src/web/prerender/render-page';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/web');
const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');

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
  fs.mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
  for (const page of PRERENDERED_PATHS) {
    const html = await renderPage(page);
    const file = path.join(outDir, 'prerendered', `${page.slice(1)}.html`);
    fs.writeFileSync(
      file,
      template.replace('<div id="root"></div>', `<div id="root">${html}</div>`),
    );
    console.log(`prerendered ${page} (${Math.round(html.length / 1024)} kB)`);
  }
} finally {
  await vite.close();
}
