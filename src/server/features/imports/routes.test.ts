import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportHistoryResponse } from '../../../domain/imports';
import {
  bookings,
  customers,
  drivers,
  importColumnMappings,
  imports,
  vehicles,
} from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { importRequests, uploadBody, type Upload } from './import-uploads';

let t: TestApp;
let admin: TestUser;
let dispatcher: TestUser;

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: 'admin', name: 'Alex Admin' });
  dispatcher = await t.createUser({ role: 'dispatcher' });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.connection.db.execute(
    sql`truncate customers, drivers, vehicles, imports, import_column_mappings restart identity cascade`,
  );
});

const { post, preview, confirm } = importRequests(
  () => t,
  () => admin,
);

async function allCustomers() {
  return t.connection.db.select().from(customers).orderBy(customers.firstName);
}

async function customerByEmail(email: string) {
  const rows = await allCustomers();
  const found = rows.find((row) => row.email === email);
  expect(found, `no customer with ${email}`).toBeDefined();
  return found!;
}

describe('file formats', () => {
  it('reads a Google Contacts export: " ::: " values, mobile first, labels ignored', async () => {
    const file = { fileName: 'contacts.csv', bytes: fixture('google-contacts.csv') };
    const result = await preview(file);
    expect(result.format).toBe('Google Contacts CSV');
    expect(result.needsMapping).toBe(false);
    expect(result.counts).toEqual({ total: 5, imported: 3, merged: 0, skipped: 1, errors: 1 });
    expect(result.rows.map((row) => [row.line, row.action])).toEqual([
      [2, 'new'],
      [6, 'new'],
      [7, 'new'],
      [8, 'skip'],
      [9, 'error'],
    ]);
    expect(result.rows[3]!.reason).toBe('No name, phone or email.');
    expect(result.rows[4]!.reason).toBe('Phone "12345" is not a valid phone number.');

    await confirm(file);
    const charlotte = await customerByEmail('charlotte.nguyen@example.com.au');
    expect(charlotte).toMatchObject({
      firstName: 'Charlotte',
      lastName: 'Nguyen',
      phone: '+61412345678',
      homeAddress: '12 Hay Street, Perth WA 6000',
      notes: 'Prefers a Multivan for golf clubs',
      savedAddresses: [
        { label: 'Work', address: 'Level 3, 200 St Georges Terrace, Perth WA 6000' },
      ],
    });
    const events = await customerByEmail('bookings@swanriverevents.example.com.au');
    expect(events).toMatchObject({ firstName: 'Swan River Events', phone: '+61892257700' });
  });

  it('reads a legacy Google Contacts export (Given Name, Family Name, Type columns)', async () => {
    const result = await preview({ fileName: 'google.csv', bytes: fixture('google-legacy.csv') });
    expect(result.format).toBe('Google Contacts CSV (legacy)');
    expect(result.rows.map((row) => row.customer)).toEqual([
      {
        firstName: 'Mia',
        lastName: 'Wilson',
        phone: '+61433222111',
        email: 'mia.wilson@example.com.au',
        homeAddress: '7 Rokeby Road, Subiaco WA 6008',
        notes: '',
        savedAddresses: [],
      },
      {
        firstName: 'Lachlan',
        lastName: "O'Brien",
        phone: '+61894815555',
        email: 'lachlan.obrien@example.com.au',
        homeAddress: null,
        notes: 'Account: MINERALS-01',
        savedAddresses: [],
      },
    ]);
  });

  it('reads an Outlook export with a byte-order mark: home address stored, business saved', async () => {
    const result = await preview({ fileName: 'outlook.csv', bytes: fixture('outlook.csv') });
    expect(result.format).toBe('Outlook CSV');
    expect(result.encoding).toBe('utf-8');
    expect(result.rows[0]!.customer).toEqual({
      firstName: 'Harper',
      lastName: 'Davies',
      phone: '+61401234567',
      email: 'harper.davies@example.com.au',
      homeAddress: '3 Broadway, Nedlands WA 6009',
      notes: 'Wife: Emma',
      savedAddresses: [{ label: 'Work', address: '100 Murray Street, Perth WA 6000' }],
    });
  });

  it('reads a semicolon CSV saved in Windows-1252 and maps its columns by their names', async () => {
    const result = await preview({
      fileName: 'export.csv',
      bytes: fixture('semicolon-windows-1252.csv'),
    });
    expect(result.encoding).toBe('windows-1252');
    expect(result.needsMapping).toBe(true);
    expect(result.mapping).toEqual({
      'Given name': 'firstName',
      Surname: 'lastName',
      Mobile: 'phone',
      Email: 'email',
      Address: 'homeAddress',
      Comments: 'notes',
    });
    expect(result.rows.map((row) => row.customer?.firstName)).toEqual(['Zoë', 'René', 'Siobhán']);
    expect(result.rows[0]!.customer?.notes).toBe('Café owner; pick-up at the back');
    expect(result.rows[2]!.customer?.lastName).toBe('Ó Conaill');
  });

  it('reads vCard 2.1 with quoted-printable accented names, CHARSET and bare parameters', async () => {
    const result = await preview({ fileName: 'android.vcf', bytes: fixture('android-2.1.vcf') });
    expect(result.format).toBe('vCard 2.1');
    expect(result.rows.map((row) => row.customer)).toEqual([
      {
        firstName: 'Amélie',
        lastName: 'Lefèvre',
        phone: '+61412555010',
        email: 'amelie.lefevre@example.com.au',
        homeAddress: '18 Café Lane, Unit 2, Fremantle WA 6160',
        notes: 'Needs a booster seat.\nCall before pick-up.',
        savedAddresses: [],
      },
      {
        firstName: 'Jürgen',
        lastName: 'Müller',
        phone: '+61433987654',
        email: 'juergen.mueller@example.de',
        homeAddress: null,
        notes: '',
        savedAddresses: [],
      },
      {
        firstName: 'Lily',
        lastName: 'Nguyen',
        phone: '+61422310456',
        email: null,
        homeAddress: '1 Hay St, Unit 2, Perth WA 6000',
        notes:
          'Likes water, no music. Airport runs on Fridays, back on Sundays, always with two suitcases, sometimes a pram.',
        savedAddresses: [],
      },
    ]);
  });

  it('reads iPhone vCard 3.0: folded lines, itemN groups with labels, preferred values', async () => {
    const result = await preview({ fileName: 'iphone.vcf', bytes: fixture('iphone-3.0.vcf') });
    expect(result.format).toBe('vCard 3.0');
    expect(result.counts).toMatchObject({ total: 4, imported: 3, skipped: 1 });
    expect(result.rows[0]!.customer).toEqual({
      firstName: 'Priya',
      lastName: 'Patel',
      phone: '+61421888777',
      email: 'priya.patel@example.com.au',
      homeAddress: '9 Fraser Avenue, West Perth WA 6005',
      notes:
        'Regular client for corporate events. Usually books the Imax 7 for staff transfers from the airport and likes the driver to wait inside the terminal.',
      savedAddresses: [{ label: 'Work', address: 'Fraser Avenue, Kings Park, Perth WA 6005' }],
    });
    expect(result.rows[2]).toMatchObject({ line: 26, action: 'skip' });
  });

  it('keeps the unescaped commas of notes and addresses (2.1, 3.0 with a folded line, 4.0)', async () => {
    const iphone = await preview({ fileName: 'iphone.vcf', bytes: fixture('iphone-3.0.vcf') });
    expect(iphone.rows[3]!.customer).toEqual({
      firstName: 'Jack',
      lastName: 'Roberts',
      phone: '+61408765432',
      email: null,
      homeAddress: 'Unit 4, 22 Mounts Bay Road, Crawley WA 6009',
      notes:
        'Likes water, no music. Drops his daughter at school, then goes to the airport, usually on Mondays.',
      savedAddresses: [],
    });
    const v4 = await preview({ fileName: 'contacts.vcf', bytes: fixture('vcard-4.0.vcf') });
    expect(v4.rows[2]!.customer).toMatchObject({
      firstName: 'Ruby',
      homeAddress: 'Apartment 12, 1 Riverside Drive, Perth WA 6000',
      notes: 'Wheelchair user, needs the van with the ramp, not the sedan',
    });
    const android = await preview({ fileName: 'android.vcf', bytes: fixture('android-2.1.vcf') });
    expect(android.rows[2]!.customer).toMatchObject({
      homeAddress: '1 Hay St, Unit 2, Perth WA 6000',
      notes: expect.stringMatching(/^Likes water, no music\. Airport runs on Fridays, back on/),
    });
  });

  it('reads vCard 4.0: tel: URIs and PREF=1', async () => {
    const result = await preview({ fileName: 'contacts.vcf', bytes: fixture('vcard-4.0.vcf') });
    expect(result.format).toBe('vCard 4.0');
    expect(result.rows[0]!.customer).toMatchObject({
      firstName: 'Chloé',
      lastName: 'Anderson',
      phone: '+61412246810',
      email: 'chloe@example.com.au',
      homeAddress: '5 Stirling Hwy, Claremont WA 6010',
    });
    expect(result.rows[1]!.customer).toMatchObject({ firstName: 'Noah', phone: '+61400555123' });
  });

  it('recognises the format from the content, not the file name', async () => {
    const result = await preview({ fileName: 'contacts.csv', bytes: fixture('vcard-4.0.vcf') });
    expect(result.format).toBe('vCard 4.0');
  });
});

describe('a contact with a name only (decision 151)', () => {
  const reason = 'No phone number or email address: a customer needs one to be booked or reached.';
  const files: Record<string, string> = {
    'vCard 3.0': [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Citizen;Jane;;;',
      'FN:Jane Citizen',
      'ADR;type=HOME:;;1 Hay St;Perth;WA;6000;Australia',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Tom Reachable',
      'TEL;type=CELL:0411 100 500',
      'END:VCARD',
    ].join('\r\n'),
    'Customer Import Template': [
      'First Name,Last Name,Phone Number,Email Address,Home Address,Notes',
      'Jane,Citizen,,,1 Hay St Perth,',
      'Tom,Reachable,0411 100 500,,,',
    ].join('\r\n'),
    'Google Contacts CSV': [
      'First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value',
      'Jane,Citizen,,,,',
      'Tom,Reachable,,,Mobile,0411 100 500',
    ].join('\r\n'),
    'Outlook CSV': [
      'First Name,Last Name,E-mail Address,Mobile Phone,Home Street',
      'Jane,Citizen,,,1 Hay St',
      'Tom,Reachable,,0411 100 500,',
    ].join('\r\n'),
  };

  it.each(Object.keys(files))(
    'is refused in the %s report, naming what is missing',
    async (format) => {
      const file = { fileName: 'contacts', bytes: files[format]! };
      const result = await preview(file);
      expect(result.format).toBe(format);
      expect(result.rows.map((row) => [row.name, row.action, row.reason])).toEqual([
        ['Jane Citizen', 'error', reason],
        ['Tom Reachable', 'new', null],
      ]);
      const report = await confirm(file);
      // The card's first line, or the row's.
      const line = format.startsWith('vCard') ? 1 : 2;
      expect(report.rows).toEqual([{ line, action: 'error', name: 'Jane Citizen', reason }]);
      expect((await allCustomers()).map((row) => row.firstName)).toEqual(['Tom']);
    },
  );
});

describe('merging', () => {
  it('merges by phone and email into existing customers: fills gaps, notes differences, adds addresses', async () => {
    const [existing] = await t.connection.db
      .insert(customers)
      .values({
        firstName: 'Priya',
        lastName: '',
        phone: '+61421888777',
        email: 'p.patel@old.example.com',
        homeAddress: '1 Old Road, Perth WA 6000',
        notes: 'VIP',
      })
      .returning();
    const result = await preview({ fileName: 'iphone.vcf', bytes: fixture('iphone-3.0.vcf') });
    expect(result.rows[0]).toMatchObject({
      action: 'merge',
      mergeWith: { id: existing!.id, name: 'Priya' },
    });
    await confirm({ fileName: 'iphone.vcf', bytes: fixture('iphone-3.0.vcf') });
    const rows = await allCustomers();
    expect(rows).toHaveLength(3);
    const merged = rows.find((row) => row.id === existing!.id)!;
    expect(merged.lastName).toBe('Patel');
    expect(merged.email).toBe('p.patel@old.example.com');
    expect(merged.homeAddress).toBe('1 Old Road, Perth WA 6000');
    expect(merged.notes.split('\n')).toEqual([
      'VIP',
      'Imported: email priya.patel@example.com.au',
      expect.stringMatching(/^Imported: Regular client for corporate events\./),
    ]);
    expect(merged.savedAddresses).toEqual([
      { label: 'Home', address: '9 Fraser Avenue, West Perth WA 6005' },
      { label: 'Work', address: 'Fraser Avenue, Kings Park, Perth WA 6005' },
    ]);
  });

  it('merges duplicates within the file by email, keeping the first row’s values', async () => {
    const csv = [
      'First Name,Last Name,Phone Number,Email Address,Home Address,Notes',
      'Ava,Roberts,0412 111 222,ava@example.com.au,,',
      'Ava,Roberts,,AVA@Example.com.au ,5 Short St Perth,Wheelchair',
      'Ava,Roberts-Lee,0412 111 222,,,',
    ].join('\n');
    const report = await confirm({ fileName: 'template.csv', bytes: csv });
    expect(report.counts).toEqual({ total: 3, imported: 1, merged: 2, skipped: 0, errors: 0 });
    expect(report.rows.map((row) => [row.line, row.action])).toEqual([
      [3, 'merge'],
      [4, 'merge'],
    ]);
    const [ava] = await allCustomers();
    expect(ava).toMatchObject({
      phone: '+61412111222',
      email: 'ava@example.com.au',
      homeAddress: '5 Short St Perth',
      notes: 'Wheelchair\nImported: last name Roberts-Lee',
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    const files = [
      'google-contacts.csv',
      'google-legacy.csv',
      'outlook.csv',
      'semicolon-windows-1252.csv',
      'android-2.1.vcf',
      'iphone-3.0.vcf',
      'vcard-4.0.vcf',
    ];
    for (const name of files) await confirm({ fileName: name, bytes: fixture(name) });
    const before = await allCustomers();
    for (const name of files) {
      const report = await confirm({ fileName: name, bytes: fixture(name) });
      expect(report.counts.imported, name).toBe(0);
      expect(report.counts.merged, name).toBe(0);
    }
    expect(await allCustomers()).toEqual(before);
  });
});

describe('row messages: the preview and the report read the same', () => {
  const template = (...rows: string[]) =>
    ['First Name,Last Name,Phone Number,Email Address,Home Address,Notes', ...rows].join('\r\n');

  it('says what happened to a row and what was not taken, never "up to date" with a "Not added"', async () => {
    await t.connection.db.insert(customers).values({
      firstName: 'Jane',
      lastName: 'Citizen',
      phone: '+61412345678',
      notes: 'x'.repeat(1990),
    });
    const file = {
      fileName: 'jane.csv',
      bytes: template('Jane,Citizen,0412 345 678,,,Allergic to dogs'),
    };
    const reason =
      'Same phone or email as Jane Citizen, left unchanged. Not added: the note "Imported: Allergic to dogs" would take the notes past 2,000 characters.';
    const result = await preview(file);
    expect(result.rows.map((row) => [row.action, row.reason])).toEqual([['skip', reason]]);
    const report = await confirm(file);
    expect(report.rows).toEqual([{ line: 2, action: 'skip', name: 'Jane Citizen', reason }]);
  });

  it('names every problem of a row without a name, each by its field', async () => {
    const file = {
      fileName: 'nameless.csv',
      bytes: template(
        ',,,not-an-email,,',
        '\u200B,\u00A0,12,also-bad,,',
        'Tom,Reachable,0411 100 500,,,',
      ),
    };
    const nameless =
      'No first or last name: a new customer needs one (a phone or email alone can only add to a customer it matches).';
    const expected = [
      [2, 'error', `${nameless} Email "not-an-email" is not a valid email address.`],
      [
        3,
        'error',
        `${nameless} Phone "12" is not a valid phone number. Email "also-bad" is not a valid email address.`,
      ],
    ];
    const result = await preview(file);
    expect(
      result.rows
        .filter((row) => row.action !== 'new')
        .map((row) => [row.line, row.action, row.reason]),
    ).toEqual(expected);
    const report = await confirm(file);
    expect(report.rows.map((row) => [row.line, row.action, row.reason])).toEqual(expected);
    expect((await allCustomers()).map((row) => row.firstName)).toEqual(['Tom']);
  });

  it('stores imported names trimmed of invisible characters', async () => {
    await confirm({
      fileName: 'odd.csv',
      bytes: template('\uFEFFAda,Lovelace\u200B,0411 100 501,,,', 'Zoë,\u00A0,0411 100 502,,,'),
    });
    expect((await allCustomers()).map((row) => [row.firstName, row.lastName])).toEqual([
      ['Ada', 'Lovelace'],
      ['Zoë', ''],
    ]);
  });
});

describe('preview', () => {
  it('writes nothing: no customer, no change to one, no history, no remembered mapping', async () => {
    const [existing] = await t.connection.db
      .insert(customers)
      .values({ firstName: 'Priya', lastName: '', phone: '+61421888777', notes: 'VIP' })
      .returning();
    for (const name of ['iphone-3.0.vcf', 'semicolon-windows-1252.csv', 'google-contacts.csv']) {
      const upload = { fileName: name, bytes: fixture(name) };
      const result = await preview(
        name.startsWith('semicolon') ? { ...upload, mapping: { Surname: 'lastName' } } : upload,
      );
      expect(result.counts.imported + result.counts.merged, name).toBeGreaterThan(0);
    }
    expect(await allCustomers()).toEqual([existing]);
    expect(await t.connection.db.select().from(imports)).toEqual([]);
    expect(await t.connection.db.select().from(importColumnMappings)).toEqual([]);
  });
});

describe('one transaction', () => {
  it('writes nothing when any part of the import fails', async () => {
    await t.connection.db.execute(sql`
      create or replace function fail_import() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await t.connection.db.execute(
      sql`create trigger fail_import before insert on imports for each row execute function fail_import()`,
    );
    try {
      const response = await post('/api/imports', {
        fileName: 'contacts.csv',
        bytes: fixture('google-contacts.csv'),
      });
      expect(response.statusCode).toBe(500);
      expect(await allCustomers()).toEqual([]);
    } finally {
      await t.connection.db.execute(sql`drop trigger fail_import on imports`);
    }
  });
});

describe('limits and malformed files', () => {
  async function expectRefused(upload: Upload, message: RegExp) {
    const response = await post('/api/imports', upload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(message);
    expect(await allCustomers()).toEqual([]);
    expect(await t.connection.db.select().from(imports)).toEqual([]);
  }

  it('refuses a file over 20 MB before reading it', async () => {
    const bytes = Buffer.alloc(20 * 1024 * 1024 + 1, 'a');
    await expectRefused(
      { fileName: 'big.csv', bytes },
      /^The file is 20\.0 MB; files up to 20\.0 MB can be imported/,
    );
  });

  it('refuses more than 100,000 rows', async () => {
    const bytes = `First Name,Phone\n${'A,0412345678\n'.repeat(100_001)}`;
    await expectRefused({ fileName: 'many.csv', bytes }, /100,001 rows; at most 100,000/);
  });

  it('names the line of a vCard without END', async () => {
    const bytes = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:B\r\n';
    await expectRefused({ fileName: 'cut.vcf', bytes }, /^Line 5: .*no END:VCARD/);
  });

  it('names the line of broken CSV quoting', async () => {
    const bytes = 'First Name,Last Name\nAnna,Lee\n"Bob,Smith\nCara,Ng\n';
    await expectRefused({ fileName: 'broken.csv', bytes }, /^Line 3: broken quoting/);
  });

  it('names the line a vCard property cannot be read', async () => {
    const bytes = 'BEGIN:VCARD\nVERSION:3.0\nFN:A\nTHIS IS NOT A PROPERTY\nEND:VCARD\n';
    await expectRefused({ fileName: 'bad.vcf', bytes }, /^Line 4: this vCard cannot be read/);
  });

  it('refuses a binary file naming the line, in one wording', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const message =
      'Line 3: the file is not text: it looks like a binary file (a spreadsheet, a PDF or a picture). Save it as CSV or vCard and try again.';
    const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expectRefused({ fileName: 'photo.csv', bytes: png }, new RegExp(`^${escaped}$`));
  });

  it('refuses a spreadsheet that is not a .csv (an Excel workbook) with the same clear message', async () => {
    // An .xlsx is a zip: "PK\x03\x04" and binary from its first bytes.
    const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    await expectRefused(
      { fileName: 'customers.xlsx', bytes: xlsx },
      /^Line 1: the file is not text: it looks like a binary file .*Save it as CSV or vCard/,
    );
  });

  it('fails only the row with a control character, naming its line and column, even past the first 64 KB', async () => {
    const rows = Array.from(
      { length: 1500 },
      (_, index) =>
        `Ann${index},Lee,04${20_000_000 + index},,,A note long enough to take the file past 64 KB`,
    );
    const csv = [
      'First Name,Last Name,Phone Number,Email Address,Home Address,Notes',
      ...rows,
      'Bad,Byte,0499 000 111,,,"Two lines\nand a NUL \u0000 here"',
      'Good,After,0499 000 222,,,',
    ].join('\n');
    expect(Buffer.byteLength(csv)).toBeGreaterThan(64 * 1024);
    const upload = { fileName: 'old-system.csv', bytes: csv };
    const result = await preview(upload);
    expect(result.counts).toEqual({
      total: 1502,
      imported: 1501,
      merged: 0,
      skipped: 0,
      errors: 1,
    });
    const report = await confirm(upload);
    expect(report.rows).toEqual([
      {
        line: 1502,
        action: 'error',
        name: 'Bad Byte',
        reason: 'Line 1502, column "Notes": must not contain control characters.',
      },
    ]);
    expect(await allCustomers()).toHaveLength(1501);
  });

  it('fails a vCard whose quoted-printable value decodes to a control character, naming the property', async () => {
    const vcard = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N:Harris;Grace',
      'TEL;CELL:0411 100 200',
      'NOTE;ENCODING=QUOTED-PRINTABLE:Gate code =1B1234',
      'END:VCARD',
    ].join('\r\n');
    const result = await preview({ fileName: 'phone.vcf', bytes: vcard });
    expect(result.rows).toEqual([
      expect.objectContaining({
        line: 1,
        action: 'error',
        reason: 'Line 5, NOTE: must not contain control characters.',
      }),
    ]);
  });

  it('answers 400 naming the field for content that is not base64', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/imports/preview',
      payload: { fileName: 'a.csv', content: 'not base64!' },
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('content');
  });
});

describe('progress', () => {
  it('reports the rows processed under the id the client sent', async () => {
    const id = '5f0c8a52-3f4e-4d7b-9a8e-2b1c0d9e7f61';
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/imports/progress/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(before.statusCode).toBe(404);
    const csv = `First Name,Phone Number\n${Array.from(
      { length: 1200 },
      (_, index) => `Ann,04${String(20_000_000 + index)}`,
    ).join('\n')}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/imports/preview',
      payload: uploadBody({ fileName: 'many.csv', bytes: csv }),
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'x-import-progress-id': id },
    });
    expect(response.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/imports/progress/${id}`,
      headers: { cookie: admin.cookie },
    });
    expect(after.json()).toEqual({ processed: 1200, total: 1200 });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/imports/progress/${id}`,
      headers: { cookie: dispatcher.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('answers 400 naming the header when the progress id is not a uuid', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/imports/preview',
      payload: uploadBody({ fileName: 'a.vcf', bytes: fixture('three-contacts.vcf') }),
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, 'x-import-progress-id': 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/x-import-progress-id/);
  });
});

describe('access', () => {
  it('refuses anyone but an admin', async () => {
    const file = { fileName: 'a.vcf', bytes: fixture('three-contacts.vcf') };
    expect((await post('/api/imports/preview', file, dispatcher)).statusCode).toBe(403);
    expect((await post('/api/imports', file, dispatcher)).statusCode).toBe(403);
    expect((await post('/api/imports', file, null)).statusCode).toBe(401);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: { cookie: dispatcher.cookie },
    });
    expect(history.statusCode).toBe(403);
    expect(await allCustomers()).toEqual([]);
  });
});

describe('history, reports and templates', () => {
  it('keeps each import’s report, lists it and downloads it as formula-safe CSV', async () => {
    const csv = [
      'First Name,Last Name,Phone Number,Email Address,Home Address,Notes',
      '=HYPERLINK("http://x"),Evil,12,,,',
      '+SUM(1),Plus,0412 999 000,,,@mention',
    ].join('\r\n');
    const report = await confirm({ fileName: 'customers.csv', bytes: csv });
    expect(report.createdBy).toBe('Alex Admin');
    expect(report.rows).toEqual([
      {
        line: 2,
        action: 'error',
        name: '=HYPERLINK("http://x") Evil',
        reason: 'Phone "12" is not a valid phone number.',
      },
    ]);
    const [stored] = await allCustomers();
    expect(stored).toMatchObject({ firstName: '+SUM(1)', notes: '@mention' });

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: { cookie: admin.cookie },
    });
    const { imports: listed } = history.json<ImportHistoryResponse>();
    expect(listed).toEqual([
      expect.objectContaining({
        id: report.id,
        fileName: 'customers.csv',
        format: 'Customer Import Template',
        counts: { total: 2, imported: 1, merged: 0, skipped: 0, errors: 1 },
      }),
    ]);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${report.id}/report.csv`,
      headers: { cookie: admin.cookie },
    });
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="import-report-customers.csv"',
    );
    const parsed = Papa.parse<string[]>(download.body.trim()).data;
    expect(parsed).toEqual([
      ['Line', 'Result', 'Name', 'Reason'],
      ['2', 'error', `'=HYPERLINK("http://x") Evil`, 'Phone "12" is not a valid phone number.'],
    ]);
  });

  it('remembers a column mapping for the next file with the same headers', async () => {
    const file = { fileName: 'export.csv', bytes: fixture('semicolon-windows-1252.csv') };
    const mapping = {
      'Given name': 'firstName',
      Surname: 'lastName',
      Mobile: 'phone',
      Email: 'email',
      Address: 'ignore',
      Comments: 'ignore',
    };
    await confirm({ ...file, mapping });
    const [zoe] = await allCustomers();
    expect(zoe).toMatchObject({ firstName: 'René', homeAddress: null, notes: '' });
    const again = await preview(file);
    expect(again.mapping).toEqual(mapping);
  });

  it('serves each template with a header row the importer accepts as is', async () => {
    const kinds = {
      customers: { format: 'Customer Import Template', kind: 'customers' },
      drivers: { format: 'Driver Import Template', kind: 'drivers' },
      vehicles: { format: 'Vehicle Import Template', kind: 'vehicles' },
      bookings: { format: 'Booking Import Template', kind: 'bookings' },
    };
    for (const [kind, expected] of Object.entries(kinds)) {
      const template = await t.app.inject({
        method: 'GET',
        url: `/api/imports/templates/${kind}`,
        headers: { cookie: admin.cookie },
      });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-disposition']).toMatch(/import-template\.csv"$/);
      expect(Papa.parse(template.body.trim()).data).toHaveLength(2);
      const upload = { fileName: `${kind}-import-template.csv`, bytes: template.body };
      const previewed = await preview(upload);
      expect(previewed, kind).toMatchObject({ ...expected, needsMapping: false });
      expect(
        previewed.rows.map((row) => row.action),
        kind,
      ).toEqual(['new']);
      const report = await confirm(upload);
      expect(report.format, kind).toBe(expected.format);
      expect(report.counts, kind).toEqual({
        total: 1,
        imported: 1,
        merged: 0,
        skipped: 0,
        errors: 0,
      });
    }
    const olivia = await customerByEmail('olivia.bennett@example.com.au');
    expect(olivia).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Bennett',
      phone: '+61412345678',
      homeAddress: '12 Hay Street, Perth WA 6000',
      notes: 'Prefers the front seat',
    });
    const [liam] = await t.connection.db.select().from(drivers);
    expect(liam).toMatchObject({
      firstName: 'Liam',
      lastName: 'Walker',
      phone: '+61423456789',
      email: 'liam.walker@example.com.au',
      userId: null,
      status: 'offline',
    });
    const [van] = await t.connection.db.select().from(vehicles);
    expect(van).toMatchObject({
      registration: '1ABC234',
      type: 'Multivan 6',
      make: 'Volkswagen',
      model: 'Multivan',
      seats: 6,
      status: 'active',
    });
    const [booking] = await t.connection.db.select().from(bookings);
    expect(booking).toMatchObject({
      source: 'import',
      status: 'pending',
      customerId: olivia.id,
      pickupLocation: 'Perth Airport T1, Perth WA 6105',
      passengerName: 'Olivia Bennett',
      vehicleType: 'Standard HUG',
      numPassengers: 2,
      numSuitcases: 2,
      notes: 'Flight QF 642',
    });
  });
});
