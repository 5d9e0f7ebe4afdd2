import { describe, expect, it } from 'vitest';
import { assertUnchangedSince } from './expected-version';

describe('assertUnchangedSince', async () => {
  const savedAt = new Date('2026-03-05T01:42:00.123Z');
  const refusal = () => 'changed since';

  it('lets a save through when the version sent is the one stored, in any offset', async () => {
    await expect(
      assertUnchangedSince('2026-03-05T09:42:00.123+08:00', savedAt, refusal),
    ).resolves.toBeUndefined();
    await expect(assertUnchangedSince(null, null, refusal)).resolves.toBeUndefined();
  });

  it('checks nothing when no version is sent', async () => {
    await expect(assertUnchangedSince(undefined, savedAt, refusal)).resolves.toBeUndefined();
  });

  it('refuses with 409 a version older than the stored one, or a first save since', async () => {
    const older = '2026-03-05T01:41:00.000Z';
    await expect(assertUnchangedSince(older, savedAt, refusal)).rejects.toMatchObject({
      statusCode: 409,
      code: 'changed_since',
      message: 'changed since',
    });
    await expect(assertUnchangedSince(null, savedAt, refusal)).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});
