import Papa from 'papaparse';
import { textProblem } from '../api/text';
import type { ColumnMapping } from './api';
import { CSV_FORMAT_NAMES, csvRowToContact, detectCsvFormat, type CsvFormat } from './csv-formats';
import {
  ImportFileError,
  assertImportRows,
  decodeImportFile,
  lineAt,
  type TextEncodingName,
} from './file-text';
import type { SourceContact } from './source-contact';
import { IMPORT_TEMPLATES, templateKindOf, type ImportTemplateKind } from './templates';
import { looksLikeVcard, parseVcardContacts } from './vcard';

/**
 * One CSV row by header, with its first line; `problem` names the line and
 * column of a value that cannot be stored (a control character), if any.
 */
export type CsvRecord = { line: number; row: Record<string, string>; problem: string | null };

/**
 * A file read and recognised, before any mapping or rule. `template` is the
 * import template whose header row a CSV has (drivers, vehicles, bookings);
 * any other CSV, and every vCard, holds customers.
 */
export type ReadFile =
  | { kind: 'vcard'; formatName: string; encoding: TextEncodingName; contacts: SourceContact[] }
  | {
      kind: 'csv';
      template: Exclude<ImportTemplateKind, 'customers'> | null;
      format: CsvFormat;
      formatName: string;
      encoding: TextEncodingName;
      headers: string[];
      records: CsvRecord[];
    };

/** What the file holds: the records of one import kind. */
export function importKindOf(file: ReadFile): ImportTemplateKind {
  return file.kind === 'csv' && file.template ? file.template : 'customers';
}

/**
 * The first value of a row that cannot be stored as text (a control
 * character, a broken character), named by the line it starts on and its
 * column; null when every value may be stored. Tab, line breaks and carriage
 * returns are a cell's own (a note over several lines).
 */
function cellsProblem(cells: string[], headers: string[] | null, line: number): string | null {
  let cellLine = line;
  for (const [index, cell] of cells.entries()) {
    const problem = textProblem(cell, { multiline: true });
    if (problem) {
      const column = headers?.[index] ? `column "${headers[index]}"` : `column ${index + 1}`;
      return `Line ${cellLine}, ${column}: ${problem}.`;
    }
    cellLine += cell.split('\n').length - 1;
  }
  return null;
}

/**
 * A row with values past the header's last column: its values no longer line
 * up with the columns, most often because a value with a comma in it was not
 * quoted ('12 King St, Perth'). Blank values past the end (a trailing
 * separator) are no problem.
 */
function extraCellsProblem(cells: string[], headers: string[], line: number): string | null {
  const extra = cells.slice(headers.length).filter((cell) => cell.trim() !== '');
  if (extra.length === 0) return null;
  const values = extra.length === 1 ? 'value' : 'values';
  return `Line ${line} has ${extra.length} ${values} more than the ${headers.length} columns of the header ("${extra[0]!.trim().slice(0, 40)}"): a value with a comma in it needs double quotes around it.`;
}

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
        const problem = cellsProblem(cells, null, rowLine);
        if (problem) {
          failure = new ImportFileError(`the header row cannot be read: ${problem}`);
          parser.abort();
          return;
        }
        headers = cells.map((cell) => cell.trim());
        return;
      }
      const row: Record<string, string> = {};
      headers.forEach((header, index) => {
        // A repeated header keeps its first non-blank cell.
        if (!row[header]) row[header] = cells[index] ?? '';
      });
      const problem =
        cellsProblem(cells, headers, rowLine) ?? extraCellsProblem(cells, headers, rowLine);
      records.push({ line: rowLine, row, problem });
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
    return {
      kind: 'csv',
      template: templateKind,
      format: 'mapped',
      formatName: IMPORT_TEMPLATES[templateKind].title,
      encoding,
      headers,
      records,
    };
  }
  const format = detectCsvFormat(headers);
  return {
    kind: 'csv',
    template: null,
    format,
    formatName: CSV_FORMAT_NAMES[format],
    encoding,
    headers,
    records,
  };
}

/** The file's contacts; a CSV's unknown columns go where `mapping` says. */
export function fileContacts(file: ReadFile, mapping: ColumnMapping): SourceContact[] {
  if (file.kind === 'vcard') return file.contacts;
  return file.records.map(({ line, row, problem }) => ({
    ...csvRowToContact(file.format, row, line, file.headers, mapping),
    problem,
  }));
}
