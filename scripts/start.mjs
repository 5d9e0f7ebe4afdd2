// `npm start`: the server compiled by `npm run build` (dist/server), or, when
// there is no build or a source file is newer than it, the TypeScript
// sources through tsx. Plain JavaScript, so choosing costs no loader.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const compiled = path.join(root, 'dist/server/start.js');

/** The newest modification time of the .ts files under the given folders. */
function newestSource(folders) {
  let newest = 0;
  for (const folder of folders) {
    for (const entry of fs.readdirSync(path.join(root, folder), {
      recursive: true,
      withFileTypes: true,
    })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const built = fs.existsSync(compiled) ? fs.statSync(compiled).mtimeMs : 0;
if (built > 0 && built >= newestSource(['src/server', 'src/domain', 'scripts'])) {
  await import(compiled);
} else {
  if (built > 0)
    console.log('The sources changed since `npm run build`: starting them through tsx.');
  const { register } = await import('tsx/esm/api');
  register();
  await import('./start.ts');
}
