import fs from 'node:fs/promises';
import zlib from 'node:zlib';

/** Files smaller than this are sent as they are: compressing them saves nothing worth a file. */
const MIN_BYTES = 1024;

/**
 * Writes `file.gz` and `file.br` next to a built text file, so the server
 * sends it compressed (@fastify/static preCompressed) without compressing
 * per request. Used for Vite's output and for the prerendered pages.
 */
export async function writePrecompressed(file: string): Promise<void> {
  const data = await fs.readFile(file);
  if (data.length < MIN_BYTES) return;
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  await fs.writeFile(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
