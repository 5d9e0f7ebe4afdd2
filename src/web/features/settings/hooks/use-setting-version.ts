import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EditedSetting } from '../../../../domain/settings';
import { errorMessage } from '../../../lib/api-client';
import { useOpenedVersion } from '../../../lib/use-opened-version';
import { getSettingsQueryOptions, type Settings } from '../api/get-settings';

type SettingVersionOptions<K extends EditedSetting> = {
  setting: K;
  /** The setting and its version as GET /api/settings last read them. */
  settings: Settings;
  isDirty: boolean;
  isSaving: boolean;
  /** Fills the section's form from a saved value (nothing typed any more). */
  fill: (value: Settings[K]) => void;
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
 * 187, 220): sent with its save; an untouched section follows another
 * admin's save when the settings are read again, a section with typed
 * changes keeps them and offers Reload. Every section that saves a setting
 * takes it, with `ChangedSinceNotices` above its fields.
 */
export function useSettingVersion<K extends EditedSetting>({
  setting,
  settings,
  isDirty,
  isSaving,
  fill,
}: SettingVersionOptions<K>) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const version = useOpenedVersion({
    latest: settings,
    versionOf: (read) => read.versions[setting],
    isDirty,
    isSaving,
    fill: (read) => fill(read[setting]),
  });

  function open(read: Settings) {
    version.open(read);
    setRefusal(null);
  }

  return {
    expectedUpdatedAt: version.expectedUpdatedAt,
    isChangedElsewhere: version.isChangedElsewhere,
    refusal,
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
    /** Reads the settings again and fills the section with this one as it is now. */
    async reload() {
      open(await queryClient.fetchQuery({ ...getSettingsQueryOptions(), staleTime: 0 }));
    },
  };
}
