import type { SavedAddress, customers } from '../schema';
import type { VehicleType } from '../../../domain/vehicles';
import type { Random } from './random';
import { DAY_MS, SECOND_MS } from './perth-time';
import {
  CORPORATE_NOTE,
  CUSTOMER_NOTES,
  FAMILY_NOTE,
  SAVED_ADDRESS_LABELS,
  type SavedAddressLabel,
} from './perth-reference-data';
import { makeOfficeAddress, makeStreetAddress, pickPlace, type Endpoint } from './endpoints';
import { fullName, makeEmail, makeMobile, makePersonName, type IdentityRegistry } from './identity';

export type DemoCustomer = {
  id: string;
  name: string;
  phone: string | null;
  createdAtMs: number;
  home: Endpoint | null;
  saved: { label: SavedAddressLabel; endpoint: Endpoint }[];
  preferredVehicleType: VehicleType | null;
  needsChildSeat: boolean;
  /** How often this customer books, relative to the others. */
  bookingWeight: number;
  row: typeof customers.$inferInsert;
};

const CUSTOMER_HISTORY_DAYS = 730;

export function generateCustomers(
  random: Random,
  options: { count: number; nowMs: number; registry: IdentityRegistry },
): DemoCustomer[] {
  return Array.from({ length: options.count }, () => generateCustomer(random, options));
}

function generateCustomer(
  random: Random,
  { nowMs, registry }: { nowMs: number; registry: IdentityRegistry },
): DemoCustomer {
  const id = random.uuid();
  const name = makePersonName(random, registry);
  const hasEmail = random.chance(0.85);
  // Everyone can be reached one way or another.
  const hasPhone = !hasEmail || random.chance(0.9);
  const email = hasEmail ? makeEmail(random, registry, name) : null;
  const phone = hasPhone ? makeMobile(random, registry) : null;
  const home = random.chance(0.8) ? makeStreetAddress(random) : null;
  const isCorporate = random.chance(0.08);
  const notes = isCorporate
    ? CORPORATE_NOTE
    : random.chance(0.22)
      ? random.pick(CUSTOMER_NOTES.filter((note) => note !== CORPORATE_NOTE))
      : '';
  const needsChildSeat = notes === FAMILY_NOTE;
  const preferredVehicleType = pickPreferredVehicle(random, needsChildSeat);
  const saved = makeSavedAddresses(random, home, isCorporate);
  const createdAtMs = roundToSecond(nowMs - random.between(0, CUSTOMER_HISTORY_DAYS) * DAY_MS);
  const bookingWeight = isCorporate
    ? 6
    : random.pickWeighted([0.3, 1, 2, 4], (weight) => 1 / weight);

  return {
    id,
    name: fullName(name),
    phone,
    createdAtMs,
    home,
    saved,
    preferredVehicleType,
    needsChildSeat,
    bookingWeight,
    row: {
      id,
      firstName: name.firstName,
      lastName: name.lastName,
      email,
      phone,
      homeAddress: home?.address ?? null,
      preferredVehicleType,
      notes,
      savedAddresses: saved.map(({ label, endpoint }): SavedAddress => ({
        label,
        address: endpoint.address,
      })),
      createdAt: new Date(createdAtMs),
      updatedAt: new Date(createdAtMs),
    },
  };
}

function pickPreferredVehicle(random: Random, needsChildSeat: boolean): VehicleType | null {
  const roll = random.next();
  if (needsChildSeat) return roll < 0.5 ? 'Multivan 6' : 'Imax 7';
  if (roll < 0.1) return 'Standard HUG';
  if (roll < 0.16) return 'Multivan 6';
  if (roll < 0.2) return 'Imax 7';
  return null;
}

function makeSavedAddresses(
  random: Random,
  home: Endpoint | null,
  isCorporate: boolean,
): { label: SavedAddressLabel; endpoint: Endpoint }[] {
  const count = random.pickWeighted([0, 1, 2, 3], (n) => [30, 30, 25, 15][n] ?? 0);
  const candidates = SAVED_ADDRESS_LABELS.filter((label) => label !== 'Home' || home !== null);
  const labels = random.sample(candidates, count);
  if (isCorporate && !labels.includes('Work')) labels.unshift('Work');
  return labels.map((label) => ({ label, endpoint: savedEndpoint(random, label, home) }));
}

function savedEndpoint(random: Random, label: SavedAddressLabel, home: Endpoint | null): Endpoint {
  switch (label) {
    case 'Home':
      return home ?? makeStreetAddress(random);
    case 'Work':
      return random.chance(0.7) ? makeOfficeAddress(random) : makeStreetAddress(random);
    case 'Airport':
      return pickPlace(random, ['airport']);
    case 'Golf Club':
      return pickPlace(random, ['golf']);
    case 'Gym':
    case 'Parents':
    case 'Physio':
      return makeStreetAddress(random);
    default:
      return assertNever(label);
  }
}

function assertNever(value: never): never {
  throw new TypeError(`Unhandled saved-address label: ${String(value)}`);
}

function roundToSecond(ms: number): number {
  return Math.floor(ms / SECOND_MS) * SECOND_MS;
}
