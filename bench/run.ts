// `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones)
// one after another and prints their results. Each module's default export is
// an async function that prints its own figures.
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((word) => name.includes(word)))
  .sort();

for (const file of files) {
  console.log(`\n## ${file}`);
  const module = (await import(path.join(dir, file))) as { default: () => Promise<void> };
  await module.default();
}
