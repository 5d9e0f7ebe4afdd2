import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
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

  it('lists every key it holds and takes a file back under its key (backup and restore)', async () => {
    const source = makeStore();
    const keys = [
      await source.put(Buffer.from('first'), 'application/pdf'),
      await source.put(Buffer.from('second'), 'image/png'),
    ];
    const listed: string[] = [];
    for await (const key of source.keys()) listed.push(key);
    expect(listed).toEqual(expect.arrayContaining(keys));
    const target = localFileStore(tempFolder());
    for (const key of keys) await target.restore(key, (await source.open(key))!);
    const restored: string[] = [];
    for await (const key of target.keys()) restored.push(key);
    expect(restored.sort()).toEqual([...keys].sort());
    expect(await text((await target.open(keys[1]!))!)).toBe('second');
  });
});

it('the S3 store takes a restored file back under its key', async () => {
  const store = s3FileStore({
    bucket: 'documents',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  const key = '11111111-2222-4333-8444-555555555555';
  await store.restore(key, Readable.from([Buffer.from('restored bytes')]));
  expect(await text((await store.open(key))!)).toBe('restored bytes');
  await expect(store.restore('../escape', Readable.from([]))).rejects.toThrow(
    /Not a stored file key/,
  );
});

it('the local store refuses a key that is not one it generated', async () => {
  const store = localFileStore(tempFolder());
  await expect(store.open('../../etc/passwd')).rejects.toThrow(/Not a stored file key/);
});
