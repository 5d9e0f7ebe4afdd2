import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  documentTypeLabel,
  expiryStatus,
  documentFactChanges,
  editWithdrawsVerification,
  type DocumentRequirements,
  type DocumentFactField,
  type FleetDocument,
  type FleetDocumentFields,
} from '../../../domain/documents';
import type { Executor } from '../../db/database';
import { fleetDocumentChanges, fleetDocuments } from '../../db/schema';
import type { StoredUpload } from './uploads';
import { userNames } from './user-names';

// Drivers' and vehicles' documents (licence, PTD, registration ...): upload,
// verify, reject, correct.

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
