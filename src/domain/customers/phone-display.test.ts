import { describe, expect, it } from 'vitest';
import { normalizeAuPhone } from './phone';
import { phoneForDisplay, phonesInTextForDisplay, typedPhoneForDisplay } from './phone-display';

describe('phoneForDisplay', () => {
  it('writes stored Australian numbers as they are said here', () => {
    expect(phoneForDisplay('+61412345678')).toBe('0412 345 678');
    expect(phoneForDisplay('+61892211234')).toBe('(08) 9221 1234');
    expect(phoneForDisplay('+61298765432')).toBe('(02) 9876 5432');
    expect(phoneForDisplay('+611300123456')).toBe('1300 123 456');
    expect(phoneForDisplay('+611800123456')).toBe('1800 123 456');
    expect(phoneForDisplay('+61131234')).toBe('13 12 34');
  });

  it('reads back what the stored form was made from', () => {
    for (const typed of ['0412 345 678', '(08) 9221 1234', '1300 123 456', '13 12 34']) {
      expect(phoneForDisplay(normalizeAuPhone(typed)!)).toBe(typed);
    }
  });

  it('leaves other countries, odd lengths and text stored as typed alone', () => {
    expect(phoneForDisplay('+442079460958')).toBe('+442079460958');
    expect(phoneForDisplay('+8613800138000')).toBe('+8613800138000');
    expect(phoneForDisplay('+6141234567')).toBe('+6141234567');
    expect(phoneForDisplay('+61 412 345 678')).toBe('+61 412 345 678');
    expect(phoneForDisplay('0412 345 678 ext 2')).toBe('0412 345 678 ext 2');
    expect(phoneForDisplay('')).toBe('');
  });
});

describe('typedPhoneForDisplay', () => {
  it("writes a phone typed as text (the business's, in Settings) as numbers are said here", () => {
    expect(typedPhoneForDisplay('+61 8 9000 0000')).toBe('(08) 9000 0000');
    expect(typedPhoneForDisplay('+61 (0)8 9000-0000')).toBe('(08) 9000 0000');
    expect(typedPhoneForDisplay('+61412345678')).toBe('0412 345 678');
    expect(typedPhoneForDisplay('08 9000 0000')).toBe('(08) 9000 0000');
    expect(typedPhoneForDisplay('0412-345-678')).toBe('0412 345 678');
    expect(typedPhoneForDisplay('1300 123 456')).toBe('1300 123 456');
    expect(typedPhoneForDisplay('131 234')).toBe('13 12 34');
  });

  it('leaves other countries, odd lengths and words alone', () => {
    expect(typedPhoneForDisplay('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(typedPhoneForDisplay('9000 0000')).toBe('9000 0000');
    expect(typedPhoneForDisplay('+61 8 9000 000')).toBe('+61 8 9000 000');
    expect(typedPhoneForDisplay('08 9000 0000 ext 2')).toBe('08 9000 0000 ext 2');
    expect(typedPhoneForDisplay('')).toBe('');
  });
});

describe('phonesInTextForDisplay', () => {
  it("writes each stored Australian phone in a search hit's text as the lists do", () => {
    expect(phonesInTextForDisplay('+61412555901 · tessa@example.com')).toBe(
      '0412 555 901 · tessa@example.com',
    );
    expect(phonesInTextForDisplay('+61419956298 · 1CBE 133 · active')).toBe(
      '0419 956 298 · 1CBE 133 · active',
    );
    expect(phonesInTextForDisplay('Grace Cooper +61892211234')).toBe('Grace Cooper (08) 9221 1234');
  });

  it('leaves other numbers and text alone', () => {
    expect(phonesInTextForDisplay('+442079460958 · Airport T1')).toBe('+442079460958 · Airport T1');
    expect(phonesInTextForDisplay('Job #AB12CD, 14 Hay St')).toBe('Job #AB12CD, 14 Hay St');
  });
});
