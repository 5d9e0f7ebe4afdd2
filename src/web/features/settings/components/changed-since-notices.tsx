import { Alert } from '@mantine/core';
import { useState } from 'react';
import { ChangedElsewhereNotice } from '../../../components/changed-elsewhere-notice';
import { errorMessage } from '../../../lib/api-client';
import type { SettingVersionState } from '../hooks/use-setting-version';

type ChangedSinceNoticesProps = {
  version: SettingVersionState;
  /** The section has typed changes, which Reload drops. */
  hasTypedChanges: boolean;
};

/**
 * Above a Settings section's fields (decision 220): the words of a save
 * refused because another admin saved the setting since it was opened (in
 * the form's alert, where a refused save puts the focus), and Reload, which
 * fills the section with the saved values. Until Reload, what was typed stays.
 */
export function ChangedSinceNotices({ version, hasTypedChanges }: ChangedSinceNoticesProps) {
  const [reloadError, setReloadError] = useState<string | null>(null);

  async function reload() {
    setReloadError(null);
    try {
      await version.reload();
    } catch (error) {
      setReloadError(errorMessage(error));
    }
  }

  const problem = reloadError ?? version.refusal;
  return (
    <>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      {version.isChangedElsewhere ? (
        <ChangedElsewhereNotice hasTypedChanges={hasTypedChanges} onReload={() => void reload()} />
      ) : null}
    </>
  );
}
