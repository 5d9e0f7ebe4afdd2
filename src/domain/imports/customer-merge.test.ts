import { describe, expect, it } from 'vitest';
import {
  NAMELESS_NEW_CUSTOMER,
  normalizeContact,
  planCustomerImport,
  prepareContacts,
  UNREACHABLE_CONTACT,
  type ExistingCustomer,
} from './customer-merge';
import { reportRows } from './merge-rules';
import { emptySourceContact, type SourceContact } from './source-contact';

function contact(line: number, fields: Partial<SourceContact>): SourceContact {
  return { ...emptySourceContact(line), ...fields };
}

const EXISTING: ExistingCustomer = {
  id: 'c-1',
  firstName: 'Jane',
  lastName: 'Citizen',
  phone: '+61412345678',
  email: 'jane@example.com.au',
  homeAddress: '1 Hay St, Perth WA 6000',
  notes: 'VIP',
  savedAddresses: [],
};

function plan(contacts: SourceContact[], existing: ExistingCustomer[] = []) {
  return planCustomerImport(prepareContacts(contacts), existing);
}

describe('normalizeContact', () => {
  it('understands Australian phones however they are written', () => {
    for (const phone of ['0412 345 678', '+61 412 345 678', '(04) 1234 5678']) {
      const result = normalizeContact(contact(2, { firstName: 'A', phones: [phone] }));
      expect(result.ok && result.contact.values.phone).toBe('+61412345678');
    }
    const landline = normalizeContact(contact(2, { firstName: 'A', phones: ['(08) 9321 4400'] }));
    expect(landline.ok && landline.contact.values.phone).toBe('+61893214400');
  });

  it('reads an 8-digit local number without an area code as a Perth (08) number', () => {
    for (const phone of ['9321 4400', '93214400', '9321-4400']) {
      const result = normalizeContact(contact(2, { firstName: 'A', phones: [phone] }));
      expect(result.ok && result.contact.values.phone).toBe('+61893214400');
    }
    const tooShort = normalizeContact(contact(2, { firstName: 'A', phones: ['321 4400'] }));
    expect(tooShort).toMatchObject({ ok: false, action: 'error' });
  });

  it('trims and lower-cases emails and trims names', () => {
    const result = normalizeContact(
      contact(2, { firstName: '  Mia ', lastName: ' Wilson ', emails: [' Mia.W@Example.COM '] }),
    );
    expect(result.ok && result.contact.values).toMatchObject({
      firstName: 'Mia',
      lastName: 'Wilson',
      email: 'mia.w@example.com',
    });
  });

  it('splits a single name column like a typed name; an organisation stands in for no name', () => {
    const full = normalizeContact(
      contact(2, { fullName: 'Mary Jane Watson', phones: ['0412345678'] }),
    );
    expect(full.ok && full.contact.values).toMatchObject({
      firstName: 'Mary Jane',
      lastName: 'Watson',
    });
    const org = normalizeContact(
      contact(2, { organization: 'Swan Events', phones: ['0412345678'] }),
    );
    expect(org.ok && org.contact.values.firstName).toBe('Swan Events');
  });

  it('skips a row with no name, phone or email, and fails one whose only phone is invalid', () => {
    expect(normalizeContact(contact(2, { notes: 'only notes' }))).toEqual({
      ok: false,
      action: 'skip',
      reason: 'No name, phone or email.',
    });
    expect(normalizeContact(contact(3, { firstName: 'A', phones: ['12'] }))).toMatchObject({
      ok: false,
      action: 'error',
    });
    expect(
      normalizeContact(contact(4, { firstName: 'A', emails: ['not-an-email'] })),
    ).toMatchObject({
      ok: false,
      action: 'error',
      reason: 'Email "not-an-email" is not a valid email address.',
    });
  });

  it('fails a named row with neither a phone nor an email, saying what is missing', () => {
    for (const fields of [
      { firstName: 'Jane', lastName: 'Citizen' },
      { fullName: 'Jane Citizen', addresses: [{ label: 'Home', address: '1 Hay St, Perth' }] },
      { organization: 'Swan Events', phones: [' '], emails: [''] },
    ]) {
      expect(normalizeContact(contact(2, fields))).toEqual({
        ok: false,
        action: 'error',
        reason: UNREACHABLE_CONTACT,
      });
    }
    expect(UNREACHABLE_CONTACT).toMatch(/^No phone number or email address/);
    expect(normalizeContact(contact(3, { firstName: 'Jane', emails: ['j@example.com'] })).ok).toBe(
      true,
    );
  });

  it('names both the bad phone and the bad email of one row', () => {
    expect(
      normalizeContact(contact(5, { firstName: 'A', phones: ['12'], emails: ['not-an-email'] })),
    ).toEqual({
      ok: false,
      action: 'error',
      reason:
        'Phone "12" is not a valid phone number. Email "not-an-email" is not a valid email address.',
    });
  });

  it('trims names of invisible characters; a name made only of them is no name', () => {
    const trimmed = normalizeContact(
      contact(2, { firstName: '\uFEFFAda', lastName: 'Zoë\u200B', phones: ['0412345678'] }),
    );
    expect(trimmed.ok && trimmed.contact.values).toMatchObject({
      firstName: 'Ada',
      lastName: 'Zoë',
    });
    const full = normalizeContact(
      contact(2, {
        firstName: '\u200B',
        fullName: '\u00A0Mary Jane Watson\u200B',
        phones: ['0412345678'],
      }),
    );
    expect(full.ok && full.contact.values).toMatchObject({
      firstName: 'Mary Jane',
      lastName: 'Watson',
    });
    for (const invisible of ['\u200B', ' \u00A0 ', '\uFEFF']) {
      expect(normalizeContact(contact(2, { firstName: invisible, lastName: invisible }))).toEqual({
        ok: false,
        action: 'skip',
        reason: 'No name, phone or email.',
      });
      const nameless = plan([contact(3, { firstName: invisible, phones: ['0412345678'] })]);
      expect(nameless.rows[0]).toMatchObject({ action: 'error', reason: NAMELESS_NEW_CUSTOMER });
    }
  });

  it('keeps a formula-looking value as plain text', () => {
    const result = normalizeContact(
      contact(2, { firstName: '=SUM(A1)', notes: '@here', phones: ['0412345678'] }),
    );
    expect(result.ok && result.contact.values).toMatchObject({
      firstName: '=SUM(A1)',
      notes: '@here',
    });
  });
});

describe('planCustomerImport', () => {
  it('merges by phone into an existing customer: fills empty fields, notes a different value', () => {
    const result = plan(
      [
        contact(2, {
          firstName: 'Jane',
          lastName: 'Citizen',
          phones: ['0412 345 678'],
          emails: ['jane.other@example.com.au'],
          addresses: [{ label: 'Home', address: '9 New Rd, Subiaco WA 6008' }],
          notes: 'Likes jazz',
        }),
      ],
      [{ ...EXISTING, lastName: '' }],
    );
    expect(result.counts).toMatchObject({ merged: 1, imported: 0 });
    expect(result.rows[0]!.mergeWith).toEqual({ id: 'c-1', name: 'Jane' });
    expect(result.updates).toEqual([
      {
        ...EXISTING,
        lastName: 'Citizen',
        notes: 'VIP\nImported: email jane.other@example.com.au\nImported: Likes jazz',
        savedAddresses: [{ label: 'Home', address: '9 New Rd, Subiaco WA 6008' }],
      },
    ]);
  });

  it("names a second address of a label the customer has 'Work 2', as the customer form would accept", () => {
    const result = plan(
      [
        contact(2, {
          firstName: 'Jane',
          phones: ['0412 345 678'],
          addresses: [
            { label: 'Work', address: '100 St Georges Tce, Perth' },
            { label: 'Work', address: '2 The Esplanade, Perth' },
          ],
        }),
      ],
      [{ ...EXISTING, savedAddresses: [{ label: 'work', address: '1 Murray St, Perth' }] }],
    );
    expect(result.updates[0]!.savedAddresses.map((saved) => saved.label)).toEqual([
      'work',
      'Work 2',
      'Work 3',
    ]);
  });

  it('adds a nameless row to the customer its phone finds, and makes no nameless customer', () => {
    const result = plan(
      [
        contact(2, { phones: ['0412 345 678'], emails: ['jane.work@example.com.au'] }),
        contact(3, { phones: ['0412 555 004'], emails: ['nameless@example.com'] }),
      ],
      [EXISTING],
    );
    expect(result.counts).toMatchObject({ merged: 1, imported: 0, errors: 1 });
    expect(result.rows[1]).toMatchObject({
      line: 3,
      action: 'error',
      reason: NAMELESS_NEW_CUSTOMER,
      customer: null,
      name: '0412 555 004',
    });
  });

  it('merges by email when the phone is new, and fills the phone', () => {
    const result = plan(
      [
        contact(2, {
          firstName: 'Jane',
          phones: ['0499 000 111'],
          emails: ['JANE@example.com.au'],
        }),
      ],
      [{ ...EXISTING, phone: null }],
    );
    expect(result.updates[0]!.phone).toBe('+61499000111');
  });

  it('never adds an address the customer already has, in any case or spacing', () => {
    const result = plan(
      [
        contact(2, {
          firstName: 'Jane',
          lastName: 'Citizen',
          phones: ['0412345678'],
          addresses: [{ label: 'Home', address: '1 HAY ST,  Perth WA 6000' }],
        }),
      ],
      [EXISTING],
    );
    expect(result.rows[0]).toMatchObject({
      action: 'skip',
      reason: 'Already up to date: Jane Citizen.',
    });
    expect(result.updates).toEqual([]);
  });

  it('merges rows of the same file into the first one', () => {
    const result = plan([
      contact(2, { firstName: 'Ava', phones: ['0412111222'] }),
      contact(3, { firstName: 'Ava', emails: ['ava@example.com'], phones: ['0412 111 222'] }),
      contact(4, { firstName: 'Ava', lastName: 'Roberts', emails: ['ava@example.com'] }),
    ]);
    expect(result.counts).toEqual({ total: 3, imported: 1, merged: 2, skipped: 0, errors: 0 });
    expect(result.creates).toEqual([
      expect.objectContaining({
        firstName: 'Ava',
        lastName: 'Roberts',
        phone: '+61412111222',
        email: 'ava@example.com',
      }),
    ]);
    expect(result.rows[2]!.mergeWith).toEqual({ id: null, name: 'Ava (line 2)' });
  });

  it('changes nothing the second time: merged values are found already there', () => {
    const first = plan(
      [
        contact(2, {
          firstName: 'Jane',
          phones: ['0412345678'],
          emails: ['x@example.com'],
          notes: 'N',
        }),
      ],
      [EXISTING],
    );
    const updated = first.updates[0]!;
    const second = plan(
      [
        contact(2, {
          firstName: 'Jane',
          phones: ['0412345678'],
          emails: ['x@example.com'],
          notes: 'N',
        }),
      ],
      [updated],
    );
    expect(second.updates).toEqual([]);
    expect(second.counts).toMatchObject({ skipped: 1, merged: 0 });
  });

  it('does not give a customer an email another customer holds', () => {
    const other: ExistingCustomer = {
      ...EXISTING,
      id: 'c-2',
      phone: null,
      email: 'taken@example.com',
    };
    const result = plan(
      [contact(2, { firstName: 'Jane', phones: ['0412345678'], emails: ['taken@example.com'] })],
      [{ ...EXISTING, email: null }, other],
    );
    expect(result.updates).toEqual([
      expect.objectContaining({
        id: 'c-1',
        email: null,
        notes: 'VIP\nImported: email taken@example.com',
      }),
    ]);
  });

  it('keeps merged notes within 2,000 characters and says what did not fit', () => {
    const full: ExistingCustomer = { ...EXISTING, notes: 'x'.repeat(1990) };
    const result = plan(
      [contact(2, { firstName: 'Jane', phones: ['0412345678'], notes: 'Allergic to dogs' })],
      [full],
    );
    expect(result.updates).toEqual([]);
    expect(result.rows[0]).toMatchObject({
      action: 'skip',
      reason:
        'Same phone or email as Jane Citizen, left unchanged. Not added: the note "Imported: Allergic to dogs" would take the notes past 2,000 characters.',
    });
    const room: ExistingCustomer = { ...EXISTING, notes: 'x'.repeat(1950) };
    const merged = plan(
      [
        contact(2, {
          firstName: 'Jane',
          phones: ['0412345678'],
          emails: ['other@example.com'],
          notes: 'y'.repeat(60),
        }),
      ],
      [room],
    );
    expect(merged.updates[0]!.notes).toBe(`${'x'.repeat(1950)}\nImported: email other@example.com`);
    expect(merged.updates[0]!.notes.length).toBeLessThanOrEqual(2000);
    expect(merged.rows[0]!.reason).toMatch(
      /: notes the other email\. Not added: the note "Imported: y{29}…" would take the notes past 2,000 characters\.$/,
    );
  });

  it('leaves out a saved address over 300 characters, or past 20 saved addresses, and says so', () => {
    const long = `${'Level 1, '.repeat(40)}Perth WA 6000`;
    const created = plan([
      contact(2, {
        firstName: 'Ann',
        phones: ['0412000009'],
        addresses: [
          { label: 'Home', address: '1 Hay St, Perth' },
          { label: 'Work', address: long },
        ],
      }),
    ]);
    expect(created.creates[0]!.savedAddresses).toEqual([]);
    expect(created.rows[0]!.action).toBe('new');
    expect(created.rows[0]!.reason).toMatch(
      /^New customer\. Not added: the Work address "Level 1, .*…" is longer than 300 characters\.$/,
    );
    expect(reportRows(created.rows)).toHaveLength(1);

    const saved = Array.from({ length: 20 }, (_, index) => ({
      label: 'Other',
      address: `${index + 1} Murray St, Perth`,
    }));
    const merged = plan(
      [
        contact(2, {
          firstName: 'Jane',
          phones: ['0412345678'],
          addresses: [
            { label: 'Home', address: '1 Hay St, Perth WA 6000' },
            { label: 'Work', address: '100 St Georges Tce, Perth' },
          ],
        }),
      ],
      [{ ...EXISTING, savedAddresses: saved }],
    );
    expect(merged.updates).toEqual([]);
    expect(merged.rows[0]!.reason).toBe(
      'Same phone or email as Jane Citizen, left unchanged. Not added: the Work address "100 St Georges Tce, Perth": the customer has 20 saved addresses.',
    );
  });

  it('never calls a row up to date while it says something of it was not added', () => {
    const full: ExistingCustomer = { ...EXISTING, notes: 'x'.repeat(1990) };
    const rows = [
      contact(2, { firstName: 'Jane', phones: ['0412345678'], notes: 'Allergic to dogs' }),
    ];
    const preview = plan(rows, [full]);
    const [row] = reportRows(preview.rows);
    expect(row!.action).toBe('skip');
    expect(row!.reason).not.toMatch(/up to date/i);
    expect(row!.reason).toMatch(
      /^Same phone or email as Jane Citizen, left unchanged\. Not added: /,
    );
    // A row that brings nothing, with nothing left out, is up to date.
    const again = plan([contact(2, { firstName: 'Jane', phones: ['0412345678'] })], [EXISTING]);
    expect(again.rows[0]!.reason).toBe('Already up to date: Jane Citizen.');
  });

  it('names every problem of a row without a name, each by its field', () => {
    const result = plan(
      [
        contact(2, { emails: ['not-an-email'] }),
        contact(3, { phones: ['12'], emails: ['also-bad'] }),
        contact(4, { firstName: '\u200B', lastName: '\u00A0', emails: ['bad@'] }),
        // Its phone finds a customer, so the missing name is no problem: only the email is.
        contact(5, { phones: ['0412 345 678'], emails: ['nope'] }),
        // Its phone finds no customer: the name is missing too.
        contact(6, { phones: ['0412 999 000'], emails: ['nope'] }),
      ],
      [EXISTING],
    );
    const email = (value: string) => `Email "${value}" is not a valid email address.`;
    expect(result.rows.map((row) => [row.line, row.action, row.reason])).toEqual([
      [2, 'error', `${NAMELESS_NEW_CUSTOMER} ${email('not-an-email')}`],
      [
        3,
        'error',
        `${NAMELESS_NEW_CUSTOMER} Phone "12" is not a valid phone number. ${email('also-bad')}`,
      ],
      [4, 'error', `${NAMELESS_NEW_CUSTOMER} ${email('bad@')}`],
      [5, 'error', email('nope')],
      [6, 'error', `${NAMELESS_NEW_CUSTOMER} ${email('nope')}`],
    ]);
    expect(NAMELESS_NEW_CUSTOMER).toMatch(/^No first or last name: /);
    expect(result.counts).toMatchObject({ errors: 5 });
  });

  it('names every value of a row that is too long, with its phone and email problems', () => {
    const [row] = plan([
      contact(2, {
        firstName: 'A'.repeat(101),
        lastName: 'B'.repeat(101),
        phones: ['12'],
        notes: 'n'.repeat(2001),
      }),
    ]).rows;
    expect(row!.reason).toBe(
      'First name is longer than 100 characters. Last name is longer than 100 characters. Phone "12" is not a valid phone number. Notes is longer than 2000 characters.',
    );
  });

  it('reports every row that was not simply added', () => {
    const result = plan([
      contact(2, { firstName: 'A', phones: ['0412000001'] }),
      contact(3, {}),
      contact(4, { firstName: 'B', phones: ['1'] }),
    ]);
    expect(reportRows(result.rows)).toEqual([
      { line: 3, action: 'skip', name: '', reason: 'No name, phone or email.' },
      { line: 4, action: 'error', name: 'B', reason: 'Phone "1" is not a valid phone number.' },
    ]);
  });
});
