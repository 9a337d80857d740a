import { z } from 'zod';

/**
 * `degraded`: Redis does not answer, and the instance keeps working without it (rate limits
 * counted in its memory), so it stays ready.
 */
export const DEPENDENCY_STATES = ['up', 'down', 'degraded', 'not configured'] as const;
export const dependencyStateSchema = z.enum(DEPENDENCY_STATES);

/** GET /api/health/ready: what this instance depends on, and whether each one answers. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.object({ database: dependencyStateSchema, redis: dependencyStateSchema }),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** The 503 answer: `error` names what is down (code NOT_READY). */
export const notReadySchema = readinessSchema.extend({ error: z.string(), code: z.string() });

export const livenessSchema = z.object({ ok: z.literal(true) });
