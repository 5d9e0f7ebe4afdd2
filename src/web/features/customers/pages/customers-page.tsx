import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Download, Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { CUSTOMER_PAGE_SIZE } from '../../../../domain/customers';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { AddCustomerForm } from '../components/add-customer-form';
import { customersCsvUrl, useCustomers } from '../api/get-customers';
import { CustomerProfileModal } from '../components/customer-profile-modal';
import { CustomersTable } from '../components/customers-table';

const SEARCH_DELAY_MS = 300;
const COUNT = new Intl.NumberFormat('en-AU');

/** /customers (admin): search, page through, add, open and edit customers, export CSV. */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const [isAdding, setAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const isPhone = useMediaQuery('(max-width: 36em)');

  const list = useCustomers({
    q: query,
    limit: CUSTOMER_PAGE_SIZE,
    offset: (page - 1) * CUSTOMER_PAGE_SIZE,
  });
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CUSTOMER_PAGE_SIZE));
  const first = (page - 1) * CUSTOMER_PAGE_SIZE + 1;
  const last = Math.min(total, page * CUSTOMER_PAGE_SIZE);

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
          leftSection={<Search size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
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

      {total > 0 && (
        <Stack align="center" gap="xs" mt="md">
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
          <Text size="sm" c="dimmed">
            Showing {COUNT.format(first)}–{COUNT.format(last)} of {COUNT.format(total)} customers
          </Text>
        </Stack>
      )}

      <Modal
        opened={isAdding}
        onClose={() => setAdding(false)}
        title="Add Customer"
        size="lg"
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <AddCustomerForm onSuccess={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Modal>

      <CustomerProfileModal customerId={selectedId} onClose={() => setSelectedId(null)} />
    </>
  );
}
