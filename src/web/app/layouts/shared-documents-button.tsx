import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FileText } from 'lucide-react';
import type { Role } from '../../../domain/access';
import { SharedDocumentsList } from '../../features/documents/components/shared-documents-list';

/** The header's Documents button: the documents shared with the role, in a dialog. */
export function SharedDocumentsButton({ role }: { role: Role }) {
  const [isOpen, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        color="navy.0"
        size="sm"
        leftSection={<FileText size={16} aria-hidden />}
        onClick={dialog.open}
      >
        Documents
      </Button>
      <Modal
        opened={isOpen}
        onClose={dialog.close}
        title="Shared documents"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {isOpen ? <SharedDocumentsList audience={`${role}s`} /> : null}
      </Modal>
    </>
  );
}
