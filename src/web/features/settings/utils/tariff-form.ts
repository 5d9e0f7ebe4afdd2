import {
  TARIFF_MAX_CENTS,
  TariffTableSchema,
  type Tariff,
  type TariffTable,
} from '../../../../domain/fares';
import { centsToDollars, dollarsToCents, formatAud } from '../../../../domain/format';

export const TARIFF_VEHICLES = [
  'Standard HUG',
  'Multivan 6',
] as const satisfies readonly (keyof TariffTable)[];
export type TariffVehicle = (typeof TARIFF_VEHICLES)[number];

export const VEHICLE_COLUMN_LABELS: Record<TariffVehicle, string> = {
  'Standard HUG': 'Standard HUG',
  'Multivan 6': 'Multivan 6 (also used for Imax 7)',
};

export const TARIFF_FIELDS: { key: keyof Tariff; label: string }[] = [
  { key: 'baseCents', label: 'Base fare' },
  { key: 'firstTierCentsPerKm', label: 'Per km, first 10 km' },
  { key: 'secondTierCentsPerKm', label: 'Per km, 10 to 15 km' },
  { key: 'thirdTierCentsPerKm', label: 'Per km, beyond 15 km' },
  { key: 'perMinuteCents', label: 'Per minute' },
  { key: 'minimumCents', label: 'Minimum fare' },
  { key: 'childSeatFeeCents', label: 'Child seat fee' },
];

/** What the inputs hold: dollars, as typed (a NumberInput gives '' when empty). */
export type TariffFormValues = Record<TariffVehicle, Record<keyof Tariff, number | string>>;

export function toDollarForm(table: TariffTable): TariffFormValues {
  const form = {} as TariffFormValues;
  for (const vehicle of TARIFF_VEHICLES) {
    form[vehicle] = {} as TariffFormValues[TariffVehicle];
    for (const { key } of TARIFF_FIELDS) form[vehicle][key] = centsToDollars(table[vehicle][key]);
  }
  return form;
}

export type TariffFormResult =
  { ok: true; table: TariffTable } | { ok: false; errors: Record<string, string> };

const MONEY = /^(\d+)(\.\d{1,2})?$/;

/** A typed amount in whole cents, or what to say at its field. */
export type DollarField = { ok: true; cents: number } | { ok: false; error: string };

/**
 * A settings money field: typed dollars (what a NumberInput holds) as whole
 * cents from 0 to maxCents, or the field's message. The limit is checked on
 * the typed digits before converting, as dollarsToCents throws for an amount
 * whose cents are past Number.MAX_SAFE_INTEGER (a long row of nines).
 */
export function readDollarField(value: number | string, maxCents: number): DollarField {
  const text = String(value).trim();
  if (text === '') return { ok: false, error: 'Enter an amount' };
  if (text.startsWith('-')) return { ok: false, error: 'Must be 0 or more' };
  const money = MONEY.exec(text);
  if (!money) return { ok: false, error: 'Enter dollars with at most 2 decimals' };
  const wholeDigits = (money[1] ?? '').replace(/^0+(?=\d)/, '');
  const hasTooManyDigits = wholeDigits.length > String(Math.floor(maxCents / 100)).length;
  const cents = hasTooManyDigits ? null : dollarsToCents(text);
  if (cents === null || cents > maxCents) {
    return { ok: false, error: `Must be at most ${formatAud(maxCents)}` };
  }
  return { ok: true, cents };
}

/**
 * The tariff table in cents from the form's dollars, or an error per field
 * (keyed 'Standard HUG.baseCents', as the form names its inputs). Amounts are
 * converted exactly (never through binary floating point) and then checked
 * by the same schema the server uses.
 */
export function toTariffTable(form: TariffFormValues): TariffFormResult {
  const errors: Record<string, string> = {};
  const table = {} as Record<TariffVehicle, Record<keyof Tariff, number>>;
  for (const vehicle of TARIFF_VEHICLES) {
    table[vehicle] = {} as Record<keyof Tariff, number>;
    for (const { key } of TARIFF_FIELDS) {
      const field = readDollarField(form[vehicle][key], TARIFF_MAX_CENTS[key]);
      if (field.ok) table[vehicle][key] = field.cents;
      else errors[`${vehicle}.${key}`] = field.error;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const parsed = TariffTableSchema.safeParse(table);
  if (parsed.success) return { ok: true, table: parsed.data };
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}
