import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/api-stub';
import type { CustomerMatch } from '../api/search-customers';
import { CustomerPhoneField, phoneOwner } from './customer-phone-field';

const SIOBHAN: CustomerMatch = {
  id: 'c1',
  firstName: 'Siobhán',
  lastName: "O'Brien-Ngata",
  phone: '+61893251234',
  email: null,
  preferredVehicleType: null,
};
const NEIGHBOUR: CustomerMatch = { ...SIOBHAN, id: 'c2', firstName: 'Ned', phone: '+61893251299' };

describe('phoneOwner', () => {
  it('finds the saved customer whose phone is the one typed, however it is written', () => {
    for (const typed of ['(08) 9325 1234', '+61 (8) 9325 1234', '0893251234', '+61893251234']) {
      expect(phoneOwner(typed, [NEIGHBOUR, SIOBHAN])).toBe(SIOBHAN);
    }
  });

  it('finds none for a part of a number, another number or text that is no number', () => {
    expect(phoneOwner('0893 25', [SIOBHAN])).toBeNull();
    expect(phoneOwner('0893251299', [SIOBHAN])).toBeNull();
    expect(phoneOwner('call me', [SIOBHAN])).toBeNull();
  });
});

function Field({ onChoose }: { onChoose: (customer: CustomerMatch) => void }) {
  const [phone, setPhone] = useState('');
  const [customerId, setCustomerId] = useState<string | null>(null);
  return (
    <CustomerPhoneField
      value={phone}
      customerId={customerId}
      onChange={(text) => {
        setPhone(text);
        setCustomerId(null);
      }}
      onChoose={(customer) => {
        setPhone(customer.phone ?? '');
        setCustomerId(customer.id);
        onChoose(customer);
      }}
    />
  );
}

describe('CustomerPhoneField', () => {
  it("says whose record a saved customer's number puts the booking on, unless they were chosen", async () => {
    stubApi({
      'GET /api/customers': () => jsonResponse(200, { customers: [NEIGHBOUR, SIOBHAN], total: 2 }),
    });
    const onChoose = vi.fn();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <Field onChoose={onChoose} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const phone = screen.getByRole('combobox', { name: 'Phone' });
    const notice =
      "This number is saved for Siobhán O'Brien-Ngata: the booking goes on their record.";

    await user.type(phone, '0893 25');
    expect(await screen.findByRole('option', { name: /Ned/ })).toBeInTheDocument();
    expect(phone).not.toHaveAccessibleDescription(notice);

    await user.type(phone, '1234');
    await screen.findByText(notice);
    expect(phone).toHaveAccessibleDescription(notice);

    await user.click(screen.getByRole('option', { name: /Siobhán/ }));
    expect(onChoose).toHaveBeenCalledWith(SIOBHAN);
    expect(phone).toHaveAccessibleDescription('Saved customer');
  });
});
