import { ERROR_CODE_BY_STATUS, ErrorCode } from '@exemplar/shared/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/** Clear messages for the framework's own 4xx errors. */
const MESSAGE_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  reason?: string,
  existingId?: number,
) {
  return reply.status(status).send({
    success: false,
    code,
    message,
    ...(reason ? { reason } : {}),
    ...(existingId !== undefined ? { existingId } : {}),
    ...(fields ? { fields } : {}),
  });
}

/** One error handler: 4xx with a clear message, 5xx without internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const { reason, retryAfterSeconds, existingId } = error.details;
      if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
      return sendError(
        reply,
        error.statusCode,
        error.code,
        error.message,
        undefined,
        reason,
        existingId,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const fields: Record<string, string> = {};
      const details = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (field && !(field in fields)) fields[field] = issue.message ?? 'invalid';
        return field ? `${field}: ${issue.message}` : issue.message;
      });
      return sendError(
        reply,
        400,
        ErrorCode.ValidationError,
        `Invalid ${where}: ${details.join('; ')}`,
        Object.keys(fields).length ? fields : undefined,
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        MESSAGE_BY_FASTIFY_CODE[error.code] ??
        error.message ??
        'The request could not be processed.';
      return sendError(
        reply,
        status,
        ERROR_CODE_BY_STATUS[status] ?? ErrorCode.ValidationError,
        message,
      );
    }
    request.log.error({ err: error }, 'request failed');
    if (status === 503) {
      return sendError(
        reply,
        503,
        ErrorCode.ServiceUnavailable,
        'The service is unavailable. Please try again shortly.',
      );
    }
    return sendError(
      reply,
      500,
      ErrorCode.InternalError,
      'Something went wrong on our side. Please try again.',
    );
  });
}
