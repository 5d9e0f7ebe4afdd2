import { describe, expect, it } from 'vitest';
import { detectCsvFormat, guessColumnMapping, headerSetKey } from './csv-formats';
import { BINARY_FILE_MESSAGE, ImportFileError, decodeImportFile } from './file-text';
import { fileContacts, readImportFile } from './parse-file';
import { byPreference } from './source-contact';
import { importTemplateCsv } from './templates';

function read(text: string | Uint8Array) {
  return readImportFile(typeof text === 'string' ? new TextEncoder().encode(text) : text);
}

function contactsOf(text: string | Uint8Array) {
  const file = read(text);
  return fileContacts(file, file.kind === 'csv' ? guessColumnMapping(file.headers) : {});
}

describe('decodeImportFile', () => {
  it('reads UTF-8 with or without a byte-order mark, and Windows-1252 otherwise', () => {
    const utf8 = new TextEncoder().encode('Zoë');
    expect(decodeImportFile(utf8)).toEqual({ text: 'Zoë', encoding: 'utf-8' });
    expect(decodeImportFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])).text).toBe('Zoë');
    expect(decodeImportFile(new Uint8Array([0x5a, 0x6f, 0xeb]))).toEqual({
      text: 'Zoë',
      encoding: 'windows-1252',
    });
  });

  it('refuses a binary file naming the line, in one wording whatever gave it away', () => {
    expect(() => decodeImportFile(new Uint8Array([0x61, 0x0a, 0x62, 0x00]))).toThrow(
      new ImportFileError(BINARY_FILE_MESSAGE, 2),
    );
    const controls = new Uint8Array(200).fill(0x61);
    controls.set([0x0a, 0x0a, 0x0a], 10);
    controls.set([0x01, 0x02, 0x03], 50);
    expect(() => decodeImportFile(controls)).toThrow(new ImportFileError(BINARY_FILE_MESSAGE, 4));
    expect(BINARY_FILE_MESSAGE).toMatch(/^the file is not text: it looks like a binary file/);
  });
});

describe('CSV formats', () => {
  it('tells the formats apart by their header rows', () => {
    expect(
      detectCsvFormat([
        'First Name',
        'Last Name',
        'Phone Number',
        'Email Address',
        'Home Address',
        'Notes',
      ]),
    ).toBe('customer-template');
    expect(
      detectCsvFormat(['First Name', 'Last Name', 'E-mail 1 - Value', 'Phone 1 - Value']),
    ).toBe('google');
    expect(detectCsvFormat(['Name', 'Given Name', 'Family Name', 'E-mail 1 - Value'])).toBe(
      'google-legacy',
    );
    expect(detectCsvFormat(['First Name', 'Last Name', 'E-mail Address', 'Mobile Phone'])).toBe(
      'outlook',
    );
    expect(detectCsvFormat(['Passenger', 'Mob'])).toBe('mapped');
  });

  it('guesses a mapping from header names and keys it by the header set', () => {
    expect(guessColumnMapping(['Surname', 'Given name', 'Mobile No', 'E-mail', 'Misc'])).toEqual({
      Surname: 'lastName',
      'Given name': 'firstName',
      'Mobile No': 'ignore',
      'E-mail': 'email',
      Misc: 'ignore',
    });
    expect(headerSetKey(['B', 'a'])).toBe(headerSetKey([' A', 'b']));
  });

  it('guesses the separator: comma, semicolon or tab', () => {
    for (const separator of [',', ';', '\t']) {
      const [first] = contactsOf(
        ['First Name', 'Phone Number'].join(separator) +
          '\n' +
          ['Ann', '0412345678'].join(separator),
      );
      expect(first).toMatchObject({ firstName: 'Ann', phones: ['0412345678'] });
    }
  });

  it('gives each row the line it begins on, across quoted line breaks', () => {
    const contacts = contactsOf('Name,Notes\nAnn,"two\nlines"\n\nBob,x\n');
    expect(contacts.map((c) => [c.line, c.fullName])).toEqual([
      [2, 'Ann'],
      [5, 'Bob'],
    ]);
  });

  it('reads its own Customer template as it is', () => {
    const [olivia] = contactsOf(importTemplateCsv('customers', new Date()));
    expect(olivia).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Bennett',
      phones: ['0412 345 678'],
    });
  });

  it('makes a row with values past the header a row error: an unquoted comma shifted them', () => {
    const contacts = contactsOf(
      'First Name,Last Name,Phone,Address,Notes\n' +
        'Carol,Jones,0412000222,"12 King St, Perth",quoted, extra column\n' +
        'Dan,Smith,0412000333,12 King St, Perth,note\n' +
        'Eve,Stone,0412000444,"1 Hay St",ok,,\n',
    );
    expect(contacts.map((contact) => [contact.line, contact.problem])).toEqual([
      [
        2,
        'Line 2 has 1 value more than the 5 columns of the header ("extra column"): a value with a comma in it needs double quotes around it.',
      ],
      [
        3,
        'Line 3 has 1 value more than the 5 columns of the header ("note"): a value with a comma in it needs double quotes around it.',
      ],
      // Blank values after the last column (trailing commas) are nothing.
      [4, null],
    ]);
  });

  it('names the line of broken quoting', () => {
    expect(() => read('a,b\n1,2\n3,"4\n')).toThrow(/^Line 3: broken quoting/);
  });
});

describe('vCard', () => {
  it('decodes 2.1 quoted-printable across soft line breaks with its CHARSET', () => {
    const [card] = contactsOf(
      [
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Dubois;Ren=E9',
        'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Caf=C3=A9=00 au =',
        'lait',
        'TEL;HOME;VOICE:(08) 9444 1234',
        'TEL;CELL:0412 555 010',
        'END:VCARD',
      ].join('\r\n'),
    );
    expect(card).toMatchObject({
      firstName: 'René',
      lastName: 'Dubois',
      notes: 'Café au lait',
      phones: ['0412 555 010', '(08) 9444 1234'],
    });
  });

  it('reads several cards and names a card without END', () => {
    expect(
      contactsOf(
        'BEGIN:VCARD\nVERSION:3.0\nFN:A\nEND:VCARD\nBEGIN:VCARD\nVERSION:4.0\nFN:B\nEND:VCARD\n',
      ),
    ).toHaveLength(2);
    expect(() => read('BEGIN:VCARD\nVERSION:3.0\nFN:A\n')).toThrow(/^Line 1: .*no END:VCARD/);
  });
});

describe('byPreference', () => {
  it('puts the preferred value first, then the favoured label, then file order', () => {
    const values = [
      { value: 'home', label: 'home', preferred: false },
      { value: 'cell', label: 'cell', preferred: false },
      { value: 'work', label: 'work', preferred: true },
      { value: ' ', label: 'other', preferred: true },
    ];
    expect(byPreference(values, /cell/).map((item) => item.value)).toEqual([
      'work',
      'cell',
      'home',
    ]);
  });
});
