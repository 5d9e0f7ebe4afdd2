import { z } from 'zod';
import { ROLES } from './role-names';

// The roles themselves live in role-names.ts, free of zod, for the web's first
// download (decision 34); the schema stays here with the API's other schemas.
export { ROLES, ROLE_LABELS, isRole, type Role } from './role-names';
export const RoleSchema = z.enum(ROLES);
