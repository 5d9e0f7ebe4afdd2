import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EditedSetting } from '../../../../domain/settings';
import { errorMessage } from '../../../lib/api-client';
import { useOpenedVersion } from '../../../lib/use-opened-version';
import { getSettingsQueryOptions, type Settings } from '../api/get-settings';

type SectionVersionOptions<T> = {
  /** What the section is filled from, as last read: a refetch brings a newer version. */
  latest: T;
  /** Its version: when the setting was last saved, null while never saved. */
  versionOf: (read: T) => string | null;
  /** Reads it again from the server (Reload). */
  readAgain: () => Promise<T>;
  isDirty: boolean;
  isSaving: boolean;
  /** Fills the section's form from what was read (nothing typed any more). */
  fill: (read: T) => void;
};

/** What a section's `ChangedSinceNotices` shows of its hold on the version. */
export type SettingVersionState = {
  /** The server's words for the last save, refused as out of date; null once reloaded. */
  refusal: string | null;
  isChangedElsewhere: boolean;
  reload: () => Promise<void>;
};

/**
 * A Settings section's hold on the version it was filled from (decisions
 * 187, 220), whatever it is read from: sent with its save; an untouched
 * section follows another admin's save when it is read again, a section
 * with typed changes keeps them and offers Reload, with the words of a save
 * refused as out of date (`ChangedSinceNotices`). The settings of GET
 * /api/settings take it through `useSettingVersion`; Required Documents,
 * read from GET /api/documents/requirements, directly.
 */
export function useSectionVersion<T>({
  latest,
  versionOf,
  readAgain,
  isDirty,
  isSaving,
  fill,
}: SectionVersionOptions<T>) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const version = useOpenedVersion({ latest, versionOf, isDirty, isSaving, fill });

  function open(read: T) {
    version.open(read);
    setRefusal(null);
  }

  return {
    expectedUpdatedAt: version.expectedUpdatedAt,
    isChangedElsewhere: version.isChangedElsewhere,
    refusal,
    /** Fills the section from what was read (a reload, or what a save answered) and takes its version. */
    open,
    /**
     * After a failed save: true when it was refused as out of date; its words
     * then stay above the fields, with Reload, and what was typed is kept.
     */
    refused(error: unknown): boolean {
      const isStale = version.refused(error);
      if (isStale) setRefusal(errorMessage(error));
      return isStale;
    },
    /** Reads it again and fills the section with it as it is now. */
    async reload() {
      open(await readAgain());
    },
  };
}

type SettingVersionOptions<K extends EditedSetting> = {
  setting: K;
  /** The setting and its version as GET /api/settings last read them. */
  settings: Settings;
  isDirty: boolean;
  isSaving: boolean;
  /** Fills the section's form from a saved value (nothing typed any more). */
  fill: (value: Settings[K]) => void;
};

/**
 * `useSectionVersion` for one setting of GET /api/settings (its `versions`).
 * Every section that saves one takes it, with `ChangedSinceNotices` above
 * its fields.
 */
export function useSettingVersion<K extends EditedSetting>({
  setting,
  settings,
  isDirty,
  isSaving,
  fill,
}: SettingVersionOptions<K>) {
  const queryClient = useQueryClient();
  return useSectionVersion({
    latest: settings,
    versionOf: (read) => read.versions[setting],
    readAgain: () => queryClient.fetchQuery({ ...getSettingsQueryOptions(), staleTime: 0 }),
    isDirty,
    isSaving,
    fill: (read) => fill(read[setting]),
  });
}
