import Papa from 'papaparse';
import type { ColumnMapping } from './api';
import {
  CSV_FORMAT_NAMES,
  csvRowToContact,
  detectCsvFormat,
  guessColumnMapping,
  type CsvFormat,
} from './csv-formats';
import {
  ImportFileError,
  assertImportRows,
  decodeImportFile,
  lineAt,
  type TextEncodingName,
} from './file-text';
import type { SourceContact } from './source-contact';
import { IMPORT_TEMPLATES, templateKindOf } from './templates';
import { looksLikeVcard, parseVcardContacts } from './vcard';

export type CsvRecord = { line: number; row: Record<string, string> };

/** A file read and recognised, before any mapping or rule. */
export type ReadFile =
  | { kind: 'vcard'; formatName: string; encoding: TextEncodingName; contacts: SourceContact[] }
  | {
      kind: 'csv';
      format: CsvFormat;
      formatName: string;
      encoding: TextEncodingName;
      headers: string[];
      records: CsvRecord[];
    };

function vcardVersions(text: string): string {
  const versions = [...new Set([...text.matchAll(/^VERSION:\s*([0-9.]+)/gim)].map((m) => m[1]))];
  return versions.length > 0 ? `vCard ${versions.sort().join(', ')}` : 'vCard';
}

/** Parses CSV text (separator , ; or tab, guessed) into records with their first line. */
function readCsv(text: string): { headers: string[]; records: CsvRecord[] } {
  let headers: string[] | null = null;
  const records: CsvRecord[] = [];
  let line = 1;
  let previousCursor = 0;
  let failure: ImportFileError | null = null;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
    step: (result, parser) => {
      const rowLine = line;
      const cursor = result.meta.cursor;
      for (let index = text.indexOf('\n', previousCursor); index !== -1 && index < cursor;) {
        line += 1;
        index = text.indexOf('\n', index + 1);
      }
      previousCursor = cursor;
      const quoteError = result.errors.find((error) => error.type === 'Quotes');
      if (quoteError) {
        const where = quoteError.index === undefined ? rowLine : lineAt(text, quoteError.index);
        failure = new ImportFileError(
          `broken quoting (${quoteError.message.toLowerCase()}). Check the quotes on this line.`,
          Math.max(rowLine, where),
        );
        parser.abort();
        return;
      }
      const cells = result.data;
      if (cells.every((cell) => cell.trim() === '')) return;
      if (headers === null) {
        headers = cells.map((cell) => cell.trim());
        return;
      }
      const row: Record<string, string> = {};
      headers.forEach((header, index) => {
        // A repeated header keeps its first non-blank cell.
        if (!row[header]) row[header] = cells[index] ?? '';
      });
      records.push({ line: rowLine, row });
    },
  });
  if (failure) throw failure;
  if (headers === null) throw new ImportFileError('The file is empty.');
  return { headers, records };
}

/**
 * Reads an import file from its bytes: the encoding and the format come from
 * the content (a vCard begins with BEGIN:VCARD; a CSV's format from its
 * header row), never from the file name. Throws ImportFileError for a file
 * that cannot be read, over the limits, or that is another kind's template.
 */
export function readImportFile(bytes: Uint8Array): ReadFile {
  const { text, encoding } = decodeImportFile(bytes);
  if (text.trim() === '') throw new ImportFileError('The file is empty.');
  if (looksLikeVcard(text)) {
    return {
      kind: 'vcard',
      formatName: vcardVersions(text),
      encoding,
      contacts: parseVcardContacts(text),
    };
  }
  const { headers, records } = readCsv(text);
  assertImportRows(records.length);
  const templateKind = templateKindOf(headers);
  if (templateKind !== null && templateKind !== 'customers') {
    throw new ImportFileError(
      `This is a ${IMPORT_TEMPLATES[templateKind].title}; only customer imports are available so far.`,
    );
  }
  const format = detectCsvFormat(headers);
  return {
    kind: 'csv',
    format,
    formatName: CSV_FORMAT_NAMES[format],
    encoding,
    headers,
    records,
  };
}

/** The mapping a recognised CSV format uses without asking (the template's, guessed). */
export function defaultMapping(headers: string[]): ColumnMapping {
  return guessColumnMapping(headers);
}

/** The file's contacts; a CSV's unknown columns go where `mapping` says. */
export function fileContacts(file: ReadFile, mapping: ColumnMapping): SourceContact[] {
  if (file.kind === 'vcard') return file.contacts;
  return file.records.map(({ line, row }) =>
    csvRowToContact(file.format, row, line, file.headers, mapping),
  );
}
