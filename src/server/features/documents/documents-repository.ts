import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../domain/access';
import {
  DOCUMENT_CATEGORIES,
  documentTypeLabel,
  expiryStatus,
  EXPIRY_WARNING_DAYS,
  addDays,
  archivedNameTakenMessage,
  documentFactChanges,
  editWithdrawsVerification,
  currentDocumentNamed,
  takenDocumentNameMessage,
  type BusinessDocument,
  type BusinessDocumentFields,
  type DocumentCategory,
  type DocumentRequirements,
  type DocumentFactField,
  type DocumentVersion,
  type FleetDocument,
  type FleetDocumentFields,
} from '../../../domain/documents';
import type { Executor } from '../../db/database';
import {
  businessDocumentVersions,
  businessDocuments,
  fleetDocumentChanges,
  fleetDocuments,
  users,
} from '../../db/schema';
// The same search escaping as every other name search.
import type { Upload } from './uploads';
import { Conflict } from '../../lib/errors';
import { containsPattern } from '../../lib/like-pattern';
import { matchesFolded } from '../../lib/search-fold';

export type StoredUpload = Omit<Upload, 'bytes'> & { key: string; size: number };

async function userNames(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// ---------------------------------------------------------------------------
// Business documents

/** Each document with its latest version. */
const currentVersion = sql`(
  select max(${businessDocumentVersions.version}) from ${businessDocumentVersions}
  where ${businessDocumentVersions.documentId} = ${businessDocuments.id}
)`;

export type BusinessDocumentFilter = {
  q?: string | undefined;
  category?: DocumentCategory | undefined;
  status?: 'active' | 'archived' | 'all';
  /** Staff: only documents shared with this role (and active). Admin: null. */
  sharedWithRole?: Role | null;
  ids?: string[];
};

export async function listBusinessDocuments(
  db: Executor,
  filter: BusinessDocumentFilter,
  today: string,
): Promise<BusinessDocument[]> {
  const conditions = [eq(businessDocumentVersions.version, currentVersion)];
  // Accents aside, as every search (decision 92): 'resume' finds 'Résumé'.
  if (filter.q) conditions.push(matchesFolded(businessDocuments.name, containsPattern(filter.q)));
  if (filter.category) conditions.push(eq(businessDocuments.category, filter.category));
  if (filter.status && filter.status !== 'all') {
    conditions.push(eq(businessDocuments.status, filter.status));
  }
  if (filter.sharedWithRole) {
    conditions.push(eq(businessDocuments.status, 'active'));
    conditions.push(sql`${filter.sharedWithRole} = any(${businessDocuments.sharedWith})`);
  }
  if (filter.ids) conditions.push(inArray(businessDocuments.id, filter.ids));
  const rows = await db
    .select({ document: businessDocuments, version: businessDocumentVersions })
    .from(businessDocuments)
    .innerJoin(
      businessDocumentVersions,
      eq(businessDocumentVersions.documentId, businessDocuments.id),
    )
    .where(and(...conditions))
    .orderBy(asc(businessDocuments.name))
    .limit(1000);
  const names = await userNames(
    db,
    rows.map((row) => row.version.uploadedBy),
  );
  return rows.map(({ document, version }) => ({
    id: document.id,
    name: document.name,
    category: document.category as DocumentCategory,
    status: document.status as 'active' | 'archived',
    sharedWith: document.sharedWith as Role[],
    version: version.version,
    type: version.contentType,
    size: version.size,
    expiresOn: version.expiresOn,
    expiryStatus: expiryStatus(version.expiresOn, today),
    uploadedBy: version.uploadedBy ? (names.get(version.uploadedBy) ?? null) : null,
    uploadedAt: version.uploadedAt.toISOString(),
  }));
}

/** Per category and 'All Documents': every document, archived included. */
export async function countBusinessDocuments(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ category: businessDocuments.category, count: sql<number>`count(*)::int` })
    .from(businessDocuments)
    .groupBy(businessDocuments.category);
  const counts: Record<string, number> = { 'All Documents': 0 };
  for (const category of DOCUMENT_CATEGORIES) counts[category] = 0;
  for (const row of rows) {
    counts[row.category] = Number(row.count);
    counts['All Documents']! += Number(row.count);
  }
  return counts;
}

/** Active documents expiring within 30 days or already expired, soonest first. */
export function expiringBusinessDocuments(
  documents: BusinessDocument[],
  today: string,
): BusinessDocument[] {
  const horizon = addDays(today, EXPIRY_WARNING_DAYS);
  return documents
    .filter((doc) => doc.status === 'active' && doc.expiresOn !== null && doc.expiresOn <= horizon)
    .sort((a, b) => a.expiresOn!.localeCompare(b.expiresOn!));
}

export async function listVersions(db: Executor, documentId: string): Promise<DocumentVersion[]> {
  const rows = await db
    .select()
    .from(businessDocumentVersions)
    .where(eq(businessDocumentVersions.documentId, documentId))
    .orderBy(desc(businessDocumentVersions.version));
  const names = await userNames(
    db,
    rows.map((row) => row.uploadedBy),
  );
  return rows.map((row) => ({
    version: row.version,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    expiresOn: row.expiresOn,
    uploadedBy: row.uploadedBy ? (names.get(row.uploadedBy) ?? null) : null,
    uploadedAt: row.uploadedAt.toISOString(),
  }));
}

/**
 * Serialises the name checks until the transaction ends: two uploads of one
 * name at once cannot both become current.
 */
async function lockDocumentNames(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('business_documents.name'))`);
}

/** The current (active) document named as `name` is, case and surrounding spaces aside. */
async function currentDocumentNamedAs(
  tx: Executor,
  name: string,
  exceptId: string | null,
): Promise<{ id: string; name: string } | undefined> {
  const current = await tx
    .select({ id: businessDocuments.id, name: businessDocuments.name })
    .from(businessDocuments)
    .where(eq(businessDocuments.status, 'active'));
  return currentDocumentNamed(
    current.filter((document) => document.id !== exceptId),
    name,
  );
}

/**
 * A new document, unless a current one has its name: that one takes a new
 * version (Renew) instead, so 409 with `fields.name` saying so.
 */
export async function createBusinessDocument(
  tx: Executor,
  fields: BusinessDocumentFields,
  file: StoredUpload,
  userId: string | null,
): Promise<string> {
  await lockDocumentNames(tx);
  const existing = await currentDocumentNamedAs(tx, fields.name, null);
  if (existing) {
    const problem = takenDocumentNameMessage(existing.name);
    throw new Conflict(
      `A current document is already named "${existing.name}": use Renew on it to upload a new version, or choose another name.`,
      { name: problem },
    );
  }
  const [document] = await tx
    .insert(businessDocuments)
    .values({
      name: fields.name,
      category: fields.category,
      sharedWith: [...new Set(fields.sharedWith)],
      createdBy: userId,
    })
    .returning({ id: businessDocuments.id });
  await insertVersion(tx, document!.id, 1, file, fields.expiresOn, userId);
  return document!.id;
}

async function insertVersion(
  tx: Executor,
  documentId: string,
  version: number,
  file: StoredUpload,
  expiresOn: string | null,
  userId: string | null,
) {
  await tx.insert(businessDocumentVersions).values({
    documentId,
    version,
    fileKey: file.key,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    expiresOn,
    uploadedBy: userId,
  });
}

/** A new version (the earlier ones stay); false when no such document. */
export async function addBusinessVersion(
  tx: Executor,
  documentId: string,
  file: StoredUpload,
  expiresOn: string | null,
  userId: string | null,
): Promise<boolean> {
  await lockDocumentNames(tx);
  const [document] = await tx
    .select({
      id: businessDocuments.id,
      name: businessDocuments.name,
      status: businessDocuments.status,
    })
    .from(businessDocuments)
    .where(eq(businessDocuments.id, documentId))
    .for('update');
  if (!document) return false;
  // A new version makes an archived document current again: not beside another of its name.
  if (document.status !== 'active') {
    const existing = await currentDocumentNamedAs(tx, document.name, document.id);
    if (existing) throw new Conflict(archivedNameTakenMessage(existing.name));
  }
  const [latest] = await tx
    .select({ version: sql<number>`coalesce(max(${businessDocumentVersions.version}), 0)::int` })
    .from(businessDocumentVersions)
    .where(eq(businessDocumentVersions.documentId, documentId));
  await insertVersion(tx, documentId, Number(latest?.version ?? 0) + 1, file, expiresOn, userId);
  await tx
    .update(businessDocuments)
    .set({ status: 'active', updatedAt: new Date() })
    .where(eq(businessDocuments.id, documentId));
  return true;
}

export async function archiveBusinessDocuments(tx: Executor, ids: string[]): Promise<number> {
  const rows = await tx
    .update(businessDocuments)
    .set({ status: 'archived', updatedAt: new Date() })
    .where(inArray(businessDocuments.id, ids))
    .returning({ id: businessDocuments.id });
  return rows.length;
}

export async function shareBusinessDocuments(
  tx: Executor,
  ids: string[],
  roles: Role[],
): Promise<number> {
  const rows = await tx
    .update(businessDocuments)
    .set({ sharedWith: [...new Set(roles)], updatedAt: new Date() })
    .where(inArray(businessDocuments.id, ids))
    .returning({ id: businessDocuments.id });
  return rows.length;
}

/** The stored file of a version (latest when `version` is omitted), with who may read it. */
export async function businessVersionFile(
  db: Executor,
  documentId: string,
  version?: number,
): Promise<{
  key: string;
  fileName: string;
  contentType: string;
  sharedWith: Role[];
  status: string;
} | null> {
  const [row] = await db
    .select({
      key: businessDocumentVersions.fileKey,
      fileName: businessDocumentVersions.fileName,
      contentType: businessDocumentVersions.contentType,
      sharedWith: businessDocuments.sharedWith,
      status: businessDocuments.status,
    })
    .from(businessDocumentVersions)
    .innerJoin(businessDocuments, eq(businessDocuments.id, businessDocumentVersions.documentId))
    .where(
      and(
        eq(businessDocumentVersions.documentId, documentId),
        version === undefined ? undefined : eq(businessDocumentVersions.version, version),
      ),
    )
    .orderBy(desc(businessDocumentVersions.version))
    .limit(1);
  return row ? { ...row, sharedWith: row.sharedWith as Role[] } : null;
}

// ---------------------------------------------------------------------------
// Driver and vehicle documents

type FleetRow = typeof fleetDocuments.$inferSelect;

export type FleetOwner = { driverId: string } | { vehicleId: string };

function ownerCondition(owner: FleetOwner) {
  return 'driverId' in owner
    ? eq(fleetDocuments.driverId, owner.driverId)
    : eq(fleetDocuments.vehicleId, owner.vehicleId);
}

async function toFleetDocuments(
  db: Executor,
  rows: FleetRow[],
  requirements: DocumentRequirements,
  today: string,
): Promise<FleetDocument[]> {
  const changes = rows.length
    ? await db
        .select()
        .from(fleetDocumentChanges)
        .where(
          inArray(
            fleetDocumentChanges.documentId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(fleetDocumentChanges.changedAt), asc(fleetDocumentChanges.field))
    : [];
  const names = await userNames(db, [
    ...rows.flatMap((row) => [row.uploadedBy, row.verifiedBy]),
    ...changes.map((change) => change.changedBy),
  ]);
  const changesOf = (id: string) =>
    changes
      .filter((change) => change.documentId === id)
      .map((change) => ({
        field: change.field as DocumentFactField,
        from: change.fromValue,
        to: change.toValue,
        changedBy: change.changedBy ? (names.get(change.changedBy) ?? null) : null,
        changedAt: change.changedAt.toISOString(),
        verificationWithdrawn: change.verificationWithdrawn,
      }));
  return rows.map((row) => {
    const subject = row.driverId ? 'driver' : 'vehicle';
    return {
      id: row.id,
      subject,
      driverId: row.driverId,
      vehicleId: row.vehicleId,
      type: row.type,
      typeLabel: documentTypeLabel(requirements, subject, row.type),
      number: row.number,
      issuedOn: row.issuedOn,
      expiresOn: row.expiresOn,
      status: expiryStatus(row.expiresOn, today),
      verification: row.rejectedAt ? 'rejected' : row.verifiedAt ? 'verified' : 'unverified',
      verifiedBy: row.verifiedBy ? (names.get(row.verifiedBy) ?? null) : null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      rejectedReason: row.rejectedReason,
      notes: row.notes,
      fileName: row.fileName,
      contentType: row.contentType,
      size: row.size,
      uploadedBy: row.uploadedBy ? (names.get(row.uploadedBy) ?? null) : null,
      uploadedAt: row.uploadedAt.toISOString(),
      changes: changesOf(row.id),
    };
  });
}

/** The current document of each type the driver or vehicle holds (replaced ones are history). */
export async function listFleetDocuments(
  db: Executor,
  owner: FleetOwner,
  requirements: DocumentRequirements,
  today: string,
): Promise<FleetDocument[]> {
  const rows = await db
    .select()
    .from(fleetDocuments)
    .where(and(ownerCondition(owner), isNull(fleetDocuments.replacedAt)))
    .orderBy(asc(fleetDocuments.type));
  return toFleetDocuments(db, rows, requirements, today);
}

export async function findFleetDocument(
  db: Executor,
  id: string,
  requirements: DocumentRequirements,
  today: string,
): Promise<(FleetDocument & { fileKey: string }) | null> {
  const [row] = await db.select().from(fleetDocuments).where(eq(fleetDocuments.id, id));
  if (!row) return null;
  const [document] = await toFleetDocuments(db, [row], requirements, today);
  return { ...document!, fileKey: row.fileKey };
}

/** Adds a document; the current one of the same type is kept as replaced. Unverified. */
export async function addFleetDocument(
  tx: Executor,
  owner: FleetOwner,
  fields: FleetDocumentFields,
  file: StoredUpload,
  userId: string | null,
): Promise<string> {
  const now = new Date();
  await tx
    .update(fleetDocuments)
    .set({ replacedAt: now })
    .where(
      and(
        ownerCondition(owner),
        eq(fleetDocuments.type, fields.type),
        isNull(fleetDocuments.replacedAt),
      ),
    );
  const [row] = await tx
    .insert(fleetDocuments)
    .values({
      ...('driverId' in owner ? { driverId: owner.driverId } : { vehicleId: owner.vehicleId }),
      type: fields.type,
      number: fields.number,
      issuedOn: fields.issuedOn,
      expiresOn: fields.expiresOn,
      notes: fields.notes,
      fileKey: file.key,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      uploadedBy: userId,
      uploadedAt: now,
    })
    .returning({ id: fleetDocuments.id });
  return row!.id;
}

export async function verifyFleetDocument(
  tx: Executor,
  id: string,
  userId: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(fleetDocuments)
    .set({ verifiedBy: userId, verifiedAt: new Date(), rejectedAt: null, rejectedReason: null })
    .where(eq(fleetDocuments.id, id))
    .returning({ id: fleetDocuments.id });
  return rows.length > 0;
}

export async function rejectFleetDocument(
  tx: Executor,
  id: string,
  reason: string,
  userId: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(fleetDocuments)
    .set({
      verifiedBy: userId,
      verifiedAt: null,
      rejectedAt: new Date(),
      rejectedReason: reason,
    })
    .where(eq(fleetDocuments.id, id))
    .returning({ id: fleetDocuments.id });
  return rows.length > 0;
}

/**
 * An admin's correction of a document's number, dates or notes, without a
 * new file. Each changed number or date is recorded (who, when, from, to);
 * a verified document whose number or dates change is verified no more: the
 * verification vouched for the old facts (it waits for Verify again, as a new
 * upload does). The row is locked, so two edits at once record against what
 * the other wrote. False when no such document.
 */
export async function updateFleetDocument(
  tx: Executor,
  id: string,
  edit: Partial<Pick<FleetRow, 'number' | 'issuedOn' | 'expiresOn' | 'notes'>>,
  userId: string | null,
): Promise<boolean> {
  const [recorded] = await tx
    .select()
    .from(fleetDocuments)
    .where(eq(fleetDocuments.id, id))
    .for('update');
  if (!recorded) return false;
  const changes = documentFactChanges(recorded, edit);
  const verification = recorded.rejectedAt
    ? 'rejected'
    : recorded.verifiedAt
      ? 'verified'
      : 'unverified';
  const withdrawn = editWithdrawsVerification(verification, changes);
  const set = {
    ...Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)),
    ...(withdrawn ? { verifiedAt: null, verifiedBy: null } : {}),
  };
  if (Object.keys(set).length > 0) {
    await tx.update(fleetDocuments).set(set).where(eq(fleetDocuments.id, id));
  }
  if (changes.length > 0) {
    const changedAt = new Date();
    await tx.insert(fleetDocumentChanges).values(
      changes.map((change) => ({
        documentId: id,
        field: change.field,
        fromValue: change.from,
        toValue: change.to,
        verificationWithdrawn: withdrawn,
        changedBy: userId,
        changedAt,
      })),
    );
  }
  return true;
}
