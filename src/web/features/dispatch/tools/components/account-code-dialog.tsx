import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_CODE_PATTERN, DISPATCH_TOOL_FIELD_MAX } from '../../../../../domain/dispatch';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { useFormFocus } from '../../../../lib/form-focus';
import { useCreateAccount } from '../api/create-account';
import { useAccounts } from '../api/get-accounts';

type AccountCodeDialogProps = { onUse: (accountCode: string) => void };

/** Corporate accounts: create one, or start a new booking on one. */
export function AccountCodeDialog({ onUse }: AccountCodeDialogProps) {
  const accounts = useAccounts();
  const createAccount = useCreateAccount();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', name: '' },
    validate: {
      code: (value) =>
        ACCOUNT_CODE_PATTERN.test(value.trim())
          ? null
          : `Use 2 to ${DISPATCH_TOOL_FIELD_MAX.accountCode} letters, digits or dashes`,
      name: (value) => (value.trim() ? null : 'Enter the account name'),
    },
  });
  const { formRef, focusRefused } = useFormFocus(createAccount.isPending);

  const submit = form.onSubmit(
    (values) =>
      createAccount.mutate(values, {
        onSuccess: ({ account }) => {
          form.reset();
          notifications.show({
            color: 'green',
            title: 'Account created',
            message: `${account.code} · ${account.name}`,
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) form.setFieldError('code', error.message);
          else if (isApiError(error) && error.fields) form.setErrors(error.fields);
          else form.setFieldError('code', errorMessage(error));
          focusRefused();
        },
      }),
    focusRefused,
  );

  return (
    <Stack>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Group align="flex-start" grow>
          <TextInput
            label="Account Code"
            placeholder="e.g. BHP-01"
            required
            maxLength={DISPATCH_TOOL_FIELD_MAX.accountCode}
            {...form.getInputProps('code')}
            onChange={(event) =>
              form.setFieldValue('code', event.currentTarget.value.toUpperCase())
            }
          />
          <TextInput
            label="Account Name"
            placeholder="Company name"
            required
            maxLength={DISPATCH_TOOL_FIELD_MAX.accountName}
            {...form.getInputProps('name')}
          />
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={createAccount.isPending}>
            Create account
          </Button>
        </Group>
      </form>

      {accounts.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Loading accounts" />
        </Group>
      ) : accounts.isError ? (
        <Alert color="red" title="Could not load the accounts">
          {errorMessage(accounts.error)}
        </Alert>
      ) : accounts.data.accounts.length === 0 ? (
        <Text c="dimmed">No corporate accounts yet.</Text>
      ) : (
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account Code</Table.Th>
              <Table.Th>Account Name</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.data.accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Text ff="monospace" fw={600} size="sm">
                    {account.code}
                  </Text>
                </Table.Td>
                <Table.Td>{account.name}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Use ${account.code} for new booking`}
                    onClick={() => onUse(account.code)}
                  >
                    Use for new booking
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
