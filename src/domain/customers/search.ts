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

/**
 * Spec section 5: case-insensitive substring on the full name (first and last
 * joined by a space) and on the email; a case-sensitive substring on the
 * phone, which may hold letters ('ext'). An empty query matches everyone.
 * The customers repository applies the same rule in SQL (ILIKE / LIKE).
 */
export function matchesCustomerSearch(customer: SearchableCustomer, query: string): boolean {
  const text = normalizeCustomerQuery(query);
  if (text === '') return true;
  const needle = text.toLowerCase();
  const fullName = `${customer.firstName} ${customer.lastName}`.toLowerCase();
  return (
    fullName.includes(needle) ||
    (customer.email ?? '').toLowerCase().includes(needle) ||
    (customer.phone ?? '').includes(text)
  );
}
