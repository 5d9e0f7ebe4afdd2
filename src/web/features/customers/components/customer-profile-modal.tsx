import { Alert, Button, Center, Group, Loader, Modal, VisuallyHidden } from '@mantine/core';
import { Pencil } from 'lucide-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useGuardedClose } from '../../../lib/leave-guard';
import { errorMessage } from '../../../lib/api-client';
import { useCustomer } from '../api/get-customer';
import { CustomerEditForm } from './customer-edit-form';
import { CustomerProfile } from './customer-profile';

type CustomerProfileModalProps = {
  /** The customer shown; null keeps the dialog closed. */
  customerId: string | null;
  onClose: () => void;
  /** Offers Edit: only where the viewer manages customers (Customer Management). */
  canEdit?: boolean;
};

/** The large 'Customer Profile' dialog, with an Edit mode where the viewer may edit. */
export function CustomerProfileModal({
  customerId,
  onClose,
  canEdit = true,
}: CustomerProfileModalProps) {
  // A phone gets the whole screen: the profile is long.
  const isPhone = useMediaQuery('(max-width: 36em)');
  // Closing the profile while its Edit form holds changes asks first.
  const guardedClose = useGuardedClose(onClose);
  return (
    <>
      <Modal
        opened={customerId !== null}
        onClose={guardedClose.close}
        closeOnEscape={!guardedClose.isAsking}
        title="Customer Profile"
        size="xl"
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {customerId !== null && (
          <CustomerProfileBody key={customerId} customerId={customerId} canEdit={canEdit} />
        )}
      </Modal>
      {guardedClose.question}
    </>
  );
}

function CustomerProfileBody({ customerId, canEdit }: { customerId: string; canEdit: boolean }) {
  const detail = useCustomer(customerId);
  const [isEditing, setEditing] = useState(false);

  if (detail.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader />
        <VisuallyHidden>Loading</VisuallyHidden>
      </Center>
    );
  }
  if (detail.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(detail.error)}
      </Alert>
    );
  }
  if (isEditing) {
    return <CustomerEditForm customer={detail.data.customer} onDone={() => setEditing(false)} />;
  }
  return (
    <>
      {canEdit ? (
        <Group justify="flex-end" mb="xs">
          <Button
            variant="light"
            leftSection={<Pencil size={16} />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        </Group>
      ) : null}
      <CustomerProfile {...detail.data} />
    </>
  );
}
