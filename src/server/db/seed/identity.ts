import type { Random } from './random';
import { EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './perth-reference-data';

/** What has been handed out already, so demo people do not share phones, emails or names. */
export type IdentityRegistry = {
  names: Set<string>;
  emails: Set<string>;
  phones: Set<string>;
};

export function createIdentityRegistry(): IdentityRegistry {
  return { names: new Set(), emails: new Set(), phones: new Set() };
}

export type PersonName = { firstName: string; lastName: string };

/** A first and last name nobody in the registry has yet (after a few tries, a repeat is allowed). */
export function makePersonName(random: Random, registry: IdentityRegistry): PersonName {
  let name: PersonName = { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
  for (let attempt = 0; attempt < 20 && registry.names.has(fullName(name)); attempt += 1) {
    name = { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
  }
  registry.names.add(fullName(name));
  return name;
}

export function fullName(name: PersonName): string {
  return `${name.firstName} ${name.lastName}`;
}

/**
 * An Australian mobile in E.164, '+614' and eight digits. The digit after the
 * 4 stays within 0-3: every 040x-043x block is a mobile range, so phone
 * validation (libphonenumber) accepts all of them.
 */
export function makeMobile(random: Random, registry: IdentityRegistry): string {
  for (;;) {
    const digits = `${random.int(0, 3)}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;
    const phone = `+614${digits}`;
    if (!registry.phones.has(phone)) {
      registry.phones.add(phone);
      return phone;
    }
  }
}

export function makeEmail(random: Random, registry: IdentityRegistry, name: PersonName): string {
  const first = emailPart(name.firstName);
  const last = emailPart(name.lastName);
  const localPart = random.pick([
    `${first}.${last}`,
    `${first}${last}`,
    `${first.charAt(0)}${last}`,
    `${first}_${last}`,
    `${last}.${first}`,
    `${first}.${last}${random.int(1, 99)}`,
  ]);
  const domain = random.pick(EMAIL_DOMAINS);
  let email = `${localPart}@${domain}`;
  for (let suffix = 2; registry.emails.has(email); suffix += 1) {
    email = `${localPart}${suffix}@${domain}`;
  }
  registry.emails.add(email);
  return email;
}

function emailPart(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '');
}
