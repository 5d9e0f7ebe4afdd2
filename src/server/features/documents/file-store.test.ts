import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { localFileStore, s3FileStore, type FileStore } from './file-store';

const folders: string[] = [];
function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
  folders.push(folder);
  return folder;
}

let s3: S3rver;
let endpoint = '';

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tempFolder(),
    configureBuckets: [{ name: 'documents', configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['local', () => localFileStore(tempFolder())],
  [
    's3',
    () =>
      s3FileStore({
        bucket: 'documents',
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
];

describe.each(stores)('the %s file store', (_kind, makeStore) => {
  it('keeps bytes under a generated key and streams them back', async () => {
    const store = makeStore();
    const key = await store.put(Buffer.from('%PDF-1.4 hello'), 'application/pdf');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const stream = await store.open(key);
    expect(stream).not.toBeNull();
    expect(await text(stream!)).toBe('%PDF-1.4 hello');
  });

  it('answers null for a key it does not hold, and forgets a removed file', async () => {
    const store = makeStore();
    expect(await store.open('00000000-0000-4000-8000-000000000000')).toBeNull();
    const key = await store.put(Buffer.from('bytes'), 'image/png');
    await store.remove(key);
    expect(await store.open(key)).toBeNull();
  });
});

it('the local store refuses a key that is not one it generated', async () => {
  const store = localFileStore(tempFolder());
  await expect(store.open('../../etc/passwd')).rejects.toThrow(/Not a stored file key/);
});
