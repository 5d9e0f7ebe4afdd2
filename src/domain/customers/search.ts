/** What the customer search looks at. */
export type SearchableCustomer = {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
};

/** The query the search uses: surrounding spaces do not count; blank means "everyone". */
export function normalizeCustomerQuery(query: string | null | undefined): string {
  return (query ?? '').trim();
}

// A query made only of what people write phone numbers with.
const PHONE_LIKE = /^[\d\s+().-]+$/;
const AU_COUNTRY_CODE = '61';

/**
 * The digit strings a phone-like query stands for in a stored phone's digits,
 * or none when the query is not phone-like. Phones are stored in E.164
 * ('+61419056123'), people type them as they write them ('0419 056',
 * '+61 419 056', '(08) 9221'): spaces and punctuation do not count, and a
 * leading 0 is the national prefix, '61' in the stored form.
 */
export function phoneQueryDigits(query: string): string[] {
  const text = normalizeCustomerQuery(query);
  if (!PHONE_LIKE.test(text)) return [];
  const digits = text.replace(/\D/g, '');
  if (digits === '') return [];
  return digits.startsWith('0') && !text.startsWith('+')
    ? [digits, `${AU_COUNTRY_CODE}${digits.slice(1)}`]
    : [digits];
}

/** A stored phone's digits only: what phoneQueryDigits is compared with. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Spec section 5: case-insensitive substring on the full name (first and last
 * joined by a space) and on the email; a case-sensitive substring on the
 * phone, which may hold letters ('ext'). An empty query matches everyone.
 * A phone-like query also matches a phone written another way: its digits
 * are a substring of the phone's digits, a leading 0 read as +61 (see
 * phoneQueryDigits). The customers repository applies the same rule in SQL.
 */
export function matchesCustomerSearch(customer: SearchableCustomer, query: string): boolean {
  const text = normalizeCustomerQuery(query);
  if (text === '') return true;
  const needle = text.toLowerCase();
  const fullName = `${customer.firstName} ${customer.lastName}`.toLowerCase();
  return (
    fullName.includes(needle) ||
    (customer.email ?? '').toLowerCase().includes(needle) ||
    (customer.phone ?? '').includes(text) ||
    phoneQueryDigits(text).some((digits) => phoneDigits(customer.phone ?? '').includes(digits))
  );
}
