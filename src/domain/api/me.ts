import { z } from 'zod';
import { RoleSchema } from '../access/roles';

export const MeResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  role: RoleSchema.nullable(),
  /**
   * Sent while the role is null: whether the business has an enabled admin to
   * give one. Without one, nobody is told of the waiting account: the owner
   * must first create an admin with the setup link printed at start.
   */
  hasAdmin: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
