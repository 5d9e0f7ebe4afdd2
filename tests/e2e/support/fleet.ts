import { expect, type Page } from '@playwright/test';

// Steps the fleet and documents journeys share: a driver's invitation, and
// the papers spec section 5 requires before a driver works.

export const FIRST_LOAD = { timeout: 20_000 };
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

export function origin(page: Page) {
  return { origin: new URL(page.url()).origin };
}

export function randomDigits(count: number): string {
  return String(Math.floor(Math.random() * 10 ** count)).padStart(count, '0');
}

/**
 * Spec section 5: a driver works only with every required document of their
 * own and of their vehicle uploaded and verified; the admin does both
 * (through the API), except the types a journey withholds.
 */
export async function giveVerifiedDocuments(
  admin: Page,
  driverId: string,
  { withhold = [], expiresOn = '2099-12-31' }: { withhold?: string[]; expiresOn?: string } = {},
) {
  const read = await admin.request.get(`/api/drivers/${driverId}/documents`);
  const { requirements, vehicle } = (await read.json()) as {
    requirements: Record<'driver' | 'vehicle', { key: string }[]>;
    vehicle: { id: string } | null;
  };
  const owners: [string, { key: string }[]][] = [[`drivers/${driverId}`, requirements.driver]];
  if (vehicle) owners.push([`vehicles/${vehicle.id}`, requirements.vehicle]);
  for (const [owner, types] of owners) {
    for (const type of types.filter((each) => !withhold.includes(each.key))) {
      const uploaded = await admin.request.post(`/api/${owner}/documents`, {
        headers: origin(admin),
        multipart: {
          type: type.key,
          expiresOn,
          file: { name: `${type.key}.pdf`, mimeType: 'application/pdf', buffer: PDF },
        },
      });
      expect(uploaded.status()).toBe(201);
      const { document } = (await uploaded.json()) as { document: { id: string } };
      const verified = await admin.request.post(`/api/fleet-documents/${document.id}/verify`, {
        headers: origin(admin),
      });
      expect(verified.status()).toBe(200);
    }
  }
}

/**
 * The new driver opens the invitation the admin's outbox holds and sets a
 * password, which signs them in to the driver app.
 */
export async function acceptInvitation(
  admin: Page,
  driverPage: Page,
  email: string,
  password: string,
) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await admin.request.get(`/api/mail?q=${encodeURIComponent(email)}`);
      const { mails } = (await response.json()) as { mails: { to: string; text: string }[] };
      link = mails.find((mail) => mail.to === email)?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeDefined();
  await driverPage.goto(link!);
  await driverPage.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await driverPage.getByRole('textbox', { name: 'Confirm new password' }).fill(password);
  await driverPage.getByRole('button', { name: 'Set my password' }).click();
  // Signed in with the password just set, no second typing.
  await expect(driverPage).toHaveURL('/driver', FIRST_LOAD);
}
