import { z } from 'zod';
import { isPersonName, trimInvisible } from '../api/text';
import {
  CUSTOMER_EMAIL_MAX,
  freeSavedAddressLabel,
  MAX_SAVED_ADDRESSES,
  splitFullName,
} from '../customers';
import type { ImportCounts, ImportedCustomer } from './api';
import { importPhone } from './import-phone';
import {
  NOTES_LIMIT,
  addNote,
  emptyOutcome,
  leftOutText,
  mergedRow,
  quoted,
  sameText,
  type MergeOutcome,
  type PlannedRow,
} from './merge-rules';
import type { SourceContact } from './source-contact';

/** An existing customer, as far as merging needs it. */
export type ExistingCustomer = ImportedCustomer & { id: string };

export type CustomerImportPlan = {
  rows: PlannedRow[];
  counts: ImportCounts;
  /** New customers with their final values (after any later row merged into them). */
  creates: ImportedCustomer[];
  /** Existing customers whose values change, with their final values. */
  updates: ExistingCustomer[];
};

/** The customer columns' limits (CustomerInputSchema), checked per row. */
const LIMITS = { firstName: 100, lastName: 100, homeAddress: 300, notes: NOTES_LIMIT } as const;
const EMAIL = z.email().max(CUSTOMER_EMAIL_MAX);
const isEmail = (value: string) => EMAIL.safeParse(value).success;

export function customerDisplayName(customer: { firstName: string; lastName: string }): string {
  return `${customer.firstName} ${customer.lastName}`.trim();
}

type Normalized = {
  values: ImportedCustomer;
  phones: string[];
  emails: string[];
  /** Addresses other than the home address, to add as saved addresses. */
  others: { label: string; address: string }[];
};

/**
 * Why a named row with neither a phone nor an email is not imported, whatever
 * the file's format: such a customer can be neither booked (a booking's
 * customer is found by phone or email) nor reached, and would only crowd
 * the list with names. Customer Management may still add one by hand.
 */
export const UNREACHABLE_CONTACT =
  'No phone number or email address: a customer needs one to be booked or reached.';

/** A row that cannot be stored, and why. */
export type ContactRefusal = {
  ok: false;
  action: 'skip' | 'error';
  reason: string;
  /**
   * A refused row without a name: its valid phones and emails. Whether the
   * missing name is a problem too depends on whether they find a customer
   * (planCustomerImport says so in the same reason).
   */
  nameless?: { phones: string[]; emails: string[] };
};

const FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  homeAddress: 'Home address',
  notes: 'Notes',
} as const;

/** A name part as stored: spaces collapsed, trimmed of invisible characters; '' if no name. */
function namePart(value: string): string {
  const trimmed = trimInvisible(value).replace(/\s+/g, ' ');
  return isPersonName(trimmed) ? trimmed : '';
}

/**
 * A file's contact under the customer rules: names trimmed (of invisible
 * characters too; a name without a letter or digit is no name), a single
 * name column split like a typed name, an organisation standing in for a
 * missing name, phones in E.164 with Australia as the default country,
 * emails trimmed and lower-cased. When the row cannot be stored, every
 * reason at once, each naming its field, in the template's column order
 * (decision 144); UNREACHABLE_CONTACT for a named row with no phone or email.
 */
export function normalizeContact(
  contact: SourceContact,
): { ok: true; contact: Normalized } | ContactRefusal {
  if (contact.problem) return { ok: false, action: 'error', reason: contact.problem };
  let firstName = namePart(contact.firstName);
  let lastName = namePart(contact.lastName);
  if (firstName === '' && lastName === '' && isPersonName(contact.fullName)) {
    const split = splitFullName(trimInvisible(contact.fullName));
    firstName = namePart(split.firstName);
    lastName = namePart(split.lastName);
  }
  if (firstName === '' && lastName === '') firstName = namePart(contact.organization);
  if (firstName === '' && lastName !== '') [firstName, lastName] = [lastName, ''];

  const rawPhones = contact.phones.map((phone) => phone.trim()).filter(Boolean);
  const phones = [
    ...new Set(rawPhones.map(importPhone).filter((phone) => phone !== null)),
  ] as string[];
  const rawEmails = contact.emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
  const emails = [...new Set(rawEmails.filter(isEmail))];

  if (firstName === '' && rawPhones.length === 0 && rawEmails.length === 0) {
    return { ok: false, action: 'skip', reason: 'No name, phone or email.' };
  }
  const home =
    contact.addresses.find((address) => address.label === 'Home') ??
    contact.addresses.find((address) => address.label !== 'Work');
  const values: ImportedCustomer = {
    firstName,
    lastName,
    phone: phones[0] ?? null,
    email: emails[0] ?? null,
    homeAddress: home?.address ?? null,
    notes: contact.notes.trim(),
    savedAddresses: [],
  };
  const tooLong = (field: keyof typeof LIMITS) =>
    (values[field] ?? '').length > LIMITS[field]
      ? `${FIELD_LABELS[field]} is longer than ${LIMITS[field]} characters.`
      : null;
  // Every problem of the row at once, so one fix of the file mends it.
  const problems = [
    tooLong('firstName'),
    tooLong('lastName'),
    rawPhones.length === 0 && rawEmails.length === 0 ? UNREACHABLE_CONTACT : null,
    rawPhones.length > 0 && phones.length === 0
      ? `Phone "${rawPhones[0]}" is not a valid phone number.`
      : null,
    rawEmails.length > 0 && emails.length === 0
      ? `Email "${rawEmails[0]}" is not a valid email address.`
      : null,
    tooLong('homeAddress'),
    tooLong('notes'),
  ].filter((problem) => problem !== null);
  if (problems.length > 0) {
    return {
      ok: false,
      action: 'error',
      reason: problems.join(' '),
      ...(firstName === '' ? { nameless: { phones, emails } } : {}),
    };
  }
  const others = contact.addresses.filter((address) => address !== home);
  return { ok: true, contact: { values, phones, emails, others } };
}

/** Why a row with a phone or email but no name, matching no customer, is not imported. */
export const NAMELESS_NEW_CUSTOMER =
  'No first or last name: a new customer needs one (a phone or email alone can only add to a customer it matches).';

/** A contact with its rules applied once: the plan and the duplicate lookup share it. */
export type PreparedContact = {
  contact: SourceContact;
  result: ReturnType<typeof normalizeContact>;
};

export function prepareContacts(contacts: SourceContact[]): PreparedContact[] {
  return contacts.map((contact) => ({ contact, result: normalizeContact(contact) }));
}

/** Every phone (E.164) and email of the file: the customers to load before planning. */
export function contactKeys(prepared: PreparedContact[]): { phones: string[]; emails: string[] } {
  const phones = new Set<string>();
  const emails = new Set<string>();
  for (const { result } of prepared) {
    // A refused nameless row's keys too: whether they find a customer decides its reason.
    const keys = result.ok ? result.contact : result.nameless;
    if (!keys) continue;
    for (const phone of keys.phones) phones.add(phone);
    for (const email of keys.emails) emails.add(email);
  }
  return { phones: [...phones], emails: [...emails] };
}

type Target = {
  id: string | null;
  /** The file line that created it (new customers). */
  line: number | null;
  values: ImportedCustomer;
  before: string;
};

function hasAddress(values: ImportedCustomer, address: string): boolean {
  return (
    sameText(values.homeAddress, address) ||
    values.savedAddresses.some((saved) => sameText(saved.address, address))
  );
}

/**
 * Adds an address to the saved addresses unless the customer has it already;
 * an address past the 300-character limit, or past the 20 saved addresses,
 * is left out and said so.
 */
function addSavedAddress(
  values: ImportedCustomer,
  label: string,
  address: string,
  outcome: MergeOutcome,
): void {
  if (hasAddress(values, address)) return;
  const what = `the ${label} address ${quoted(address)}`;
  if (address.length > LIMITS.homeAddress) {
    outcome.leftOut.push(`${what} is longer than ${LIMITS.homeAddress} characters`);
    return;
  }
  if (values.savedAddresses.length >= MAX_SAVED_ADDRESSES) {
    outcome.leftOut.push(`${what}: the customer has ${MAX_SAVED_ADDRESSES} saved addresses`);
    return;
  }
  // A second 'Work' is 'Work 2': the form refuses a label another address has.
  const free = freeSavedAddressLabel(values.savedAddresses, label);
  values.savedAddresses = [...values.savedAddresses, { label: free, address }];
  outcome.changes.push('adds a saved address');
}

/**
 * Merges an incoming contact into a customer: empty fields are filled,
 * existing values are kept, and a different value is written into the notes
 * as "Imported: ..."; addresses are added as saved addresses unless the
 * customer already has them. Says what changed (empty when nothing did) and
 * what did not fit the customer's limits.
 */
function mergeInto(
  values: ImportedCustomer,
  incoming: Normalized,
  isTaken: (kind: 'phone' | 'email', value: string) => boolean,
): MergeOutcome {
  const outcome = emptyOutcome();
  const fill = (field: 'lastName' | 'phone' | 'email' | 'homeAddress', label: string) => {
    const value = incoming.values[field];
    if (value === null || value === '') return;
    const current = values[field];
    if (current === null || current === '') {
      const takenBy = (field === 'phone' || field === 'email') && isTaken(field, value as string);
      if (!takenBy) {
        values[field] = value;
        outcome.changes.push(`fills ${label}`);
        return;
      }
    }
    if (sameText(current, value)) return;
    if (field === 'homeAddress') {
      addSavedAddress(values, 'Home', value, outcome);
      return;
    }
    addNote(values, `Imported: ${label} ${value}`, `notes the other ${label}`, outcome);
  };

  if (values.firstName === '' && incoming.values.firstName !== '') {
    values.firstName = incoming.values.firstName;
    outcome.changes.push('fills first name');
  } else if (
    incoming.values.firstName !== '' &&
    !sameText(values.firstName, incoming.values.firstName)
  ) {
    const name = customerDisplayName(incoming.values);
    addNote(values, `Imported: name ${name}`, 'notes the other name', outcome);
  }
  fill('lastName', 'last name');
  fill('phone', 'phone');
  fill('email', 'email');
  fill('homeAddress', 'home address');
  for (const address of incoming.others) {
    addSavedAddress(values, address.label, address.address, outcome);
  }
  const notes = incoming.values.notes;
  if (notes !== '' && !values.notes.includes(notes)) {
    if (values.notes === '') {
      values.notes = notes;
      outcome.changes.push('fills notes');
    } else {
      addNote(values, `Imported: ${notes}`, 'adds the notes', outcome);
    }
  }
  return { changes: [...new Set(outcome.changes)], leftOut: outcome.leftOut };
}

function snapshot(values: ImportedCustomer): ImportedCustomer {
  return { ...values, savedAddresses: [...values.savedAddresses] };
}

/**
 * What importing `contacts` does to `existing` customers (those sharing a
 * phone or email with the file): each row becomes new, merge (into an
 * existing customer or an earlier row of the file, found by phone first,
 * then email), skip or error. Importing the same file again changes nothing:
 * every row then finds its customer already up to date.
 */
export function planCustomerImport(
  prepared: PreparedContact[],
  existing: ExistingCustomer[],
): CustomerImportPlan {
  const byPhone = new Map<string, Target>();
  const byEmail = new Map<string, Target>();
  const targets: Target[] = [];
  const register = (target: Target, phones: string[], emails: string[]) => {
    for (const phone of phones) if (!byPhone.has(phone)) byPhone.set(phone, target);
    for (const email of emails) if (!byEmail.has(email)) byEmail.set(email, target);
  };
  for (const customer of existing) {
    const { id, ...values } = customer;
    const target: Target = {
      id,
      line: null,
      values: snapshot(values),
      before: JSON.stringify(values),
    };
    targets.push(target);
    register(
      target,
      customer.phone ? [customer.phone] : [],
      customer.email ? [customer.email.toLowerCase()] : [],
    );
  }

  /** The customer (on record or earlier in the file) a row's phones, then emails, find. */
  const findTarget = (keys: { phones: string[]; emails: string[] }): Target | undefined =>
    keys.phones.map((phone) => byPhone.get(phone)).find(Boolean) ??
    keys.emails.map((email) => byEmail.get(email)).find(Boolean);

  const rows: PlannedRow[] = [];
  const counts: ImportCounts = {
    total: prepared.length,
    imported: 0,
    merged: 0,
    skipped: 0,
    errors: 0,
  };
  for (const { contact, result: normalized } of prepared) {
    const sourceName =
      customerDisplayName({
        firstName: namePart(contact.firstName),
        lastName: namePart(contact.lastName),
      }) ||
      namePart(contact.fullName) ||
      namePart(contact.organization) ||
      // A row without a name is known by what else it holds.
      (contact.phones.find((phone) => phone.trim()) ?? '').trim() ||
      (contact.emails.find((email) => email.trim()) ?? '').trim();
    if (!normalized.ok) {
      const { nameless } = normalized;
      // A row with no name is refused for that too unless a customer is found by it.
      const isNamelessNew = nameless !== undefined && findTarget(nameless) === undefined;
      rows.push({
        line: contact.line,
        action: normalized.action,
        reason: isNamelessNew ? `${NAMELESS_NEW_CUSTOMER} ${normalized.reason}` : normalized.reason,
        mergeWith: null,
        customer: null,
        name: sourceName,
      });
      if (normalized.action === 'skip') counts.skipped += 1;
      else counts.errors += 1;
      continue;
    }
    const incoming = normalized.contact;
    const target = findTarget(incoming);
    const name = customerDisplayName(incoming.values);
    if (!target && incoming.values.firstName === '') {
      // A phone or email alone may add to a customer found by it, never make one.
      rows.push({
        line: contact.line,
        action: 'error',
        reason: NAMELESS_NEW_CUSTOMER,
        mergeWith: null,
        customer: null,
        name: sourceName,
      });
      counts.errors += 1;
      continue;
    }
    if (!target) {
      const values = snapshot(incoming.values);
      const outcome = emptyOutcome();
      for (const address of incoming.others) {
        addSavedAddress(values, address.label, address.address, outcome);
      }
      const created: Target = { id: null, line: contact.line, values, before: '' };
      targets.push(created);
      register(created, incoming.phones, incoming.emails);
      counts.imported += 1;
      rows.push({
        line: contact.line,
        action: 'new',
        reason: outcome.leftOut.length > 0 ? `New customer.${leftOutText(outcome.leftOut)}` : null,
        mergeWith: null,
        customer: snapshot(values),
        name,
      });
      continue;
    }
    const isTaken = (kind: 'phone' | 'email', value: string) => {
      const holder = (kind === 'phone' ? byPhone : byEmail).get(value);
      return holder !== undefined && holder !== target;
    };
    const targetName = customerDisplayName(target.values);
    const outcome = mergeInto(target.values, incoming, isTaken);
    register(target, incoming.phones, incoming.emails);
    const mergeWith = {
      id: target.id,
      name: target.id === null ? `${targetName} (line ${target.line})` : targetName,
    };
    const row = mergedRow({ line: contact.line, name, mergeWith }, outcome, 'phone or email');
    if (row.action === 'skip') counts.skipped += 1;
    else counts.merged += 1;
    rows.push({ ...row, customer: row.action === 'skip' ? null : snapshot(target.values) });
  }

  const creates = targets.filter((target) => target.id === null).map((target) => target.values);
  const updates = targets
    .filter((target) => target.id !== null && JSON.stringify(target.values) !== target.before)
    .map((target) => ({ id: target.id!, ...target.values }));
  return { rows, counts, creates, updates };
}
