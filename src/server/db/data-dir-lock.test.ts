import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('data directory lock', () => {
  it('refuses a second holder with a clear error, and frees the directory on release', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another running server/);
    await release();
    const again = await lockDataDir(dir);
    await again();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
