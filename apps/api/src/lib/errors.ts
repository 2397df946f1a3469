import { ErrorCode } from '@exemplar/shared/api';

export interface AppErrorDetails {
  /** For programs: the narrower cause within `code` (e.g. PasswordTooShort), sent as `reason`. */
  reason?: string;
  /** Seconds until trying again can succeed: sent as the Retry-After header. */
  retryAfterSeconds?: number;
  /** With reason DuplicateQuestion: the example the refused question repeats, sent as `existingId`. */
  existingId?: number;
}

/** The one application error: an HTTP status, a machine code and a message the client shows. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, ErrorCode.NotFound, message);
export const badRequest = (message: string) =>
  new AppError(400, ErrorCode.ValidationError, message);
export const conflict = (message: string) => new AppError(409, ErrorCode.Conflict, message);
export const unauthorized = (message = 'Authentication required.') =>
  new AppError(401, ErrorCode.Unauthorized, message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, ErrorCode.Forbidden, message);
