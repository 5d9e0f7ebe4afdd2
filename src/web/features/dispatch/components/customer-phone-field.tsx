import { useRef } from 'react';
import { Autocomplete, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Phone } from 'lucide-react';
import { BOOKING_FIELD_MAX } from '../../../../domain/bookings/limits';
import {
  MAX_CUSTOMER_MATCHES,
  MIN_CUSTOMER_LOOKUP_LENGTH,
  useCustomerLookup,
  type CustomerMatch,
} from '../api/search-customers';
import { normalizeAuPhone } from '../../../../domain/customers/phone';
import { phoneForDisplay } from '../../../../domain/customers/phone-display';

const LOOKUP_DELAY_MS = 250;

type CustomerPhoneFieldProps = {
  value: string;
  /** The customer chosen from the suggestions, if one was. */
  customerId: string | null;
  error?: string | undefined;
  onChange: (phone: string) => void;
  onChoose: (customer: CustomerMatch) => void;
};

function fullName(customer: CustomerMatch): string {
  return `${customer.firstName} ${customer.lastName}`.trim();
}

/**
 * The saved customer whose phone is the one typed, as the server will store
 * it: the booking goes on their record whatever passenger name is typed
 * (decision 189), so the field says whose number it is.
 */
export function phoneOwner(typed: string, matches: readonly CustomerMatch[]): CustomerMatch | null {
  const stored = normalizeAuPhone(typed);
  if (!stored) return null;
  return matches.find((customer) => customer.phone === stored) ?? null;
}

/**
 * The phone field, which looks up saved customers from 4 characters on.
 * Choosing one fills the passenger's name and phone and links the booking to
 * that customer; typing again unlinks it.
 */
export function CustomerPhoneField({
  value,
  customerId,
  error,
  onChange,
  onChoose,
}: CustomerPhoneFieldProps) {
  const [debounced] = useDebouncedValue(value, LOOKUP_DELAY_MS);
  const lookup = useCustomerLookup(debounced, { enabled: customerId === null });
  // Mantine reports the chosen option's label as a change right after the choice.
  const justChosen = useRef<CustomerMatch | null>(null);

  const isLookingUp = customerId === null && debounced.trim().length >= MIN_CUSTOMER_LOOKUP_LENGTH;
  const matches = isLookingUp ? (lookup.data?.customers ?? []).slice(0, MAX_CUSTOMER_MATCHES) : [];
  const byId = new Map(matches.map((customer) => [customer.id, customer]));
  // Compared with what was typed now, not the debounced text the matches were found for.
  const owner = customerId === null ? phoneOwner(value, matches) : null;

  return (
    <Autocomplete
      label="Phone"
      type="tel"
      autoComplete="off"
      maxLength={BOOKING_FIELD_MAX.phone}
      placeholder="Type 4+ digits to find a customer"
      value={value}
      data={matches.map((customer) => ({
        value: customer.id,
        label: customer.phone ? phoneForDisplay(customer.phone) : fullName(customer),
      }))}
      filter={({ options }) => options}
      onOptionSubmit={(id) => {
        const customer = byId.get(id);
        if (!customer) return;
        justChosen.current = customer;
        onChoose(customer);
      }}
      onChange={(text) => {
        const chosen = justChosen.current;
        justChosen.current = null;
        if (chosen) {
          onChoose(chosen);
          return;
        }
        onChange(text);
      }}
      leftSection={<Phone size={16} aria-hidden />}
      rightSection={isLookingUp && lookup.isFetching ? <Loader size="xs" aria-hidden /> : null}
      renderOption={({ option }) => {
        const customer = byId.get(option.value);
        if (!customer) return option.value;
        return (
          <div>
            <Text size="sm">{fullName(customer)}</Text>
            <Text size="xs" c="dimmed">
              {[customer.phone && phoneForDisplay(customer.phone), customer.email]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
        );
      }}
      // Under the field: above it, a note pushed the phone below the name beside it.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        customerId
          ? 'Saved customer'
          : owner
            ? `This number is saved for ${fullName(owner)}: the booking goes on their record.`
            : undefined
      }
      error={error}
    />
  );
}
