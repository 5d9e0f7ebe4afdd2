import { withoutCountry } from '../maps/address-text';

/**
 * One contact as a file gives it, before any rule is applied: phones, emails
 * and addresses in order of preference (the first is the one stored; all of
 * them are used to find a duplicate).
 */
export type SourceContact = {
  /** 1-based line where the row or card begins. */
  line: number;
  firstName: string;
  lastName: string;
  /** A single name column ("Name", "Full Name", vCard FN) when there are no parts. */
  fullName: string;
  organization: string;
  phones: string[];
  emails: string[];
  addresses: { label: string; address: string }[];
  notes: string;
  /** A value that cannot be stored (a control character), named by line and column. */
  problem: string | null;
};

export function emptySourceContact(line: number): SourceContact {
  return {
    line,
    firstName: '',
    lastName: '',
    fullName: '',
    organization: '',
    phones: [],
    emails: [],
    addresses: [],
    notes: '',
    problem: null,
  };
}

/** A labelled value with the file's own preference marks. */
export type Labelled = { value: string; label: string; preferred: boolean };

/**
 * Values in order of preference: marked preferred first, then those whose
 * label matches `favoured` (mobile for phones, home for addresses), then the
 * file's order. Blank values are dropped.
 */
export function byPreference(values: Labelled[], favoured?: RegExp): Labelled[] {
  const rank = (item: Labelled) =>
    item.preferred ? 0 : favoured && favoured.test(item.label) ? 1 : 2;
  return values
    .map((item, index) => ({ item: { ...item, value: item.value.trim() }, index }))
    .filter(({ item }) => item.value !== '')
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

export const MOBILE_LABEL = /mobile|cell|iphone/i;
export const HOME_LABEL = /home/i;

/** A human label for a saved address from a file's type or label. */
export function addressLabel(label: string): string {
  const text = label.replace(/^\*\s*/, '').trim();
  if (/home/i.test(text)) return 'Home';
  if (/work|business|office/i.test(text)) return 'Work';
  if (text === '' || /^other$/i.test(text)) return 'Other';
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

/**
 * Address parts joined into one line: "12 Hay St, Perth WA 6000", without
 * the country when it is Australia (withoutCountry, as the maps' addresses);
 * another country is kept.
 */
export function joinAddress(parts: {
  street?: string;
  extended?: string;
  city?: string;
  region?: string;
  postcode?: string;
  country?: string;
}): string {
  const clean = (value: string | undefined) => (value ?? '').replace(/\s*\n\s*/g, ', ').trim();
  const locality = [clean(parts.city), clean(parts.region), clean(parts.postcode)]
    .filter(Boolean)
    .join(' ');
  return withoutCountry(
    [clean(parts.extended), clean(parts.street), locality, clean(parts.country)]
      .filter(Boolean)
      .join(', '),
  );
}
