import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS, TARIFF_MAX_CENTS } from '../../../../domain/fares';
import { formatAud } from '../../../../domain/format';
import { readDollarField, TARIFF_FIELDS, toDollarForm, toTariffTable } from './tariff-form';

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

  it('names each field that is empty, negative, too precise or too large, all at once', () => {
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
        'Multivan 6.minimumCents': 'Must be at most $1,000.00',
      },
    });
  });

  it('says at the field an amount too large to hold in cents, in any of its fields', () => {
    for (const { key } of TARIFF_FIELDS) {
      const form = toDollarForm(DEFAULT_TARIFFS);
      form['Standard HUG'][key] = 99999999999999;
      form['Multivan 6'][key] = '99999999999999999999.99';
      const limit = formatAud(TARIFF_MAX_CENTS[key]);
      expect(toTariffTable(form)).toEqual({
        ok: false,
        errors: {
          [`Standard HUG.${key}`]: `Must be at most ${limit}`,
          [`Multivan 6.${key}`]: `Must be at most ${limit}`,
        },
      });
    }
  });

  it('takes each limit itself and refuses a cent more', () => {
    expect(readDollarField('1000', 100_000)).toEqual({ ok: true, cents: 100_000 });
    expect(readDollarField('0001000.00', 100_000)).toEqual({ ok: true, cents: 100_000 });
    expect(readDollarField('1000.01', 100_000)).toEqual({
      ok: false,
      error: 'Must be at most $1,000.00',
    });
    expect(readDollarField(100, 10_000)).toEqual({ ok: true, cents: 10_000 });
    expect(readDollarField(100.01, 10_000)).toEqual({
      ok: false,
      error: 'Must be at most $100.00',
    });
  });
});
