import { ChangedSince } from './errors';

/**
 * The one check of an optimistic edit (decision 187): the editor sends the
 * `updatedAt` it opened the record at, `expected`; a record saved since
 * (`current` is later, or it was first saved since: null expected) is
 * refused with 409 ('changed_since') and `refusal()`'s message (it may look up who changed it), before anything is written.
 * Left out (undefined), nothing is checked. Call it inside the transaction
 * that writes, after taking the record's lock.
 */
export async function assertUnchangedSince(
  expected: string | null | undefined,
  current: Date | null,
  refusal: () => string | Promise<string>,
): Promise<void> {
  if (expected === undefined) return;
  // Compared as milliseconds: the DTO's ISO string is the stored time read into a Date.
  const expectedTime = expected === null ? null : Date.parse(expected);
  if (expectedTime !== (current?.getTime() ?? null)) throw new ChangedSince(await refusal());
}
