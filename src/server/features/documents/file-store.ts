import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/**
 * Where uploaded files live. Keys are generated here (never from a client's
 * file name), so a name like '../../etc/passwd' only ever reaches the
 * database as text.
 */
export type FileStore = {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under a new key and returns it. */
  put(bytes: Buffer, contentType: string): Promise<string>;
  /** The file's bytes as a stream; null when no such key is stored. */
  open(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Every stored key (a backup reads them all). */
  keys(): AsyncIterable<string>;
  /** Stores bytes under a key taken from a backup (restore only; it must be a generated key). */
  restore(key: string, body: Readable): Promise<void>;
};

/** A generated key: a random UUID, nothing a client chose. */
export function newFileKey(): string {
  return crypto.randomUUID();
}

const KEY = /^[0-9a-f-]{36}$/;

/** Files under a folder, `$DATA_DIR/files` by default. */
export function localFileStore(folder: string): FileStore {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Not a stored file key: ${key}`);
    return path.join(folder, key);
  };
  return {
    kind: 'local',
    async put(bytes) {
      await fsp.mkdir(folder, { recursive: true });
      const key = newFileKey();
      // Written aside and renamed: a crash never leaves half a file under the key.
      const partial = `${pathOf(key)}.partial`;
      await fsp.writeFile(partial, bytes, { flag: 'wx' });
      await fsp.rename(partial, pathOf(key));
      return key;
    },
    async open(key) {
      const file = pathOf(key);
      try {
        await fsp.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async *keys() {
      let names: string[];
      try {
        names = await fsp.readdir(folder);
      } catch {
        return;
      }
      // A '.partial' file is an upload cut short: not a stored file.
      for (const name of names) if (KEY.test(name)) yield name;
    },
    async restore(key, body) {
      await fsp.mkdir(folder, { recursive: true });
      const partial = `${pathOf(key)}.partial`;
      await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
      await fsp.rename(partial, pathOf(key));
    },
  };
}

export type S3Options = {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
};

/** Files in an S3-compatible bucket (AWS, MinIO, R2...), shared by every app instance. */
export function s3FileStore(options: S3Options): FileStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  return {
    kind: 's3',
    async put(bytes, contentType) {
      const key = newFileKey();
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
        }),
      );
      return key;
    },
    async open(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: key }),
        );
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && KEY.test(object.Key)) yield object.Key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async restore(key, body) {
      if (!KEY.test(key)) throw new Error(`Not a stored file key: ${key}`);
      // The type each download is served with is the database's; the object's own is not read.
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: await buffer(body),
          ContentType: 'application/octet-stream',
        }),
      );
    },
  };
}

/** The store the configuration names: S3 when S3_BUCKET is set, else the data directory. */
export function fileStoreFor(config: Config): FileStore {
  if (config.S3_BUCKET) {
    return s3FileStore({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return localFileStore(path.join(config.dataDir, 'files'));
}
