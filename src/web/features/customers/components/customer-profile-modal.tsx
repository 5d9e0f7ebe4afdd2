import { Alert, Button, Center, Group, Loader, VisuallyHidden } from '@mantine/core';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
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
  // A phone gets the whole screen (FormDialog): the profile is long.
  return (
    <FormDialog opened={customerId !== null} onClose={onClose} title="Customer Profile" size="xl">
      {customerId !== null && (
        <CustomerProfileBody key={customerId} customerId={customerId} canEdit={canEdit} />
      )}
    </FormDialog>
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
