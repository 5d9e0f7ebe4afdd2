import { useEffect, useState } from 'react';
import { CHANGED_SINCE_CODE } from '../../domain/api/changed-since';
import { isApiError } from './api-client';

/** A save the server refused because what the form shows was changed since it was opened. */
export function isChangedSinceRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === CHANGED_SINCE_CODE;
}

type OpenedVersionOptions<T> = {
  /** The record as last read: a refetch (another admin's save) brings a newer version. */
  latest: T;
  /** Its version: its updatedAt, null for a setting never saved. */
  versionOf: (record: T) => string | null;
  /** The form has typed changes. */
  isDirty: boolean;
  /** A save is on its way: the version it makes is not someone else's. */
  isSaving: boolean;
  /** Fills the form from a record (its values become the untouched ones). */
  fill: (record: T) => void;
};

/**
 * An edit form's hold on the version it was filled from (decision 187): the
 * form sends it as `expectedUpdatedAt` and the server refuses a save on a
 * record changed since. An untouched form follows a newer version at once
 * (another admin's save shows); a form with typed changes keeps them, and
 * `isChangedElsewhere` says to Reload, as it does after a refused save.
 */
export function useOpenedVersion<T>({
  latest,
  versionOf,
  isDirty,
  isSaving,
  fill,
}: OpenedVersionOptions<T>) {
  const [opened, setOpened] = useState(() => versionOf(latest));
  const [wasRefused, setRefused] = useState(false);
  const latestVersion = versionOf(latest);
  const isBehind = latestVersion !== opened;

  useEffect(() => {
    if (!isBehind || isDirty || isSaving || wasRefused) return;
    fill(latest);
    setOpened(latestVersion);
  }, [isBehind, isDirty, isSaving, wasRefused, fill, latest, latestVersion]);

  return {
    /** What the save sends as expectedUpdatedAt. */
    expectedUpdatedAt: opened,
    /** Saving would be refused: Reload shows the record as it is now. */
    isChangedElsewhere: !isSaving && (wasRefused || (isBehind && isDirty)),
    /** Fills the form from `record` (a reload, or what a save answered) and takes its version. */
    open(record: T) {
      fill(record);
      setOpened(versionOf(record));
      setRefused(false);
    },
    /** After a failed save: true when it was refused as out of date (the form then offers Reload). */
    refused(error: unknown): boolean {
      const isStale = isChangedSinceRefusal(error);
      if (isStale) setRefused(true);
      return isStale;
    },
  };
}
