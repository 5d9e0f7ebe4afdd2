import { Alert, Button, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import {
  CONTACT_FIELDS,
  CONTACT_FIELD_LABELS,
  type ColumnMapping,
  type ContactField,
  type ImportReport,
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
import { ImportCountsGrid, ReportRows } from './import-results';
import { PreviewTable } from './preview-table';
import { formatCount } from '../../../../domain/format';
import { useJustAppeared, useOneAtATime } from '../../../lib/use-one-at-a-time';

/** .csv and .vcf under the MIME types browsers and phones give them. */
const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/vcard': ['.vcf'],
  'text/x-vcard': ['.vcf'],
  'text/directory': ['.vcf'],
};

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
          const [first] = rejections;
          const tooLarge = first?.errors.some((error) => error.code === 'file-too-large');
          const name = first ? `"${first.file.name}"` : 'This file';
          setRejection(
            tooLarge
              ? `${name} is larger than ${formatMegabytes(MAX_IMPORT_BYTES)}; files up to ${formatMegabytes(MAX_IMPORT_BYTES)} can be imported.`
              : `${name} is not a .csv or .vcf file. Save a spreadsheet as CSV, or export contacts as vCard, and choose that file.`,
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
  const total = rows === null ? '' : formatCount(rows);
  const rowsWord = rows === 1 ? 'row' : 'rows';
  const label =
    state.step === 'reading'
      ? `Reading ${state.fileName}…`
      : `Importing ${total} ${rowsWord} from ${state.fileName}…`;
  const isCounting = processed !== null && rows !== null && rows > 0 && processed < rows;
  const detail =
    processed === null || rows === null
      ? null
      : isCounting
        ? `${formatCount(processed)} of ${total} ${rowsWord} processed`
        : state.step === 'reading'
          ? `${total} ${rowsWord} processed; preparing the preview…`
          : `${total} ${rowsWord} processed; saving…`;
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

/**
 * A finished import's report. Its buttons stand at the foot of the panel,
 * which keeps the preview's height (KeepsHeight), so 'Import another file'
 * is where Confirm import was.
 */
function FinishedImport({ report }: { report: ImportReport }) {
  const justAppeared = useJustAppeared();
  return (
    <Stack gap="sm" style={{ flex: 1 }}>
      <Alert color="green" icon={<CircleCheck size={18} />} title="Import complete">
        {report.fileName} ({report.format})
      </Alert>
      <ImportCountsGrid counts={report.counts} />
      <ReportRows rows={report.rows} label="Rows not simply added" />
      <Group justify="flex-end" mt="auto">
        <Button component="a" href={importReportCsvUrl(report.id)} download variant="default">
          Download report
        </Button>
        <Button
          onClick={() => {
            // The second click of a double click on Confirm import lands here.
            if (!justAppeared()) resetImport();
          }}
        >
          Import another file
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The panel after Confirm import keeps at least the height it had: the
 * progress and the report are shorter than a preview, so the dialog shrank
 * under the pointer and the second click of a double click on Confirm landed
 * on the backdrop and closed the dialog, or on the history below the panel.
 */
function KeepsHeight({ height, children }: { height: number | null; children: ReactNode }) {
  return (
    <Stack gap={0} mih={height ?? undefined}>
      {children}
    </Stack>
  );
}

/** The Import Data tab's working area: drop, preview, confirm, report. */
/**
 * A file's bookings come without map points, so without a route or a fare
 * (decision 208): said before confirming, not found later as $0.00.
 */
export const UNPRICED_IMPORT_NOTE =
  'Imported bookings have no map points, so no route or fare: each comes in at $0.00 for dispatch to price in Edit Booking.';

export function ImportDataPanel() {
  const state = useImportState();
  const queryClient = useQueryClient();
  const oneAtATime = useOneAtATime();
  const panel = useRef<HTMLDivElement>(null);
  // The preview's height when Confirm import was pressed, kept until the next file.
  const [keptHeight, setKeptHeight] = useState<number | null>(null);
  if (keptHeight !== null && (state.phase === 'idle' || state.phase === 'preview')) {
    setKeptHeight(null);
  }
  const confirm = () =>
    oneAtATime(async () => {
      setKeptHeight(panel.current?.offsetHeight || null);
      await confirmCurrentImport(queryClient);
    });
  switch (state.phase) {
    case 'idle':
      return <DropArea />;
    case 'processing':
      return (
        <KeepsHeight height={state.step === 'importing' ? keptHeight : null}>
          <Processing state={state} />
        </KeepsHeight>
      );
    case 'preview': {
      const { preview } = state;
      const shown = preview.rows.length;
      return (
        <Stack gap="sm" ref={panel}>
          <Text size="sm">
            <b>{preview.fileName}</b>: {preview.format}, {formatCount(preview.counts.total)} rows.
            Nothing is saved until you confirm.
          </Text>
          <ImportCountsGrid counts={preview.counts} planned />
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
          <PreviewTable kind={preview.kind} rows={preview.rows} />
          {preview.kind === 'bookings' ? <Text size="sm">{UNPRICED_IMPORT_NOTE}</Text> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={resetImport}>
              Cancel
            </Button>
            <Button
              onClick={() => void confirm()}
              disabled={preview.counts.imported + preview.counts.merged === 0}
            >
              Confirm import
            </Button>
          </Group>
        </Stack>
      );
    }
    case 'success':
      return (
        <KeepsHeight height={keptHeight}>
          <FinishedImport report={state.report} />
        </KeepsHeight>
      );
    case 'error':
      return (
        <KeepsHeight height={keptHeight}>
          {/* Try again stays under the reason, not where Confirm import was. */}
          <Stack gap="sm">
            <Alert color="red" icon={<CircleAlert size={18} />} title="Error processing contacts">
              {state.reason}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={resetImport}>Try again</Button>
            </Group>
          </Stack>
        </KeepsHeight>
      );
    default: {
      const unhandled: never = state;
      throw new Error(`Unknown import state ${String(unhandled)}`);
    }
  }
}
