import {
  Alert,
  Badge,
  Button,
  Group,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Upload } from 'lucide-react';
import { useState } from 'react';
import {
  CONTACT_FIELDS,
  CONTACT_FIELD_LABELS,
  type ColumnMapping,
  type ContactField,
  type ImportAction,
  type ImportCounts,
  type PreviewRow,
  type ReportRow,
} from '../../../../domain/imports/api';
import { MAX_IMPORT_BYTES, formatMegabytes } from '../../../../domain/imports/file-text';
import { importReportCsvUrl } from '../api/get-import-history';
import {
  confirmCurrentImport,
  remapImport,
  resetImport,
  startImport,
  useImportState,
  type ImportState,
} from '../import-store';

/** .csv and .vcf under the MIME types browsers and phones give them. */
const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/vcard': ['.vcf'],
  'text/x-vcard': ['.vcf'],
  'text/directory': ['.vcf'],
};

export const ACTION_LABELS: Record<ImportAction, string> = {
  new: 'New',
  merge: 'Merge',
  skip: 'Skip',
  error: 'Error',
};
const ACTION_COLORS: Record<ImportAction, string> = {
  new: 'green',
  merge: 'blue',
  skip: 'gray',
  error: 'red',
};

export function ImportCountsGrid({ counts }: { counts: ImportCounts }) {
  const items: [string, number][] = [
    ['Total', counts.total],
    ['Imported', counts.imported],
    ['Merged', counts.merged],
    ['Skipped', counts.skipped],
    ['Errors', counts.errors],
  ];
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
      {items.map(([label, value]) => (
        <Stack key={label} gap={0} align="center">
          <Text fw={700} size="lg" aria-label={`${label}: ${value}`}>
            {value.toLocaleString('en-AU')}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            {label}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function ActionBadge({ action }: { action: ImportAction }) {
  return (
    <Badge
      color={ACTION_COLORS[action]}
      variant="light"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {ACTION_LABELS[action]}
    </Badge>
  );
}

function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table striped stickyHeader fz="sm" miw={900} aria-label="Preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th miw={90}>Result</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Home Address</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>
                <ActionBadge action={row.action} />
              </Table.Td>
              <Table.Td>
                {row.customer ? `${row.customer.firstName} ${row.customer.lastName}`.trim() : ''}
              </Table.Td>
              <Table.Td>{row.customer?.phone ?? ''}</Table.Td>
              <Table.Td>{row.customer?.email ?? ''}</Table.Td>
              <Table.Td>{row.customer?.homeAddress ?? ''}</Table.Td>
              <Table.Td>{row.reason ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function ColumnMappingForm({ headers, mapping }: { headers: string[]; mapping: ColumnMapping }) {
  const [draft, setDraft] = useState<ColumnMapping>(mapping);
  const options = CONTACT_FIELDS.map((field) => ({
    value: field,
    label: CONTACT_FIELD_LABELS[field],
  }));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Match the file&apos;s columns to customer fields
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {headers.map((header) => (
          <Select
            key={header}
            label={header}
            data={options}
            value={draft[header] ?? 'ignore'}
            allowDeselect={false}
            onChange={(value) =>
              setDraft((current) => ({ ...current, [header]: (value ?? 'ignore') as ContactField }))
            }
          />
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="default" size="xs" onClick={() => void remapImport(draft)}>
          Update preview
        </Button>
      </Group>
    </Stack>
  );
}

function ProblemRows({ rows }: { rows: ReportRow[] }) {
  if (rows.length === 0) return null;
  const shown = rows.slice(0, 100);
  return (
    <ScrollArea.Autosize mah={240} type="auto">
      <Table fz="sm" aria-label="Rows not simply added">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th miw={90}>Result</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>
                <ActionBadge action={row.action} />
              </Table.Td>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{row.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function DropArea() {
  const [rejection, setRejection] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          setRejection(null);
          const [file] = files;
          if (file) void startImport(file);
        }}
        onReject={(rejections) => {
          const tooLarge = rejections.some((item) =>
            item.errors.some((error) => error.code === 'file-too-large'),
          );
          setRejection(
            tooLarge
              ? `Files up to ${formatMegabytes(MAX_IMPORT_BYTES)} can be imported.`
              : 'Choose a .csv or .vcf file.',
          );
        }}
        accept={ACCEPT}
        maxSize={MAX_IMPORT_BYTES}
        multiple={false}
        aria-label="Choose a .csv or .vcf file"
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <Upload size={36} aria-hidden />
          <div>
            <Text size="lg" inline>
              Drag a .csv or .vcf file here, or click to choose one
            </Text>
            <Text size="sm" c="dimmed" inline mt={7} display="block">
              Up to {formatMegabytes(MAX_IMPORT_BYTES)} and 100,000 rows
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rejection && (
        <Text c="red" size="sm" role="alert">
          {rejection}
        </Text>
      )}
    </Stack>
  );
}

function Processing({ state }: { state: Extract<ImportState, { phase: 'processing' }> }) {
  const { processed, rows } = state;
  const total = rows?.toLocaleString('en-AU') ?? '';
  const label =
    state.step === 'reading'
      ? `Reading ${state.fileName}…`
      : `Importing ${total} rows from ${state.fileName}…`;
  const isCounting = processed !== null && rows !== null && rows > 0 && processed < rows;
  const detail =
    processed === null || rows === null
      ? null
      : isCounting
        ? `${processed.toLocaleString('en-AU')} of ${total} rows processed`
        : state.step === 'reading'
          ? `${total} rows processed; preparing the preview…`
          : `${total} rows processed; saving…`;
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress
        value={isCounting ? (processed / rows) * 100 : 100}
        striped={!isCounting}
        animated={!isCounting}
        aria-label={detail ?? label}
      />
      {detail && <Text size="sm">{detail}</Text>}
      <Text size="xs" c="dimmed">
        You can close this dialog; the import carries on and its result waits here.
      </Text>
    </Stack>
  );
}

/** The Import Data tab's working area: drop, preview, confirm, report. */
export function ImportDataPanel() {
  const state = useImportState();
  const queryClient = useQueryClient();
  switch (state.phase) {
    case 'idle':
      return <DropArea />;
    case 'processing':
      return <Processing state={state} />;
    case 'preview': {
      const { preview } = state;
      const shown = preview.rows.length;
      return (
        <Stack gap="sm">
          <Text size="sm">
            <b>{preview.fileName}</b>: {preview.format},{' '}
            {preview.counts.total.toLocaleString('en-AU')} rows. Nothing is saved until you confirm.
          </Text>
          <ImportCountsGrid counts={preview.counts} />
          {preview.needsMapping && preview.headers && state.mapping && (
            <ColumnMappingForm
              key={JSON.stringify(state.mapping)}
              headers={preview.headers}
              mapping={state.mapping}
            />
          )}
          <Text size="xs" c="dimmed">
            {shown < preview.counts.total
              ? `The first ${shown} rows as they will be stored:`
              : 'Every row as it will be stored:'}
          </Text>
          <PreviewTable rows={preview.rows} />
          <Group justify="flex-end">
            <Button variant="default" onClick={resetImport}>
              Cancel
            </Button>
            <Button
              onClick={() => void confirmCurrentImport(queryClient)}
              disabled={preview.counts.imported + preview.counts.merged === 0}
            >
              Confirm import
            </Button>
          </Group>
        </Stack>
      );
    }
    case 'success': {
      const { report } = state;
      return (
        <Stack gap="sm">
          <Alert color="green" icon={<CircleCheck size={18} />} title="Import complete">
            {report.fileName} ({report.format})
          </Alert>
          <ImportCountsGrid counts={report.counts} />
          <ProblemRows rows={report.rows} />
          <Group justify="flex-end">
            <Button component="a" href={importReportCsvUrl(report.id)} download variant="default">
              Download report
            </Button>
            <Button onClick={resetImport}>Import another file</Button>
          </Group>
        </Stack>
      );
    }
    case 'error':
      return (
        <Stack gap="sm">
          <Alert color="red" icon={<CircleAlert size={18} />} title="Error processing contacts">
            {state.reason}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={resetImport}>Try again</Button>
          </Group>
        </Stack>
      );
    default: {
      const unhandled: never = state;
      throw new Error(`Unknown import state ${String(unhandled)}`);
    }
  }
}
