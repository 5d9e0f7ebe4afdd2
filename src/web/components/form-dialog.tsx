import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useGuardedClose } from '../lib/leave-guard';

/**
 * A dialog holding a form (Add Driver, Edit Vehicle, a customer's profile and
 * its Edit): the whole screen on a phone, a close button named Close, and
 * Escape, the backdrop or that button ask 'Close without saving?' first
 * while the form holds unsaved input (decision 178).
 */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size: ModalProps['size'];
  children: ReactNode;
}) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const guarded = useGuardedClose(onClose);
  return (
    <>
      <Modal
        opened={opened}
        onClose={guarded.close}
        // Mantine's Escape reaches every open dialog: the question answers it.
        closeOnEscape={!guarded.isAsking}
        title={title}
        size={size}
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {children}
      </Modal>
      {guarded.question}
    </>
  );
}
