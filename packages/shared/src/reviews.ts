import { z } from 'zod';
import { ExampleSchema } from './catalogue';
import { IdParamSchema, IdSchema, requiredIdField, PageQuerySchema } from './fields';

/**
 * Reviews: a signed-in learner's examples brought back on the FSRS schedule (the scheduler of
 * modern Anki, `ts-fsrs` in the API). Each learner and example has one card; grading the recall
 * of an example moves its next due date. The rules live in the API's reviews module; these are
 * the shapes both apps share. Dates are ISO 8601 instants (UTC), days are `YYYY-MM-DD` in the
 * caller's time zone.
 */

export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const ReviewRatingSchema = z.enum(REVIEW_RATINGS, {
  error: 'Rating must be one of again, hard, good or easy.',
});
export type ReviewRating = z.infer<typeof ReviewRatingSchema>;

/** Where a card is in FSRS: never graded, being learnt (minutes apart), in review, relearning after a lapse. */
export const REVIEW_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const ReviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof ReviewStateSchema>;

/**
 * Mastered: remembered over at least this many days. An example counts as mastered when its card
 * is in the review state (graduated from its learning steps, and not failed since: a card graded
 * "again" goes back to its learning or relearning steps) and its FSRS stability, the interval after
 * which recall falls to 90%, is at least this long. 21 days is what Anki calls a "mature" card: one
 * good grade the day an example was added gives a few days at most, so mastery takes reviews spread
 * over weeks.
 */
export const MASTERY_STABILITY_DAYS = 21;

/**
 * Learn ahead: the due queue also holds the cards in their learning or relearning steps (graded
 * "again" or "hard" minutes ago) that fall due within this many minutes, after the cards due now,
 * so a card failed in a session comes back in that session (Anki's learn-ahead limit). The steps
 * (1 and 10 minutes; 10 to relearn) are all shorter, so a session ends only once every card graded
 * in it has left its steps.
 */
export const LEARN_AHEAD_MINUTES = 20;

/** How long after a grade the same grade for the same example is taken as a retry, not a new review. */
export const REVIEW_RETRY_WINDOW_SECONDS = 10;

/** The caller's card for one example. `lastReview` is null until the first grade. */
export const ReviewCardSchema = z.object({
  exampleId: IdSchema,
  due: z.string(),
  state: ReviewStateSchema,
  stability: z.number().nonnegative(),
  difficulty: z.number().nonnegative(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  lastReview: z.string().nullable(),
});
export type ReviewCard = z.infer<typeof ReviewCardSchema>;

/** The due date each grade would give the card if chosen now (shown on the grade buttons). */
export const ReviewNextSchema = z.object({
  again: z.string(),
  hard: z.string(),
  good: z.string(),
  easy: z.string(),
});
export type ReviewNext = z.infer<typeof ReviewNextSchema>;

/** /reviews/{exampleId} path. */
export const ReviewParamsSchema = z.object({ exampleId: IdParamSchema }).strict();

/** POST /reviews body. */
export const GradeReviewBodySchema = z
  .object({ exampleId: requiredIdField('Example'), rating: ReviewRatingSchema })
  .strict();
export type GradeReviewBody = z.infer<typeof GradeReviewBodySchema>;

/** POST /reviews answer data; `repeated` is true when this was a retry of the grade just given (nothing changed). */
export const GradeReviewResultSchema = z.object({
  review: ReviewCardSchema,
  repeated: z.boolean(),
});
export type GradeReviewResult = z.infer<typeof GradeReviewResultSchema>;

/** An example in the review queue: the example, its card and what each grade would do. */
export const ReviewItemSchema = z.object({
  example: ExampleSchema,
  review: ReviewCardSchema,
  next: ReviewNextSchema,
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** GET /reviews/due query. */
export const ReviewsDueQuerySchema = PageQuerySchema;
export type ReviewsDueQuery = z.input<typeof ReviewsDueQuerySchema>;

/**
 * GET /reviews/due answer data: the caller's cards due now (new cards included), then those in their
 * learning or relearning steps due within LEARN_AHEAD_MINUTES; by due date, most overdue first
 * (then by example id), `total` of them all, `nextCursor` for the next page.
 */
export const ReviewsDuePageSchema = z.object({
  examples: z.array(ReviewItemSchema),
  total: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type ReviewsDuePage = z.infer<typeof ReviewsDuePageSchema>;

/**
 * `tz`: the caller's IANA time zone (`Europe/London`), which decides where "today" and each day
 * end; UTC when absent. An unknown zone is a 400.
 */
export const TimeZoneQuerySchema = z
  .object({
    tz: z
      .string()
      .max(64, 'must be at most 64 characters')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Europe/London')
      .optional(),
  })
  .strict();
export type TimeZoneQuery = z.input<typeof TimeZoneQuerySchema>;

export const DayCountSchema = z.object({ date: z.string(), count: z.number().int().nonnegative() });
export type DayCount = z.infer<typeof DayCountSchema>;

/**
 * GET /reviews/stats answer data, the caller's cards:
 * - `dueNow`: due at this instant; `dueToday`: due before the end of today (dueNow included);
 * - `new`, `learning` (learning and relearning), `review`: cards by state, together all cards;
 * - `mastered`: cards in review whose stability is at least MASTERY_STABILITY_DAYS (remembered over
 *   at least 3 weeks);
 * - `reviewsPerDay`: grades given on each of the last 90 days, oldest first, today last (zeros included);
 * - `duePerDay`: cards falling due on each of the next 30 days, today first (today counts dueToday).
 */
export const ReviewStatsSchema = z.object({
  dueNow: z.number().int().nonnegative(),
  dueToday: z.number().int().nonnegative(),
  new: z.number().int().nonnegative(),
  learning: z.number().int().nonnegative(),
  review: z.number().int().nonnegative(),
  mastered: z.number().int().nonnegative(),
  reviewsPerDay: z.array(DayCountSchema),
  duePerDay: z.array(DayCountSchema),
});
export type ReviewStats = z.infer<typeof ReviewStatsSchema>;

/**
 * GET /reviews/{exampleId} answer data: the caller's card for it (null when it is not in their
 * reviews) and what each grade would do now (for a new card when null).
 */
export const ReviewStatusSchema = z.object({
  review: ReviewCardSchema.nullable(),
  next: ReviewNextSchema,
});
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const REVIEW_SUGGESTIONS_DEFAULT = 10;
export const REVIEW_SUGGESTIONS_MAX = 50;

/** GET /reviews/suggestions query. */
export const ReviewSuggestionsQuerySchema = z
  .object({
    limit: z
      .string()
      .regex(/^\d{1,2}$/, `must be a whole number from 1 to ${REVIEW_SUGGESTIONS_MAX}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'must be at least 1')
          .max(REVIEW_SUGGESTIONS_MAX, `must be at most ${REVIEW_SUGGESTIONS_MAX}`),
      )
      .optional(),
  })
  .strict();
export type ReviewSuggestionsQuery = z.input<typeof ReviewSuggestionsQuerySchema>;

/** GET /reviews/suggestions answer data: liked or solved-with-help examples not yet in the caller's reviews, newest mark first. */
export const ReviewSuggestionsSchema = z.object({ examples: z.array(ExampleSchema) });
export type ReviewSuggestions = z.infer<typeof ReviewSuggestionsSchema>;
