import { z } from 'zod';

/** Machine-readable error codes. The client shows `message`; `code` is for programs. */
export const ErrorCode = {
  ValidationError: 'ValidationError',
  NotFound: 'NotFound',
  Unauthorized: 'Unauthorized',
  Forbidden: 'Forbidden',
  Conflict: 'Conflict',
  PayloadTooLarge: 'PayloadTooLarge',
  UnsupportedMediaType: 'UnsupportedMediaType',
  TooManyRequests: 'TooManyRequests',
  ServiceUnavailable: 'ServiceUnavailable',
  InternalError: 'InternalError',
  /** Sign-in refused (403): the email address is not confirmed yet; the client asks for the code. */
  UserNotConfirmed: 'UserNotConfirmed',
  /** Sign-in refused (403): a superadmin disabled the account. */
  UserDisabled: 'UserDisabled',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The code an error of each HTTP status carries when nothing narrower applies. */
export const ERROR_CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ErrorCode.ValidationError,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.TooManyRequests,
  503: ErrorCode.ServiceUnavailable,
};

/**
 * `{ success: false, code, message }` — the one error shape of the API. Named `ErrorResponse` in the
 * OpenAPI document, where every 4xx of every operation refers to it.
 */
export const ErrorResponseSchema = z
  .object({
    success: z.literal(false),
    code: z.string().describe(`For programs: one of ${Object.values(ErrorCode).join(', ')}.`),
    message: z.string().describe('For people: what went wrong and what to do, ready to show.'),
    reason: z
      .string()
      .optional()
      .describe(
        'For programs: the narrower cause within `code` where there is one, e.g. PasswordTooShort, PasswordTooCommon or PasswordContainsEmail for a refused password.',
      ),
    existingId: z
      .number()
      .int()
      .optional()
      .describe(
        'For programs: with reason DuplicateQuestion, the id of the example whose question the refused one repeats.',
      ),
    /** For a refused body: the message for each field, by field name (forms show them inline). */
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('For a refused body: the message for each field, by field name.'),
  })
  .meta({ id: 'ErrorResponse', description: 'Every 4xx and 5xx answer of the API.' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** `{ success: true, message?, data }` — wraps every successful response. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
  });
}

export const HealthSchema = z.object({
  status: z.enum(['ok', 'shutting-down']),
  database: z.enum(['sqlite', 'postgres']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;
