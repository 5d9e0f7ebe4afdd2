import ICAL from 'ical.js';
import { textProblem } from '../api/text';
import { ImportFileError, assertImportRows } from './file-text';
import {
  HOME_LABEL,
  MOBILE_LABEL,
  addressLabel,
  byPreference,
  emptySourceContact,
  joinAddress,
  type Labelled,
  type SourceContact,
} from './source-contact';

/** Does the text look like an address book (vCard) rather than a CSV? */
export function looksLikeVcard(text: string): boolean {
  return /^\s*BEGIN:VCARD\s*$/im.test(
    text
      .slice(0, 4096)
      .split(/\r\n|\n|\r/, 20)
      .join('\n'),
  );
}

type CardLines = { startLine: number; lines: { number: number; text: string }[] };

/** Splits the file into cards by BEGIN/END, naming the line of any card left open. */
function splitCards(text: string): CardLines[] {
  const lines = text.split(/\r\n|\n|\r/);
  const cards: CardLines[] = [];
  let current: CardLines | null = null;
  lines.forEach((line, index) => {
    const number = index + 1;
    const trimmed = line.trim().toUpperCase();
    if (trimmed === 'BEGIN:VCARD') {
      if (current) {
        throw new ImportFileError(
          `the vCard that begins on line ${current.startLine} has no END:VCARD before the next BEGIN:VCARD.`,
          number,
        );
      }
      current = { startLine: number, lines: [{ number, text: line }] };
      return;
    }
    if (current === null) {
      if (trimmed !== '') {
        throw new ImportFileError(`"${line.slice(0, 40)}" is outside any vCard.`, number);
      }
      return;
    }
    current.lines.push({ number, text: line });
    if (trimmed === 'END:VCARD') {
      cards.push(current);
      current = null;
    }
  });
  if (current !== null) {
    const open: CardLines = current;
    throw new ImportFileError(
      `the vCard that begins here has no END:VCARD (the file ends first).`,
      open.startLine,
    );
  }
  return cards;
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    const hex = value.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      // Unencoded text in a QP value is ASCII (or already the file's text).
      for (const byte of new TextEncoder().encode(char)) bytes.push(byte);
    }
  }
  const array = new Uint8Array(bytes);
  const label = charset.toLowerCase();
  if (label === 'utf-8' || label === 'utf8' || label === '') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(array);
    } catch {
      return new TextDecoder('windows-1252').decode(array);
    }
  }
  try {
    return new TextDecoder(label).decode(array);
  } catch {
    return new TextDecoder('windows-1252').decode(array);
  }
}

/** vCard 3.0 text escaping of a 2.1 value: 2.1 has no comma lists, so every comma is text. */
function escape21Value(value: string): string {
  return value.replace(/\r\n|\n|\r/g, '\\n').replace(/(?<!\\),/g, '\\,');
}

/**
 * vCard 2.1 (Android, older Outlook) is not what ical.js reads (3.0 and 4.0),
 * so 2.1 cards pass through this pre-pass first:
 * - quoted-printable values are joined across their soft line breaks ("=" at
 *   the end of a line) and decoded with their CHARSET (UTF-8 when absent and
 *   valid, else Windows-1252); other values are unfolded;
 * - every value's commas are escaped: a comma in 2.1 is text ("Likes water,
 *   no music", "1 Hay St, Unit 2"), where 3.0 would read a list of values;
 * - bare parameters ("TEL;CELL;PREF:") become TYPE parameters;
 * - ENCODING and CHARSET parameters are dropped; inline base64 media (PHOTO,
 *   LOGO, SOUND, KEY) is left out, with its continuation lines.
 */
function upgradeVcard21(lines: { number: number; text: string }[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    let text = lines[index]!.text;
    const colon = text.indexOf(':');
    if (colon === -1 || /^\s/.test(text)) {
      out.push(text);
      continue;
    }
    const head = text.slice(0, colon);
    const [name = '', ...params] = head.split(';');
    const upperParams = params.map((param) => param.toUpperCase());
    const isQuotedPrintable = upperParams.some(
      (param) => param === 'QUOTED-PRINTABLE' || param === 'ENCODING=QUOTED-PRINTABLE',
    );
    const isBase64 = upperParams.some(
      (param) => param === 'BASE64' || param === 'ENCODING=BASE64' || param === 'ENCODING=B',
    );
    if (isBase64) {
      // Base64 continues on indented lines and ends with a blank line.
      while (index + 1 < lines.length && /^(\s|$)/.test(lines[index + 1]!.text)) index += 1;
      continue;
    }
    let value = text.slice(colon + 1);
    if (isQuotedPrintable) {
      while (value.endsWith('=') && index + 1 < lines.length) {
        index += 1;
        value = value.slice(0, -1) + lines[index]!.text.trimStart();
      }
      const charset = /^CHARSET=(.+)$/i.exec(params.find((p) => /^CHARSET=/i.test(p)) ?? '');
      // "=00" would decode to NUL, which PostgreSQL refuses in text.
      value = decodeQuotedPrintable(value, charset?.[1] ?? '').replace(/\0/g, '');
    } else {
      // Folded lines are unfolded here, so their commas are escaped too. 2.1
      // folds at a space (RFC 822), which unfolding keeps.
      while (index + 1 < lines.length && /^[ \t]/.test(lines[index + 1]!.text)) {
        index += 1;
        value += lines[index]!.text;
      }
    }
    const kept = params.flatMap((param) => {
      if (/^(ENCODING|CHARSET)=/i.test(param) || /^QUOTED-PRINTABLE$/i.test(param)) return [];
      return param.includes('=') ? [param] : [`TYPE=${param}`];
    });
    text = [name, ...kept].join(';') + ':' + escape21Value(value);
    out.push(text);
  }
  return out.map((line) => (/^VERSION:2\.1$/i.test(line.trim()) ? 'VERSION:3.0' : line));
}

type JCardProperty = [string, Record<string, string | string[]>, string, ...unknown[]];

function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(' ');
  return typeof value === 'string' ? value : value == null ? '' : String(value);
}

/**
 * A value as the file wrote it. ical.js reads an unescaped comma in a 3.0
 * text value (NOTE, FN) or in an address component as a list separator and
 * hands the pieces over separately (NOTE's at property[3], [4], ...); phones
 * and address books write such commas as plain text ("Likes water, no
 * music", "1 Hay St, Unit 2"), so the pieces are joined back with the comma.
 */
function wholeText(pieces: unknown): string {
  if (Array.isArray(pieces)) return pieces.map(wholeText).join(',');
  return asText(pieces);
}

/** The value of a text property, all its pieces (see wholeText). */
function propertyText(property: JCardProperty): string {
  return wholeText(property.slice(3));
}

function typesOf(params: Record<string, string | string[]>): string[] {
  const type = params.type;
  const list = Array.isArray(type) ? type : type ? [type] : [];
  return list.flatMap((item) => item.split(',')).map((item) => item.toLowerCase());
}

/** A property's label: its TYPE parameters and an Apple "itemN.X-ABLabel" of its group. */
function labelled(property: JCardProperty, groupLabels: Map<string, string>): Labelled {
  const [, params, , rawValue] = property;
  const types = typesOf(params);
  const group = typeof params.group === 'string' ? params.group.toLowerCase() : '';
  const appleLabel = (groupLabels.get(group) ?? '').replace(/^_\$!<(.*)>!\$_$/, '$1');
  const pref = typeof params.pref === 'string' ? Number(params.pref) : NaN;
  return {
    value: asText(rawValue),
    label: [...types.filter((type) => type !== 'pref'), appleLabel].filter(Boolean).join(' '),
    preferred: types.includes('pref') || pref === 1,
  };
}

function phoneText(value: string): string {
  // vCard 4.0 writes phones as tel: URIs ("tel:+61-412-345-678;ext=2").
  return value.replace(/^tel:/i, '').replace(/;.*$/, '');
}

function cardToContact(jcard: unknown, line: number): SourceContact {
  const contact = emptySourceContact(line);
  const properties = (Array.isArray(jcard) ? (jcard[1] as JCardProperty[]) : []) ?? [];
  const groupLabels = new Map<string, string>();
  for (const property of properties) {
    const group = property[1].group;
    if (property[0] === 'x-ablabel' && typeof group === 'string') {
      groupLabels.set(group.toLowerCase(), asText(property[3]));
    }
  }
  const phones: Labelled[] = [];
  const emails: Labelled[] = [];
  const addresses: Labelled[] = [];
  const notes: string[] = [];
  for (const property of properties) {
    const [name, , , value] = property;
    switch (name) {
      case 'fn':
        contact.fullName = propertyText(property).trim();
        break;
      case 'n': {
        const parts = Array.isArray(value) ? value : [value];
        contact.lastName = asText(parts[0]).trim();
        contact.firstName = [asText(parts[1]), asText(parts[2])].join(' ').trim();
        break;
      }
      case 'org':
        contact.organization = wholeText(Array.isArray(value) ? value[0] : value).trim();
        break;
      case 'tel':
        phones.push({ ...labelled(property, groupLabels), value: phoneText(asText(value)) });
        break;
      case 'email':
        emails.push(labelled(property, groupLabels));
        break;
      case 'adr': {
        const parts = (Array.isArray(value) ? value : [value]).map(wholeText);
        const address = joinAddress({
          extended: [parts[0], parts[1]].filter(Boolean).join(', '),
          street: parts[2],
          city: parts[3],
          region: parts[4],
          postcode: parts[5],
          country: parts[6],
        });
        addresses.push({ ...labelled(property, groupLabels), value: address });
        break;
      }
      case 'note':
        notes.push(propertyText(property).trim());
        break;
      default:
        break;
    }
  }
  contact.phones = byPreference(phones, MOBILE_LABEL).map((item) => item.value);
  contact.emails = byPreference(emails).map((item) => item.value);
  contact.addresses = byPreference(addresses, HOME_LABEL).map((item) => ({
    label: addressLabel(item.label),
    address: item.value,
  }));
  contact.notes = notes.filter(Boolean).join('\n');
  return contact;
}

/** The card's line where a property (of this name, in any group) is written. */
function propertyLine(card: CardLines, name: string): number {
  const pattern = new RegExp(`^(?:[\\w-]+\\.)?${name.replace(/[^\w-]/g, '')}[;:]`, 'i');
  return card.lines.find((line) => pattern.test(line.text))?.number ?? card.startLine;
}

/**
 * The first property value that cannot be stored as text (a control
 * character, say from a quoted-printable "=01"), named by its line and
 * property; null when every value may be stored.
 */
function cardProblem(jcard: unknown, card: CardLines): string | null {
  const properties = (Array.isArray(jcard) ? (jcard[1] as JCardProperty[]) : []) ?? [];
  for (const property of properties) {
    const problem = textProblem(propertyText(property), { multiline: true });
    if (problem) {
      const name = property[0].toUpperCase();
      return `Line ${propertyLine(card, name)}, ${name}: ${problem}.`;
    }
  }
  return null;
}

/** The line of a card that ical.js quoted in its error, else the card's first line. */
function errorLine(card: CardLines, message: string): number {
  const quoted = [...message.matchAll(/"([^"]+)"|'([^']+)'/g)]
    .map((match) => (match[1] ?? match[2] ?? '').slice(0, 60))
    .sort((a, b) => b.length - a.length);
  for (const text of quoted) {
    const found = card.lines.find((line) => line.text.includes(text));
    if (found) return found.number;
  }
  return card.startLine;
}

/** Every card of a vCard file (2.1, 3.0 or 4.0) as a contact. */
export function parseVcardContacts(text: string): SourceContact[] {
  const cards = splitCards(text);
  assertImportRows(cards.length);
  if (cards.length === 0) throw new ImportFileError('The file has no vCard in it.');
  return cards.map((card) => {
    const isVersion21 = card.lines.some((line) => /^VERSION:2\.1\s*$/i.test(line.text));
    const lines = isVersion21 ? upgradeVcard21(card.lines) : card.lines.map((line) => line.text);
    let parsed: unknown;
    try {
      parsed = ICAL.parse(lines.join('\r\n'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new ImportFileError(
        `this vCard cannot be read (${message}).`,
        errorLine(card, message),
      );
    }
    return { ...cardToContact(parsed, card.startLine), problem: cardProblem(parsed, card) };
  });
}
