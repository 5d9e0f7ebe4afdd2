import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Role } from '../../../domain/access';
import {
  DOCUMENT_CATEGORIES,
  expiryStatus,
  EXPIRY_WARNING_DAYS,
  addDays,
  archivedNameTakenMessage,
  currentDocumentNamed,
  restoredNameTakenMessage,
  takenDocumentNameMessage,
  type BusinessDocument,
  type BusinessDocumentFields,
  type DocumentCategory,
  type DocumentVersion,
} from '../../../domain/documents';
import type { Executor } from '../../db/database';
import { businessDocumentVersions, businessDocuments } from '../../db/schema';
import type { StoredUpload } from './uploads';
import { userNames } from './user-names';
import { Conflict } from '../../lib/errors';
import { containsPattern } from '../../lib/like-pattern';
import { matchesFolded } from '../../lib/search-fold';

// The business's own documents (Document Center): versions, archive, sharing.

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
  /** Only those whose latest version expires on or before this day (yyyy-mm-dd). */
  expiresBy?: string;
};

/** Each document with its latest version, as `filter` narrows them. */
function businessDocumentConditions(filter: BusinessDocumentFilter) {
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
  if (filter.expiresBy) {
    conditions.push(lte(businessDocumentVersions.expiresOn, filter.expiresBy));
  }
  return and(...conditions);
}

export async function listBusinessDocuments(
  db: Executor,
  filter: BusinessDocumentFilter,
  today: string,
): Promise<BusinessDocument[]> {
  const rows = await db
    .select({ document: businessDocuments, version: businessDocumentVersions })
    .from(businessDocuments)
    .innerJoin(
      businessDocumentVersions,
      eq(businessDocumentVersions.documentId, businessDocuments.id),
    )
    .where(businessDocumentConditions(filter))
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

/**
 * The active documents whose latest version expires by `expiresBy` (those
 * expired included), with that version's id: the compliance pass reminds the
 * admins of each once per threshold and version, so a renewal starts over.
 */
export async function businessVersionsExpiringBy(
  db: Executor,
  expiresBy: string,
): Promise<{ versionId: string; name: string; category: string; expiresOn: string }[]> {
  const rows = await db
    .select({
      versionId: businessDocumentVersions.id,
      name: businessDocuments.name,
      category: businessDocuments.category,
      expiresOn: businessDocumentVersions.expiresOn,
    })
    .from(businessDocuments)
    .innerJoin(
      businessDocumentVersions,
      eq(businessDocumentVersions.documentId, businessDocuments.id),
    )
    .where(businessDocumentConditions({ status: 'active', expiresBy }))
    .orderBy(asc(businessDocumentVersions.expiresOn), asc(businessDocuments.name));
  // Never null: `expiresBy` asks for a date on or before it.
  return rows.map((row) => ({ ...row, expiresOn: row.expiresOn! }));
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

/**
 * Makes archived documents current again, as they were (their versions and
 * sharing kept); all or none: 409 when a current document has one's name
 * (another restored in the same call counts once restored).
 */
export async function restoreBusinessDocuments(tx: Executor, ids: string[]): Promise<number> {
  await lockDocumentNames(tx);
  const archived = await tx
    .select({ id: businessDocuments.id, name: businessDocuments.name })
    .from(businessDocuments)
    .where(and(inArray(businessDocuments.id, ids), eq(businessDocuments.status, 'archived')))
    .orderBy(asc(businessDocuments.name), asc(businessDocuments.id))
    .for('update');
  for (const document of archived) {
    const existing = await currentDocumentNamedAs(tx, document.name, document.id);
    if (existing) throw new Conflict(restoredNameTakenMessage(existing.name));
    await tx
      .update(businessDocuments)
      .set({ status: 'active', updatedAt: new Date() })
      .where(eq(businessDocuments.id, document.id));
  }
  return archived.length;
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
