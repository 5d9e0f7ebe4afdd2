import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Customer } from '../../../../domain/customers';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCreateCustomer } from '../api/create-customer';
import {
  EMPTY_CUSTOMER_FORM,
  VEHICLE_TYPE_OPTIONS,
  splitServerErrors,
  toCustomerInput,
  type CustomerFormValues,
} from './customer-form-fields';

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CustomerFormValues>({ initialValues: EMPTY_CUSTOMER_FORM });

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      const { customer } = await createCustomer.mutateAsync(toCustomerInput(values));
      form.reset();
      notifications.show({
        color: 'green',
        title: 'Customer added',
        message: `${customer.firstName} ${customer.lastName}`.trim(),
      });
      onSuccess?.(customer);
    } catch (error) {
      console.error('Error creating customer:', error);
      const { shown, other } = splitServerErrors(
        isApiError(error) ? error.fields : undefined,
        Object.keys(values),
      );
      form.setErrors(shown);
      if (Object.keys(shown).length === 0 || other.length > 0) {
        setFormError(other.length > 0 ? other.join(' ') : errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="First Name"
            withAsterisk
            autoComplete="off"
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last Name"
            autoComplete="off"
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="+61"
            autoComplete="off"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <TextInput
          label="Home Address"
          autoComplete="off"
          key={form.key('homeAddress')}
          {...form.getInputProps('homeAddress')}
        />
        <NativeSelect
          label="Preferred Vehicle Type"
          data={VEHICLE_TYPE_OPTIONS}
          key={form.key('preferredVehicleType')}
          {...form.getInputProps('preferredVehicleType')}
        />
        <Textarea label="Notes" rows={3} key={form.key('notes')} {...form.getInputProps('notes')} />
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            onClick={() => {
              form.reset();
              setFormError(null);
              onCancel();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" loading={createCustomer.isPending}>
            Add Customer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
