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
import { CUSTOMER_TEMPLATE_COLUMNS } from './templates';
import type { ColumnMapping, ContactField } from './api';

export type CsvFormat = 'customer-template' | 'google' | 'google-legacy' | 'outlook' | 'mapped';

export const CSV_FORMAT_NAMES: Record<CsvFormat, string> = {
  'customer-template': 'Customer Import Template',
  google: 'Google Contacts CSV',
  'google-legacy': 'Google Contacts CSV (legacy)',
  outlook: 'Outlook CSV',
  mapped: 'CSV with mapped columns',
};

/** Google puts several values in one cell separated by " ::: ". */
const GOOGLE_SEPARATOR = ' ::: ';

type Row = Record<string, string>;

function cell(row: Row, header: string): string {
  return (row[header] ?? '').trim();
}

/** The format a header row belongs to; anything unknown is mapped by the admin. */
export function detectCsvFormat(headers: string[]): CsvFormat {
  const set = new Set(headers.map((header) => header.trim()));
  const sameAsTemplate =
    headers.length === CUSTOMER_TEMPLATE_COLUMNS.length &&
    CUSTOMER_TEMPLATE_COLUMNS.every((column) => set.has(column));
  if (sameAsTemplate) return 'customer-template';
  const hasGoogleValues = set.has('E-mail 1 - Value') || set.has('Phone 1 - Value');
  if (hasGoogleValues && set.has('Given Name') && set.has('Family Name')) return 'google-legacy';
  if (hasGoogleValues && set.has('First Name')) return 'google';
  if (set.has('E-mail Address') && (set.has('Mobile Phone') || set.has('Home Street'))) {
    return 'outlook';
  }
  return 'mapped';
}

/** Numbered column groups Google writes: "Phone 1 - Value", "Phone 2 - Value", ... */
function googleGroups(headers: string[], prefix: string, suffix = 'Value'): number[] {
  const pattern = new RegExp(`^${prefix} (\\d+) - ${suffix}$`);
  const numbers = headers.flatMap((header) => {
    const match = pattern.exec(header.trim());
    return match ? [Number(match[1])] : [];
  });
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/**
 * One Google group's values: the label cell applies to every value of the
 * cell; a label beginning with '*' marks the primary one.
 */
function googleValues(row: Row, prefix: string, groups: number[], legacy: boolean): Labelled[] {
  const labelColumn = legacy ? 'Type' : 'Label';
  return groups.flatMap((number) => {
    const label = cell(row, `${prefix} ${number} - ${labelColumn}`);
    return cell(row, `${prefix} ${number} - Value`)
      .split(GOOGLE_SEPARATOR)
      .map((value) => ({ value, label, preferred: label.startsWith('*') }));
  });
}

function googleAddresses(row: Row, groups: number[], legacy: boolean) {
  const labelColumn = legacy ? 'Type' : 'Label';
  const values: Labelled[] = groups.flatMap((number) => {
    const label = cell(row, `Address ${number} - ${labelColumn}`);
    const formatted = cell(row, `Address ${number} - Formatted`);
    const parts = formatted
      ? formatted.split(GOOGLE_SEPARATOR).map((text) => joinAddress({ street: text }))
      : [
          joinAddress({
            street: cell(row, `Address ${number} - Street`),
            extended: cell(row, `Address ${number} - Extended Address`),
            city: cell(row, `Address ${number} - City`),
            region: cell(row, `Address ${number} - Region`),
            postcode: cell(row, `Address ${number} - Postal Code`),
            country: cell(row, `Address ${number} - Country`),
          }),
        ];
    return parts.map((value) => ({ value, label, preferred: label.startsWith('*') }));
  });
  return byPreference(values, HOME_LABEL).map((item) => ({
    label: addressLabel(item.label),
    address: item.value,
  }));
}

function googleContact(row: Row, line: number, headers: string[], legacy: boolean) {
  const contact = emptySourceContact(line);
  contact.firstName = cell(row, legacy ? 'Given Name' : 'First Name');
  contact.lastName = cell(row, legacy ? 'Family Name' : 'Last Name');
  contact.fullName = legacy ? cell(row, 'Name') : '';
  contact.organization = cell(row, legacy ? 'Organization 1 - Name' : 'Organization Name');
  contact.notes = cell(row, 'Notes');
  contact.phones = byPreference(
    googleValues(row, 'Phone', googleGroups(headers, 'Phone'), legacy),
    MOBILE_LABEL,
  ).map((item) => item.value);
  contact.emails = byPreference(
    googleValues(row, 'E-mail', googleGroups(headers, 'E-mail'), legacy),
  ).map((item) => item.value);
  contact.addresses = googleAddresses(row, googleGroups(headers, 'Address', 'Formatted'), legacy);
  return contact;
}

function outlookAddress(row: Row, kind: 'Home' | 'Business' | 'Other'): string {
  return joinAddress({
    street: [cell(row, `${kind} Street`), cell(row, `${kind} Street 2`)].filter(Boolean).join(', '),
    city: cell(row, `${kind} City`),
    region: cell(row, `${kind} State`),
    postcode: cell(row, `${kind} Postal Code`),
    country: cell(row, `${kind} Country/Region`),
  });
}

function outlookContact(row: Row, line: number): SourceContact {
  const contact = emptySourceContact(line);
  contact.firstName = cell(row, 'First Name');
  contact.lastName = cell(row, 'Last Name');
  contact.organization = cell(row, 'Company');
  contact.notes = cell(row, 'Notes');
  contact.phones = [
    'Primary Phone',
    'Mobile Phone',
    'Home Phone',
    'Home Phone 2',
    'Business Phone',
    'Business Phone 2',
    'Other Phone',
  ]
    .map((header) => cell(row, header))
    .filter(Boolean);
  contact.emails = ['E-mail Address', 'E-mail 2 Address', 'E-mail 3 Address']
    .map((header) => cell(row, header))
    .filter(Boolean);
  contact.addresses = (
    [
      ['Home', 'Home'],
      ['Business', 'Work'],
      ['Other', 'Other'],
    ] as const
  )
    .map(([kind, label]) => ({ label, address: outlookAddress(row, kind) }))
    .filter((item) => item.address !== '');
  return contact;
}

const FIELD_ALIASES: Record<Exclude<ContactField, 'ignore'>, string[]> = {
  firstName: ['firstname', 'givenname', 'first', 'forename'],
  lastName: ['lastname', 'surname', 'familyname', 'last'],
  fullName: ['name', 'fullname', 'customername', 'contactname', 'passengername', 'customer'],
  phone: [
    'phone',
    'phonenumber',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'mob',
    'cell',
    'tel',
    'telephone',
    'contactnumber',
    'phone1',
  ],
  email: ['email', 'emailaddress', 'mail', 'email1'],
  homeAddress: ['homeaddress', 'address', 'streetaddress', 'pickupaddress', 'addressline1'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
};

function aliasKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A mapping guessed from header names; unknown columns are ignored. */
export function guessColumnMapping(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    const key = aliasKey(header);
    const field = (Object.keys(FIELD_ALIASES) as (keyof typeof FIELD_ALIASES)[]).find((name) =>
      FIELD_ALIASES[name].includes(key),
    );
    mapping[header] = field ?? 'ignore';
  }
  return mapping;
}

/** The key under which a mapping is remembered: the same headers, any order or case. */
export function headerSetKey(headers: string[]): string {
  return [...new Set(headers.map((header) => header.trim().toLowerCase()))].sort().join('\u001f');
}

function mappedContact(row: Row, line: number, mapping: ColumnMapping): SourceContact {
  const contact = emptySourceContact(line);
  const notes: string[] = [];
  for (const [header, field] of Object.entries(mapping)) {
    const value = cell(row, header);
    if (value === '') continue;
    switch (field) {
      case 'firstName':
        contact.firstName ||= value;
        break;
      case 'lastName':
        contact.lastName ||= value;
        break;
      case 'fullName':
        contact.fullName ||= value;
        break;
      case 'phone':
        contact.phones.push(value);
        break;
      case 'email':
        contact.emails.push(value);
        break;
      case 'homeAddress':
        contact.addresses.push({ label: 'Home', address: joinAddress({ street: value }) });
        break;
      case 'notes':
        notes.push(value);
        break;
      case 'ignore':
        break;
      default: {
        const unhandled: never = field;
        throw new Error(`Unknown field ${String(unhandled)}`);
      }
    }
  }
  contact.notes = notes.join('\n');
  return contact;
}

/** One CSV record as a contact, by the file's format. */
export function csvRowToContact(
  format: CsvFormat,
  row: Row,
  line: number,
  headers: string[],
  mapping: ColumnMapping,
): SourceContact {
  switch (format) {
    case 'google':
      return googleContact(row, line, headers, false);
    case 'google-legacy':
      return googleContact(row, line, headers, true);
    case 'outlook':
      return outlookContact(row, line);
    case 'customer-template':
    case 'mapped':
      return mappedContact(row, line, mapping);
    default: {
      const unhandled: never = format;
      throw new Error(`Unknown format ${String(unhandled)}`);
    }
  }
}
