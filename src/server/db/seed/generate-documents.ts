import { DEFAULT_DOCUMENT_REQUIREMENTS, type DocumentCategory } from '../../../domain/documents';
import type { Role } from '../../../domain/access';
import type { DemoDriver, DemoVehicle } from './generate-fleet';
import type { Random } from './random';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A small, valid one-page PDF that says what it stands for. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, ' ').slice(0, 80);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export type StoreFile = (bytes: Buffer, contentType: string) => Promise<string>;

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The 20 business documents of the Document Manager: [name, category, versions, shared with]. */
const BUSINESS_DOCUMENTS: [string, DocumentCategory, number, Role[]][] = [
  ['Passenger Safety Policy', 'Policies', 3, ['dispatcher', 'driver']],
  ['Drug and Alcohol Policy', 'Policies', 2, ['driver']],
  ['Privacy Policy', 'Policies', 1, ['dispatcher', 'driver']],
  ['Lost Property Procedure', 'Policies', 1, ['dispatcher', 'driver']],
  ['Fatigue Management Policy', 'Policies', 2, ['driver']],
  ['Incident Report Form', 'Forms', 1, ['dispatcher', 'driver']],
  ['Vehicle Pre-Start Checklist', 'Forms', 2, ['driver']],
  ['Leave Request Form', 'Forms', 1, ['driver']],
  ['Customer Complaint Form', 'Forms', 1, ['dispatcher']],
  ['Monthly Trips Report', 'Reports', 1, []],
  ['Quarterly Revenue Report', 'Reports', 1, []],
  ['Fleet Maintenance Report', 'Reports', 2, []],
  ['Driver Induction Handbook', 'Training', 3, ['driver']],
  ['Airport Pickup Procedure', 'Training', 1, ['dispatcher', 'driver']],
  ['Wheelchair Restraint Training', 'Training', 1, ['driver']],
  ['Dispatch System Guide', 'Training', 1, ['dispatcher']],
  ['Public Liability Insurance', 'Legal', 2, []],
  ['On-demand Booking Service Authorisation', 'Legal', 1, []],
  ['Driver Contractor Agreement', 'Legal', 1, ['driver']],
  ['Corporate Account Terms', 'Legal', 1, ['dispatcher']],
];

/**
 * Documents for every demo driver and vehicle (verified, most valid, one in
 * eight expiring within 30 days; each suspended driver's licence expired,
 * which is why they are suspended) and the Document Manager's 20.
 * Files are written through `storeFile`: one per type and version.
 */
export async function generateDocuments(
  random: Random,
  options: {
    nowMs: number;
    drivers: DemoDriver[];
    vehicles: DemoVehicle[];
    adminId: string;
    storeFile: StoreFile;
  },
) {
  const { nowMs, adminId } = options;
  const files = new Map<string, { key: string; size: number }>();
  async function fileFor(title: string) {
    const existing = files.get(title);
    if (existing) return existing;
    const bytes = demoPdf(title);
    const stored = { key: await options.storeFile(bytes, 'application/pdf'), size: bytes.length };
    files.set(title, stored);
    return stored;
  }

  // Every suspended demo driver is suspended for a reason the pass can give:
  // their licence expired (a suspension by hand has no reason on record).
  const expiredDrivers = new Set(options.drivers.filter((driver) => driver.status === 'suspended'));
  const fleetRows = [];
  const owners = [
    ...options.drivers.map((driver) => ({
      driverId: driver.id,
      vehicleId: null,
      subject: 'driver' as const,
      driver,
    })),
    ...options.vehicles.map((vehicle) => ({
      driverId: null,
      vehicleId: vehicle.id,
      subject: 'vehicle' as const,
      driver: null,
      plate: String(vehicle.row.registration),
    })),
  ];
  for (const owner of owners) {
    for (const type of DEFAULT_DOCUMENT_REQUIREMENTS[owner.subject]) {
      const isExpired =
        owner.driver !== null && expiredDrivers.has(owner.driver) && type.key === 'licence';
      // Linked demo driver and their car stay comfortably valid (the e2e journeys rely on them).
      const isExpiring = !isExpired && owner.driver?.userId == null && random.chance(0.12);
      const daysLeft = isExpired ? -5 : isExpiring ? random.int(3, 28) : random.int(60, 900);
      const file = await fileFor(`Demo ${type.label}`);
      fleetRows.push({
        driverId: owner.driverId,
        vehicleId: owner.vehicleId,
        type: type.key,
        number:
          owner.subject === 'vehicle' && type.key === 'registration'
            ? (owner as { plate: string }).plate
            : `${type.key.slice(0, 3).toUpperCase()}${random.int(100000, 999999)}`,
        issuedOn: isoDate(nowMs + (daysLeft - 365 * 3) * DAY_MS),
        expiresOn:
          type.key === 'police-certificate' && !isExpiring
            ? null
            : isoDate(nowMs + daysLeft * DAY_MS),
        fileKey: file.key,
        fileName: `${type.key}.pdf`,
        contentType: 'application/pdf',
        size: file.size,
        uploadedBy: adminId,
        uploadedAt: new Date(nowMs - random.int(20, 200) * DAY_MS),
        verifiedBy: adminId,
        verifiedAt: new Date(nowMs - random.int(1, 19) * DAY_MS),
      });
    }
  }

  const business = [];
  for (const [index, [name, category, versionCount, sharedWith]] of BUSINESS_DOCUMENTS.entries()) {
    const id = random.uuid();
    const hasExpiry = category === 'Legal' || index % 4 === 0;
    const versions = [];
    for (let version = 1; version <= versionCount; version += 1) {
      const isLatest = version === versionCount;
      const file = await fileFor(`${name} v${version}`);
      versions.push({
        documentId: id,
        version,
        fileKey: file.key,
        fileName: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-v${version}.pdf`,
        contentType: 'application/pdf',
        size: file.size,
        expiresOn: hasExpiry
          ? isoDate(
              nowMs +
                (isLatest
                  ? index % 3 === 0
                    ? random.int(5, 25)
                    : random.int(90, 700)
                  : -random.int(10, 300)) *
                  DAY_MS,
            )
          : null,
        uploadedBy: adminId,
        uploadedAt: new Date(nowMs - (versionCount - version + 1) * random.int(30, 120) * DAY_MS),
      });
    }
    business.push({
      document: {
        id,
        name,
        category,
        status: index === 11 || index === 15 ? 'archived' : 'active',
        sharedWith,
        createdBy: adminId,
      },
      versions,
    });
  }

  return {
    fleetDocuments: fleetRows,
    businessDocuments: business.map((entry) => entry.document),
    businessDocumentVersions: business.flatMap((entry) => entry.versions),
    suspensions: [...expiredDrivers].map((driver) => ({
      driverId: driver.id,
      reason: "Expired: Driver's licence",
      startedAt: new Date(nowMs - 4 * DAY_MS),
    })),
  };
}
