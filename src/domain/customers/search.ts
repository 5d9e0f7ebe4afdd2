import { foldAccents } from '../format/fold-accents';
import { phoneSearchDigits } from './phone';

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

/** A stored phone's digits only: what phoneSearchDigits is compared with. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Spec section 5: case-insensitive substring on the full name (first and last
 * joined by a space), accents aside (decision 92: 'Zoe' finds 'Zoë' and 'Zoë'
 * finds 'Zoe'), and on the email; a case-sensitive substring on the phone,
 * which may hold letters ('ext'). An empty query matches everyone. A
 * phone-like query also matches a phone written another way: its digits are
 * a substring of the phone's digits, without a trunk 0 or +61 (see
 * phoneSearchDigits). The customers repository applies the same rule in SQL.
 */
export function matchesCustomerSearch(customer: SearchableCustomer, query: string): boolean {
  const text = normalizeCustomerQuery(query);
  if (text === '') return true;
  const needle = text.toLowerCase();
  const fullName = foldAccents(`${customer.firstName} ${customer.lastName}`).toLowerCase();
  const digits = phoneSearchDigits(text);
  return (
    fullName.includes(foldAccents(needle)) ||
    (customer.email ?? '').toLowerCase().includes(needle) ||
    (customer.phone ?? '').includes(text) ||
    (digits !== null && phoneDigits(customer.phone ?? '').includes(digits))
  );
}
