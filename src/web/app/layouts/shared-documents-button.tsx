import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FileText } from 'lucide-react';
import type { Role } from '../../../domain/access';
import { useDialogOpener } from '../../lib/dialog-opener';
import classes from './app-layout.module.css';

// The dialog (Modal, the documents list, date formatting) is fetched on the
// first open, not with every page of the shell.
const SharedDocumentsDialog = lazy(async () => ({
  default: (await import('./shared-documents-dialog')).SharedDocumentsDialog,
}));

/** The header's Documents button: the documents shared with the role, in a dialog. */
export function SharedDocumentsButton({ role }: { role: Role }) {
  const [isOpen, dialog] = useDisclosure(false);
  const [hasDialog, setHasDialog] = useState(false);
  const opener = useDialogOpener();
  return (
    <>
      <Button
        variant="subtle"
        color="navy.0"
        size="sm"
        leftSection={<FileText size={16} aria-hidden />}
        classNames={{
          root: `${classes.collapsibleButton} ${classes.touchTarget}`,
          section: classes.collapsibleSection,
        }}
        onClick={(event) => {
          opener.remember(event.currentTarget);
          setHasDialog(true);
          dialog.open();
        }}
      >
        <span className={classes.collapsibleLabel}>Documents</span>
      </Button>
      {hasDialog ? (
        <Suspense fallback={null}>
          <SharedDocumentsDialog
            role={role}
            opened={isOpen}
            onClose={() => {
              dialog.close();
              opener.returnFocus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
