import { z } from 'zod';

/**
 * A learner's preferences, as GET /api/me/preferences answers them and PATCH changes them.
 * `tryFirst`: an example's answer and procedure stay folded until the learner checks an answer or
 * opens them (on for every account unless its learner turned it off).
 */
export const PreferencesSchema = z.object({
  tryFirst: z.boolean({ error: 'tryFirst must be true or false.' }),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

const PREFERENCE_NAMES = Object.keys(PreferencesSchema.shape).join(', ');

/** PATCH /api/me/preferences: only the preferences to change, each optional; at least one. */
export const UpdatePreferencesRequestSchema = PreferencesSchema.partial()
  .strict()
  .refine(
    (v) => Object.keys(v).length > 0,
    `Send at least one preference to change: ${PREFERENCE_NAMES}.`,
  );
export type UpdatePreferencesRequest = z.infer<typeof UpdatePreferencesRequestSchema>;
