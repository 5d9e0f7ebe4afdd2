import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Download, Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { CUSTOMER_PAGE_SIZE } from '../../../../domain/customers';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { AddCustomerForm } from '../components/add-customer-form';
import { customersCsvUrl, useCustomers } from '../api/get-customers';
import { CustomerProfileModal } from '../components/customer-profile-modal';
import { CustomersTable } from '../components/customers-table';
import { SEARCH_TEXT_MAX } from '../../../../domain/api/text';

const SEARCH_DELAY_MS = 300;
const COUNT = new Intl.NumberFormat('en-AU');

/** /customers (admin): search, page through, add, open and edit customers, export CSV. */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The cursor of each page up to the one shown (null: the first page); the
  // list pages by keyset, so it goes one page forward or back, never jumps.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [isAdding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const list = useCustomers({
    q: query,
    limit: CUSTOMER_PAGE_SIZE,
    cursor: cursors.at(-1) ?? null,
  });
  const total = list.data?.total ?? 0;
  const shown = list.data?.customers.length ?? 0;
  const nextCursor = list.data?.nextCursor ?? null;
  const first = (cursors.length - 1) * CUSTOMER_PAGE_SIZE + 1;
  const last = first + shown - 1;

  return (
    <>
      <PageTitle>Customer Management</PageTitle>
      <Text c="dimmed" mt={-8} mb="lg">
        View and manage customer information
      </Text>

      <Group justify="space-between" mb="md" gap="sm">
        <TextInput
          aria-label="Search customers"
          placeholder="Search customers..."
          maxLength={SEARCH_TEXT_MAX}
          leftSection={<Search size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setCursors([null]);
          }}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        <Group gap="sm">
          <Button
            component="a"
            href={customersCsvUrl(query)}
            download
            variant="default"
            leftSection={<Download size={16} />}
          >
            Export CSV
          </Button>
          <Button leftSection={<UserPlus size={16} />} onClick={() => setAdding(true)}>
            Add Customer
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md">
        {list.isPending ? (
          <Center py={60} role="status">
            <Loader />
            <VisuallyHidden>Loading customers</VisuallyHidden>
          </Center>
        ) : list.isError ? (
          <Alert color="red" role="alert" m="md">
            {errorMessage(list.error)}
          </Alert>
        ) : list.data.customers.length === 0 ? (
          <Text c="dimmed" ta="center" py={60}>
            {query ? `No customers match "${query}"` : 'No customers yet'}
          </Text>
        ) : (
          <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <CustomersTable customers={list.data.customers} onOpen={setSelectedId} />
          </div>
        )}
      </Paper>

      {shown > 0 && (
        <Stack align="center" gap="xs" mt="md">
          {(cursors.length > 1 || nextCursor) && (
            <Group gap="sm">
              <Button
                variant="default"
                disabled={cursors.length === 1 || list.isPlaceholderData}
                onClick={() => setCursors((visited) => visited.slice(0, -1))}
              >
                Previous page
              </Button>
              <Button
                variant="default"
                disabled={!nextCursor || list.isPlaceholderData}
                onClick={() => setCursors((visited) => [...visited, nextCursor])}
              >
                Next page
              </Button>
            </Group>
          )}
          <Text size="sm" c="dimmed">
            Showing {COUNT.format(first)}–{COUNT.format(last)} of {COUNT.format(total)}
            {list.data?.totalIsCapped ? '+' : ''} customers
          </Text>
        </Stack>
      )}

      <FormDialog opened={isAdding} onClose={() => setAdding(false)} title="Add Customer" size="lg">
        <AddCustomerForm onSuccess={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </FormDialog>

      <CustomerProfileModal customerId={selectedId} onClose={() => setSelectedId(null)} />
    </>
  );
}
