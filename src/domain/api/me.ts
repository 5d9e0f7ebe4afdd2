import { z } from 'zod';
import { RoleSchema } from '../access/roles';

export const MeResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  role: RoleSchema.nullable(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
