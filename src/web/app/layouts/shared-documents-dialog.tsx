import '../styles/overlay-styles';
import { Modal } from '@mantine/core';
import type { Role } from '../../../domain/access';
import { SharedDocumentsList } from '../../features/documents/components/shared-documents-list';

type SharedDocumentsDialogProps = { role: Role; opened: boolean; onClose: () => void };

/** The documents shared with the role, in a dialog (loaded on the first open). */
export function SharedDocumentsDialog({ role, opened, onClose }: SharedDocumentsDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Shared documents"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened ? <SharedDocumentsList audience={`${role}s`} /> : null}
    </Modal>
  );
}
