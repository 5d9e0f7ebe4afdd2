import { notifications } from '@mantine/notifications';
import type { Customer } from '../../../../domain/customers';
import { useCreateCustomer } from '../api/create-customer';
import { CustomerForm } from './customer-form';
import { EMPTY_CUSTOMER_FORM, toCustomerInput } from './customer-form-fields';

const EMPTY_CUSTOMER = { ...EMPTY_CUSTOMER_FORM, savedAddresses: [] };

type AddCustomerFormProps = {
  /** Called after the customer is created and the form reset (close the dialog here). */
  onSuccess?: (customer: Customer) => void;
  onCancel: () => void;
};

/**
 * The Add Customer form (spec section 2, screen 9), used by the Customer
 * Management page and the admin dashboard's dialog. The server checks the
 * fields; its messages appear under them (e.g. a phone another customer has).
 */
export function AddCustomerForm({ onSuccess, onCancel }: AddCustomerFormProps) {
  const createCustomer = useCreateCustomer();
  return (
    <CustomerForm
      variant="add"
      initialValues={EMPTY_CUSTOMER}
      isPending={createCustomer.isPending}
      onCancel={onCancel}
      onSubmit={async (fields) => {
        try {
          const { customer } = await createCustomer.mutateAsync(toCustomerInput(fields));
          notifications.show({
            color: 'green',
            title: 'Customer added',
            message: `${customer.firstName} ${customer.lastName}`.trim(),
          });
          onSuccess?.(customer);
        } catch (error) {
          // Spec section 8 (error catalogue): a failed create is logged under this text.
          console.error('Error creating customer:', error);
          throw error;
        }
      }}
    />
  );
}
