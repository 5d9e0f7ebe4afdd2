/** Limits of spec section 9 and the import issue: checked before any processing. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

/** A file the importer cannot read at all; nothing is written. `line` is 1-based. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `Line ${line}: ${message}`);
  }
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function assertImportSize(bytes: number): void {
  if (bytes > MAX_IMPORT_BYTES) {
    throw new ImportFileError(
      `The file is ${formatMegabytes(bytes)}; files up to ${formatMegabytes(MAX_IMPORT_BYTES)} can be imported. Split it into smaller files.`,
    );
  }
}

export function assertImportRows(rows: number): void {
  if (rows > MAX_IMPORT_ROWS) {
    throw new ImportFileError(
      `The file has ${rows.toLocaleString('en-AU')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en-AU')} can be imported at once. Split it into smaller files.`,
    );
  }
}

export type TextEncodingName = 'utf-8' | 'windows-1252';

/** The 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset;) {
    line += 1;
    index = text.indexOf('\n', index + 1);
  }
  return line;
}

/** Why a file is refused as binary: one wording, whatever gave it away. */
export const BINARY_FILE_MESSAGE =
  'the file is not text: it looks like a binary file (a spreadsheet, a PDF or a picture). Save it as CSV or vCard and try again.';

/** Bytes looked at to tell a binary file from text before anything is decoded. */
const SNIFF_BYTES = 64 * 1024;

function isControlByte(byte: number): boolean {
  return byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12;
}

/**
 * The file's text: UTF-8 (with or without a byte-order mark) when the bytes
 * are valid UTF-8, else Windows-1252 (what Excel on Windows saves as "CSV").
 * A file whose first 64 KB hold a NUL byte or many control characters is
 * binary, not a spreadsheet or address book, and is refused naming the line
 * of the first one. Past those 64 KB a stray control character is the row's
 * problem, not the file's: each value is checked as it is read (textProblem).
 */
export function decodeImportFile(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  assertImportSize(bytes.byteLength);
  const sample = bytes.subarray(0, SNIFF_BYTES);
  let controls = 0;
  let firstControl = -1;
  let firstNul = -1;
  for (let index = 0; index < sample.length; index += 1) {
    const byte = sample[index]!;
    if (byte === 0) {
      firstNul = index;
      break;
    }
    if (isControlByte(byte)) {
      controls += 1;
      if (firstControl === -1) firstControl = index;
    }
  }
  const isBinary = firstNul !== -1 || (sample.length > 0 && controls / sample.length > 0.01);
  if (isBinary) {
    const offset = firstNul !== -1 ? firstNul : firstControl;
    const before = new TextDecoder('latin1').decode(sample.subarray(0, offset));
    throw new ImportFileError(BINARY_FILE_MESSAGE, lineAt(before, offset));
  }
  try {
    // fatal: invalid UTF-8 throws; ignoreBOM false (default) drops a leading BOM.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
