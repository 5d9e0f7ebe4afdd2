import { ROLE_LABELS, ROLES } from '../../../../domain/access';

/** The roles a business document can be shared with (admins see every document). */
export const SHAREABLE_ROLES = ROLES.filter((role) => role !== 'admin').map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));
