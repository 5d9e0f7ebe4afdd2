import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Customer, CustomerUpdate, SavedAddress } from '../../../../domain/customers';
import { useUpdateCustomer } from '../api/update-customer';
import { CustomerForm, type CustomerFormInitial } from './customer-form';
import { toCustomerInput, type CustomerFormValues } from './customer-form-fields';

function initialValues(customer: Customer): CustomerFormInitial {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    homeAddress: customer.homeAddress ?? '',
    preferredVehicleType: customer.preferredVehicleType ?? '',
    notes: customer.notes,
    savedAddresses: customer.savedAddresses.map(({ label, address }) => ({ label, address })),
  };
}

/** Only what changed is sent. */
function changedFields(
  initial: CustomerFormInitial,
  fields: CustomerFormValues,
  addresses: SavedAddress[],
): CustomerUpdate {
  const next = toCustomerInput(fields);
  const before = toCustomerInput(initial);
  const changes: CustomerUpdate = {};
  for (const name of Object.keys(next) as (keyof typeof next)[]) {
    if (next[name] !== before[name]) Object.assign(changes, { [name]: next[name] });
  }
  if (JSON.stringify(addresses) !== JSON.stringify(initial.savedAddresses)) {
    changes.savedAddresses = addresses;
  }
  return changes;
}

type CustomerEditFormProps = {
  customer: Customer;
  onDone: () => void;
};

/** Every field of the profile, saved addresses included; saved by id, then the list reloads. */
export function CustomerEditForm({ customer, onDone }: CustomerEditFormProps) {
  const updateCustomer = useUpdateCustomer();
  const [initial] = useState(() => initialValues(customer));
  return (
    <CustomerForm
      variant="edit"
      initialValues={initial}
      isPending={updateCustomer.isPending}
      onCancel={onDone}
      onSubmit={async (fields, addresses) => {
        const changes = changedFields(initial, fields, addresses);
        if (Object.keys(changes).length === 0) {
          onDone();
          return;
        }
        await updateCustomer.mutateAsync({ id: customer.id, changes });
        notifications.show({
          color: 'green',
          title: 'Customer saved',
          message: `${fields.firstName} ${fields.lastName}`.trim(),
        });
        onDone();
      }}
    />
  );
}
