import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS } from '../../../../domain/fares';
import { toDollarForm, toTariffTable } from './tariff-form';

describe('the fares form', () => {
  it('shows cents as dollars and turns them back into the same cents', () => {
    const form = toDollarForm(DEFAULT_TARIFFS);
    expect(form['Standard HUG'].firstTierCentsPerKm).toBe(1.9);
    expect(form['Multivan 6'].minimumCents).toBe(50);
    expect(toTariffTable(form)).toEqual({ ok: true, table: DEFAULT_TARIFFS });
  });

  it('converts typed dollars exactly, 0.29 to 29 cents', () => {
    const form = toDollarForm(DEFAULT_TARIFFS);
    form['Standard HUG'].perMinuteCents = '0.29';
    const result = toTariffTable(form);
    expect(result.ok && result.table['Standard HUG'].perMinuteCents).toBe(29);
  });

  it('names each field that is empty, negative, too precise or too large', () => {
    const form = toDollarForm(DEFAULT_TARIFFS);
    form['Standard HUG'].baseCents = '';
    form['Standard HUG'].perMinuteCents = -1;
    form['Multivan 6'].firstTierCentsPerKm = '1.005';
    form['Multivan 6'].minimumCents = 5000;
    expect(toTariffTable(form)).toEqual({
      ok: false,
      errors: {
        'Standard HUG.baseCents': 'Enter an amount',
        'Standard HUG.perMinuteCents': 'Must be 0 or more',
        'Multivan 6.firstTierCentsPerKm': 'Enter dollars with at most 2 decimals',
      },
    });
    form['Standard HUG'].baseCents = 5;
    form['Standard HUG'].perMinuteCents = 0.5;
    form['Multivan 6'].firstTierCentsPerKm = 3;
    expect(toTariffTable(form)).toEqual({
      ok: false,
      errors: { 'Multivan 6.minimumCents': 'Must be at most $1000' },
    });
  });
});
