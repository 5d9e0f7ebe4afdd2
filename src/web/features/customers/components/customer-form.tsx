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
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  CUSTOMER_FIELD_MAX,
  CustomerInputSchema,
  MAX_SAVED_ADDRESSES,
  repeatedLabelMessage,
  repeatedSavedAddressLabels,
  SavedAddressSchema,
  type SavedAddress,
} from '../../../../domain/customers';
import { asFieldSentence, errorMessage, isApiError } from '../../../lib/api-client';
import { schemaError } from '../../../lib/schema-error';
import {
  VEHICLE_TYPE_OPTIONS,
  splitServerErrors,
  type CustomerFormValues,
} from './customer-form-fields';
import { LimitedTextarea } from '../../../components/limited-textarea';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useFormFocus } from '../../../lib/form-focus';
import { useLeaveGuard } from '../../../lib/leave-guard';

type SavedAddressRow = { key: string; label: string; address: string };
type CustomerFormState = CustomerFormValues & { savedAddresses: SavedAddressRow[] };

/** The typed fields the server's schema checks (the vehicle type is a fixed list). */
const CHECKED_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'homeAddress', 'notes'] as const;

function toAddresses(rows: SavedAddressRow[]): SavedAddress[] {
  return rows.map(({ label, address }) => ({ label, address }));
}

/**
 * The server's messages, before any request: each field the request will
 * carry, by the server's own schema. An edit sends only what changed, so a
 * stored value the schema would now refuse does not block saving another field;
 * the saved addresses go whole once any of them changed.
 */
function validateCustomer(
  values: CustomerFormState,
  initial: CustomerFormState,
  isEdit: boolean,
): Record<string, string | null> {
  const errors: Record<string, string | null> = {};
  for (const name of CHECKED_FIELDS) {
    if (isEdit && values[name] === initial[name]) continue;
    errors[name] = schemaError(CustomerInputSchema.shape[name], values[name]);
  }
  const addresses = toAddresses(values.savedAddresses);
  if (JSON.stringify(addresses) !== JSON.stringify(toAddresses(initial.savedAddresses))) {
    addresses.forEach((saved, index) => {
      errors[`savedAddresses.${index}.label`] = schemaError(
        SavedAddressSchema.shape.label,
        saved.label,
      );
      errors[`savedAddresses.${index}.address`] = schemaError(
        SavedAddressSchema.shape.address,
        saved.address,
      );
    });
    for (const { index, repeats } of repeatedSavedAddressLabels(addresses)) {
      errors[`savedAddresses.${index}.label`] ??= asFieldSentence(
        repeatedLabelMessage(addresses[index]!.label, repeats),
      );
    }
  }
  return errors;
}

/** A customer's values as the form holds them; a new customer's are blank. */
export type CustomerFormInitial = CustomerFormValues & { savedAddresses: SavedAddress[] };

type CustomerFormProps = {
  /**
   * 'add': Add Customer (spec section 2, screen 9), no saved addresses, emptied
   * after a create. 'edit': the profile's every field, saved addresses included.
   */
  variant: 'add' | 'edit';
  initialValues: CustomerFormInitial;
  isPending: boolean;
  /** Sends the values; a failure's field messages appear under the fields, the rest above them. */
  onSubmit: (fields: CustomerFormValues, savedAddresses: SavedAddress[]) => Promise<void>;
  onCancel: () => void;
};

/** The one customer form, for adding a customer and for editing one. */
export function CustomerForm({
  variant,
  initialValues,
  isPending,
  onSubmit,
  onCancel,
}: CustomerFormProps) {
  const isEdit = variant === 'edit';
  const [formError, setFormError] = useState<string | null>(null);
  const [initial] = useState<CustomerFormState>(() => ({
    ...initialValues,
    savedAddresses: initialValues.savedAddresses.map((saved) => ({ key: randomId(), ...saved })),
  }));
  const form = useForm<CustomerFormState>({
    initialValues: initial,
    validate: (values) => validateCustomer(values, initial, isEdit),
  });
  // Back, a link or closing the tab asks before typed details are lost.
  const releaseLeaveGuard = useLeaveGuard(form.isDirty());
  const { formRef, focusRefused } = useFormFocus(isPending);
  const savedAddresses = form.values.savedAddresses;
  // Add turns autofill off: what is typed is a new customer's details, not the signed-in user's.
  const autoComplete = isEdit ? undefined : 'off';

  const oneAtATime = useOneAtATime();
  const submit = async ({ savedAddresses: rows, ...fields }: CustomerFormState) => {
    setFormError(null);
    try {
      await onSubmit(fields, toAddresses(rows));
      releaseLeaveGuard();
      if (!isEdit) form.reset();
    } catch (error) {
      const serverFields = isApiError(error) ? error.fields : undefined;
      // 'savedAddresses.0.label' belongs under that row's input.
      const rowFields = Object.keys(serverFields ?? {}).filter(
        (name) => isEdit && /^savedAddresses\.\d+\./.test(name),
      );
      const { shown, other } = splitServerErrors(serverFields, [
        ...Object.keys(fields),
        ...rowFields,
      ]);
      form.setErrors(shown);
      if (Object.keys(shown).length === 0 || other.length > 0) {
        setFormError(other.length > 0 ? other.join(' ') : errorMessage(error));
      }
      focusRefused();
    }
  };
  // A double click adds one customer, not two.
  const handleSubmit = form.onSubmit((values) => oneAtATime(() => submit(values)), focusRefused);

  return (
    <form ref={formRef} onSubmit={handleSubmit}>
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
            autoComplete={autoComplete}
            maxLength={CUSTOMER_FIELD_MAX.firstName}
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last Name"
            autoComplete={autoComplete}
            maxLength={CUSTOMER_FIELD_MAX.lastName}
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete={autoComplete}
            maxLength={CUSTOMER_FIELD_MAX.email}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="+61"
            autoComplete={autoComplete}
            maxLength={CUSTOMER_FIELD_MAX.phone}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <TextInput
          label="Home Address"
          autoComplete={autoComplete}
          maxLength={CUSTOMER_FIELD_MAX.homeAddress}
          key={form.key('homeAddress')}
          {...form.getInputProps('homeAddress')}
        />
        <NativeSelect
          label="Preferred Vehicle Type"
          data={VEHICLE_TYPE_OPTIONS}
          key={form.key('preferredVehicleType')}
          {...form.getInputProps('preferredVehicleType')}
        />

        {isEdit && (
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
                  maxLength={CUSTOMER_FIELD_MAX.savedAddressLabel}
                  key={form.key(`savedAddresses.${index}.label`)}
                  {...form.getInputProps(`savedAddresses.${index}.label`)}
                />
                <TextInput
                  label="Address"
                  style={{ flex: 1 }}
                  maxLength={CUSTOMER_FIELD_MAX.savedAddress}
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
        )}

        <LimitedTextarea
          label="Notes"
          rows={3}
          maxLength={CUSTOMER_FIELD_MAX.notes}
          key={form.key('notes')}
          {...form.getInputProps('notes')}
        />
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
          <Button type="submit" loading={isPending}>
            {isEdit ? 'Save Changes' : 'Add Customer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
