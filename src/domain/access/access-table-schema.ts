import { z } from 'zod';
import { AREAS, type Area } from './access-table';
import { RoleSchema } from './roles';

// Apart from the table's rules (access-table.ts), which the web's first
// download needs without zod (decision 34).
export const AccessTableSchema = z.object(
  Object.fromEntries(AREAS.map((area) => [area, z.array(RoleSchema)])) as Record<
    Area,
    z.ZodArray<typeof RoleSchema>
  >,
);
