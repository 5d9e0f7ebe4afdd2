import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { MAIL_PAGE_SIZE, type MailStatus, type OutboxMail } from '../../../../domain/mail';
import { formatDateTime } from '../../../../domain/format';
import { DEFAULT_TIME_ZONE } from '../../../../domain/settings';
import { PageTitle } from '../../../components/page-title';
import { errorMessage } from '../../../lib/api-client';
import { useDialogOpener } from '../../../lib/dialog-opener';
import { usePublicSettings } from '../../settings/api/get-public-settings';
import { useOutbox } from '../api/get-outbox';
import { useResendMail } from '../api/resend-mail';
import { SEARCH_TEXT_MAX } from '../../../../domain/api/text';

const SEARCH_DELAY_MS = 300;

const STATUS_LABELS: Record<MailStatus, string> = { sent: 'Sent', held: 'Held', failed: 'Failed' };
const STATUS_COLORS: Record<MailStatus, string> = { sent: 'green', held: 'yellow', failed: 'red' };

function when(instant: string, timeZone: string): string {
  return formatDateTime(instant, timeZone);
}

function StatusBadge({ status }: { status: MailStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** One message: who, when, its status (with the SMTP error), its text, and Resend. */
function MailDialog({
  mail,
  timeZone,
  onClose,
}: {
  mail: OutboxMail;
  timeZone: string;
  onClose: () => void;
}) {
  const resend = useResendMail();
  return (
    <Modal opened onClose={onClose} title={mail.subject} size="lg">
      <Stack gap="xs">
        <Text size="sm">
          <b>To:</b> {mail.to}
        </Text>
        <Text size="sm">
          <b>When:</b> {when(mail.createdAt, timeZone)}
        </Text>
        <Group gap="xs">
          <Text size="sm" fw={700}>
            Status:
          </Text>
          <StatusBadge status={mail.status} />
          {mail.status === 'held' && (
            <Text size="sm" c="dimmed">
              No mail server is configured, so the message is kept here.
            </Text>
          )}
        </Group>
        {mail.error && (
          <Alert color="red" title="The mail server refused it">
            {mail.error}
          </Alert>
        )}
        <Paper withBorder p="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mail.text}
        </Paper>
        <Group justify="flex-end">
          <Button
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(mail.id, {
                onSuccess: ({ mail: copy }) => {
                  notifications.show({
                    title: 'Mail sent again',
                    message:
                      copy.status === 'sent'
                        ? `Sent to ${copy.to}.`
                        : copy.status === 'held'
                          ? `Kept in the outbox for ${copy.to}: no mail server is configured.`
                          : `The mail server refused it again: ${copy.error ?? ''}`,
                    color: copy.status === 'failed' ? 'red' : 'green',
                  });
                  onClose();
                },
                onError: (error) =>
                  notifications.show({
                    title: 'Could not resend',
                    message: errorMessage(error),
                    color: 'red',
                  }),
              })
            }
          >
            Resend
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Mantine's previous/next arrows are icons with no name. */
function paginationControlProps(control: 'first' | 'previous' | 'last' | 'next') {
  const names = {
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
  } as const;
  return { 'aria-label': names[control] };
}

/** /admin/mail: every mail the app sent or holds, newest first, searched and paged on the server. */
export function MailPage() {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const opener = useDialogOpener();
  const timeZone = usePublicSettings().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const outbox = useOutbox({
    ...(query ? { q: query } : {}),
    ...(status ? { status } : {}),
    limit: MAIL_PAGE_SIZE,
    offset: (page - 1) * MAIL_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / MAIL_PAGE_SIZE));

  return (
    <>
      <PageTitle>Mail</PageTitle>
      <Text c="dimmed" mb="md">
        Every message the system sent or holds: invitations, password resets, Send Email and
        reminders.
      </Text>
      <Group mb="md" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Recipient or subject"
          maxLength={SEARCH_TEXT_MAX}
          leftSection={<Search size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as MailStatus | '');
            setPage(1);
          }}
          data={[
            { value: '', label: 'All' },
            { value: 'sent', label: 'Sent' },
            { value: 'held', label: 'Held' },
            { value: 'failed', label: 'Failed' },
          ]}
        />
      </Group>
      {outbox.isPending ? (
        <Center p="xl">
          <Loader aria-label="Loading mail" />
        </Center>
      ) : outbox.isError ? (
        <Alert color="red" title="Could not load the mail">
          {errorMessage(outbox.error)}
        </Alert>
      ) : outbox.data.mails.length === 0 ? (
        <Text c="dimmed">No mail matches.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.mails.map((mail) => (
                  <Table.Tr
                    key={mail.id}
                    onClick={(event) => {
                      // A click anywhere on the row: its subject button gets the focus back.
                      opener.remember(event.currentTarget.querySelector('button'));
                      setOpen(mail);
                    }}
                    style={{ cursor: 'pointer' }}
                    aria-label={`${mail.subject} to ${mail.to}`}
                  >
                    <Table.Td>{mail.to}</Table.Td>
                    <Table.Td>
                      {/* UnstyledButton: plain text with the buttons' focus ring (decision 201). */}
                      <UnstyledButton
                        fz="sm"
                        onClick={(event) => {
                          event.stopPropagation();
                          opener.remember(event.currentTarget);
                          setOpen(mail);
                        }}
                      >
                        {mail.subject}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{when(mail.createdAt, timeZone)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <StatusBadge status={mail.status} />
                        {mail.error && (
                          <Text size="xs" c="red" lineClamp={2}>
                            {mail.error}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed">
              {outbox.data.total} {outbox.data.total === 1 ? 'message' : 'messages'}
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={paginationControlProps}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        </>
      )}
      {open && (
        <MailDialog
          mail={open}
          timeZone={timeZone}
          onClose={() => {
            setOpen(null);
            opener.returnFocus();
          }}
        />
      )}
    </>
  );
}
