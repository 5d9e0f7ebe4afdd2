// The Document Manager holds one current document of a name: a new file of
// it is a new version (Renew), never a second document beside it.

/** A business document's name as names are compared: case and surrounding spaces aside. */
export function documentNameKey(name: string): string {
  return name.normalize('NFC').trim().toLocaleLowerCase('en-AU');
}

/** The current document (of `current`) that `name` would repeat, if any. */
export function currentDocumentNamed<T extends { name: string }>(
  current: readonly T[],
  name: string,
): T | undefined {
  const wanted = documentNameKey(name);
  return current.find((document) => documentNameKey(document.name) === wanted);
}

/** The refusal under Name of a new document whose name a current one has: Renew adds a version. */
export function takenDocumentNameMessage(existing: string): string {
  return `is already the name of a current document ("${existing}"): use Renew on it to upload a new version, or choose another name`;
}

/** The refusal of a new version that would make an archived document current beside another of its name. */
export function archivedNameTakenMessage(existing: string): string {
  return `A current document is already named "${existing}": renew that one, or archive it before renewing this one.`;
}

/** The refusal of Restore for an archived document whose name a current one now has. */
export function restoredNameTakenMessage(existing: string): string {
  return `A current document is already named "${existing}": archive it before restoring this one.`;
}
