import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type {
  ColumnMapping,
  ImportKind,
  ImportPreviewResponse,
  ImportReport,
} from '../../../domain/imports/api';
import { MAX_IMPORT_BYTES, formatMegabytes } from '../../../domain/imports/file-text';
import { errorMessage } from '../../lib/api-client';
import { CUSTOMERS_QUERY_KEY } from '../customers/api/create-customer';
import { confirmImport } from './api/confirm-import';
import { fileToBase64 } from './api/file-content';
import { getImportProgress } from './api/get-import-progress';
import { IMPORTS_QUERY_KEY } from './api/get-import-history';
import { previewImport } from './api/preview-import';

/**
 * The import in progress, kept outside the dialog so that closing and
 * reopening it (or leaving the page open) loses nothing: spec section 4's
 * idle → processing → success / error, with a preview step before anything
 * is written.
 */
export type ImportState =
  | { phase: 'idle' }
  | {
      phase: 'processing';
      step: 'reading' | 'importing';
      fileName: string;
      /** Rows in the file, once known. */
      rows: number | null;
      /** Rows the server has checked so far, from its progress answers. */
      processed: number | null;
      progressId: string;
    }
  | {
      phase: 'preview';
      fileName: string;
      content: string;
      preview: ImportPreviewResponse;
      mapping: ColumnMapping | null;
    }
  | { phase: 'success'; report: ImportReport }
  | { phase: 'error'; fileName: string | null; reason: string };

let state: ImportState = { phase: 'idle' };
const listeners = new Set<() => void>();

function setState(next: ImportState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useImportState(): ImportState {
  return useSyncExternalStore(subscribe, () => state);
}

const PROGRESS_POLL_MS = 400;

/**
 * The lists an import of each kind changes, by their query keys' first
 * parts (features keep their own keys; these are the roots they share):
 * a booking import also creates customers and moves the dashboard's counts.
 */
const CHANGED_BY: Record<ImportKind, readonly (readonly string[])[]> = {
  customers: [CUSTOMERS_QUERY_KEY],
  drivers: [['drivers'], ['admin']],
  vehicles: [['vehicles'], ['drivers']],
  bookings: [['bookings'], ['jobs'], ['admin'], CUSTOMERS_QUERY_KEY],
};

/**
 * Asks the server every 400 ms how far the request named `progressId` has
 * got, while the store still shows that request. A poll that fails (another
 * server process, or the request not started yet) changes nothing.
 */
function followProgress(progressId: string): () => void {
  const timer = setInterval(() => {
    getImportProgress(progressId).then(
      (progress) => {
        if (state.phase !== 'processing' || state.progressId !== progressId) return;
        setState({ ...state, rows: progress.total, processed: progress.processed });
      },
      () => undefined,
    );
  }, PROGRESS_POLL_MS);
  return () => clearInterval(timer);
}

/** Runs one request with progress polls around it. */
async function withProgress<T>(progressId: string, run: () => Promise<T>): Promise<T> {
  const stop = followProgress(progressId);
  try {
    return await run();
  } finally {
    stop();
  }
}

/** Back to the drop zone. */
export function resetImport(): void {
  setState({ phase: 'idle' });
}

/** Reads the file and asks the server for its preview. */
export async function startImport(file: File): Promise<void> {
  if (state.phase === 'processing') return;
  if (file.size > MAX_IMPORT_BYTES) {
    setState({
      phase: 'error',
      fileName: file.name,
      reason: `The file is ${formatMegabytes(file.size)}; files up to ${formatMegabytes(MAX_IMPORT_BYTES)} can be imported. Split it into smaller files.`,
    });
    return;
  }
  const progressId = crypto.randomUUID();
  setState({
    phase: 'processing',
    step: 'reading',
    fileName: file.name,
    rows: null,
    processed: null,
    progressId,
  });
  try {
    const content = await fileToBase64(file);
    const preview = await withProgress(progressId, () =>
      previewImport({ fileName: file.name, content, progressId }),
    );
    setState({ phase: 'preview', fileName: file.name, content, preview, mapping: preview.mapping });
  } catch (error) {
    setState({ phase: 'error', fileName: file.name, reason: errorMessage(error) });
  }
}

/** Previews again with the admin's column mapping. */
export async function remapImport(mapping: ColumnMapping): Promise<void> {
  if (state.phase !== 'preview') return;
  const { fileName, content } = state;
  const progressId = crypto.randomUUID();
  setState({
    phase: 'processing',
    step: 'reading',
    fileName,
    rows: null,
    processed: null,
    progressId,
  });
  try {
    const preview = await withProgress(progressId, () =>
      previewImport({ fileName, content, mapping, progressId }),
    );
    setState({ phase: 'preview', fileName, content, preview, mapping });
  } catch (error) {
    setState({ phase: 'error', fileName, reason: errorMessage(error) });
  }
}

/** Imports the previewed file (one transaction on the server) and shows its report. */
export async function confirmCurrentImport(queryClient: QueryClient): Promise<void> {
  if (state.phase !== 'preview') return;
  const { fileName, content, mapping, preview } = state;
  const progressId = crypto.randomUUID();
  setState({
    phase: 'processing',
    step: 'importing',
    fileName,
    rows: preview.counts.total,
    processed: null,
    progressId,
  });
  try {
    const { report } = await withProgress(progressId, () =>
      confirmImport({
        fileName,
        content,
        progressId,
        ...(preview.needsMapping && mapping ? { mapping } : {}),
      }),
    );
    setState({ phase: 'success', report });
    await Promise.all(
      [IMPORTS_QUERY_KEY, ...CHANGED_BY[preview.kind]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  } catch (error) {
    setState({ phase: 'error', fileName, reason: errorMessage(error) });
  }
}
