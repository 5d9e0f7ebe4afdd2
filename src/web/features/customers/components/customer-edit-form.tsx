import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  MAX_SAVED_ADDRESSES,
  type Customer,
  type CustomerUpdate,
} from '../../../../domain/customers';
import { errorMessage, isApiError } from '../../../lib/api-client';
import {
  VEHICLE_TYPE_OPTIONS,
  splitServerErrors,
  toCustomerInput,
  type CustomerFormValues,
} from './customer-form-fields';
import { useUpdateCustomer } from '../api/update-customer';

type SavedAddressRow = { key: string; label: string; address: string };
type EditValues = CustomerFormValues & { savedAddresses: SavedAddressRow[] };

function initialValues(customer: Customer): EditValues {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    homeAddress: customer.homeAddress ?? '',
    preferredVehicleType: customer.preferredVehicleType ?? '',
    notes: customer.notes,
    savedAddresses: customer.savedAddresses.map((saved) => ({ key: randomId(), ...saved })),
  };
}

/** Only what changed is sent. */
function changedFields(initial: EditValues, values: EditValues): CustomerUpdate {
  const next = toCustomerInput(values);
  const before = toCustomerInput(initial);
  const changes: CustomerUpdate = {};
  for (const name of Object.keys(next) as (keyof typeof next)[]) {
    if (next[name] !== before[name]) Object.assign(changes, { [name]: next[name] });
  }
  const addresses = values.savedAddresses.map(({ label, address }) => ({ label, address }));
  const addressesBefore = initial.savedAddresses.map(({ label, address }) => ({ label, address }));
  if (JSON.stringify(addresses) !== JSON.stringify(addressesBefore)) {
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
  const [formError, setFormError] = useState<string | null>(null);
  const [initial] = useState(() => initialValues(customer));
  const form = useForm<EditValues>({ initialValues: initial });
  const savedAddresses = form.values.savedAddresses;

  const handleSubmit = form.onSubmit(async (values) => {
    setFormError(null);
    const changes = changedFields(initial, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    try {
      await updateCustomer.mutateAsync({ id: customer.id, changes });
      notifications.show({
        color: 'green',
        title: 'Customer saved',
        message: `${values.firstName} ${values.lastName}`.trim(),
      });
      onDone();
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      const onForm = Object.keys(values).filter((name) => name !== 'savedAddresses');
      // 'savedAddresses.0.label' belongs under that row's input.
      const rowFields = Object.keys(fields ?? {}).filter((name) =>
        /^savedAddresses\.\d+\./.test(name),
      );
      const { shown, other } = splitServerErrors(fields, [...onForm, ...rowFields]);
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
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last Name"
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label="Email"
            type="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="+61"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <TextInput
          label="Home Address"
          key={form.key('homeAddress')}
          {...form.getInputProps('homeAddress')}
        />
        <NativeSelect
          label="Preferred Vehicle Type"
          data={VEHICLE_TYPE_OPTIONS}
          key={form.key('preferredVehicleType')}
          {...form.getInputProps('preferredVehicleType')}
        />

        <Stack gap="xs" mt="sm">
          <Group justify="space-between">
            <Title order={4}>Saved Addresses</Title>
            <Button
              variant="light"
              size="xs"
              leftSection={<Plus size={14} />}
              disabled={savedAddresses.length >= MAX_SAVED_ADDRESSES}
              onClick={() =>
                form.insertListItem('savedAddresses', { key: randomId(), label: '', address: '' })
              }
            >
              Add Address
            </Button>
          </Group>
          {savedAddresses.length === 0 && (
            <Text size="sm" c="dimmed">
              No saved addresses
            </Text>
          )}
          {savedAddresses.map((saved, index) => (
            <Group key={saved.key} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label="Label"
                placeholder="Work"
                w={{ base: 110, sm: 160 }}
                key={form.key(`savedAddresses.${index}.label`)}
                {...form.getInputProps(`savedAddresses.${index}.label`)}
              />
              <TextInput
                label="Address"
                style={{ flex: 1 }}
                key={form.key(`savedAddresses.${index}.address`)}
                {...form.getInputProps(`savedAddresses.${index}.address`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={`Remove saved address ${index + 1}`}
                onClick={() => form.removeListItem('savedAddresses', index)}
              >
                <Trash2 size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>

        <Textarea label="Notes" rows={3} key={form.key('notes')} {...form.getInputProps('notes')} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={updateCustomer.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
