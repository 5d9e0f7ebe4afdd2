import { useQueryClient } from '@tanstack/react-query';
import type { EditedSetting } from '../../../../domain/settings';
import { useOpenedVersion } from '../../../lib/use-opened-version';
import { getSettingsQueryOptions, type Settings } from '../api/get-settings';

type SettingVersionOptions<K extends EditedSetting> = {
  setting: K;
  /** The setting and its version as GET /api/settings last read them. */
  settings: Settings;
  isDirty: boolean;
  isSaving: boolean;
  /** Fills the section's form from a saved value. */
  fill: (value: Settings[K]) => void;
};

/**
 * A Settings section's hold on the version it was filled from (decision
 * 187): sent with its save; an untouched section follows another admin's
 * save when the settings are read again, a section with typed changes keeps
 * them and offers Reload.
 */
export function useSettingVersion<K extends EditedSetting>({
  setting,
  settings,
  isDirty,
  isSaving,
  fill,
}: SettingVersionOptions<K>) {
  const queryClient = useQueryClient();
  const version = useOpenedVersion({
    latest: settings,
    versionOf: (read) => read.versions[setting],
    isDirty,
    isSaving,
    fill: (read) => fill(read[setting]),
  });

  /** Reads the settings again and fills the section with this one as it is now. */
  async function reload() {
    const fresh = await queryClient.fetchQuery({ ...getSettingsQueryOptions(), staleTime: 0 });
    version.open(fresh);
  }

  return { ...version, reload };
}
