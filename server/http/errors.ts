import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type TErrorBody, type TErrorCode } from '../../contract/index.js';

/** The one error type operations throw. The handler turns it into `{error, code, fields?}`. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: TErrorCode | (string & {}),
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** fastify's own error codes, mapped to ours. */
const FASTIFY_CODES: Record<string, { status: number; code: TErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.invalidJson, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.invalidJson, message: 'The request body is empty but declared as JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.unsupportedMediaType, message: 'This content type is not supported here.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.invalidJson, message: 'The request body length does not match its Content-Length.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.payloadTooLarge, message: 'The request body is too large.' },
};

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldsOf(validation: readonly Issue[], context: string | undefined): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of validation) {
    const pathParts = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const key = pathParts.length > 0 ? pathParts.map(String).join('.') : (context ?? 'body');
    (fields[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fields;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: TErrorBody;
    if (error instanceof AppError) {
      status = error.status;
      body = { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        error: 'Some fields are missing or invalid.',
        code: ErrorCode.validationFailed,
        fields: fieldsOf(error.validation as Issue[], error.validationContext),
      };
    } else if (error.code && FASTIFY_CODES[error.code]) {
      const known = FASTIFY_CODES[error.code]!;
      status = known.status;
      body = { error: known.message, code: known.code };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { error: 'Too many requests. Please wait a moment and try again.', code: ErrorCode.rateLimited };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: error.message, code: (error.code ?? 'bad_request').toLowerCase() };
    } else if (databaseUnavailable(error)) {
      status = 503;
      body = { error: 'Herald cannot reach its database right now. Please try again in a moment.', code: ErrorCode.serviceUnavailable };
    } else {
      body = { error: 'An unexpected error occurred.', code: ErrorCode.internalError };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request rejected');
    return reply.status(status).send(body);
  });
}

/** Connection failures (the socket's, or PostgreSQL's classes 08 and 57P: the server is gone or shutting down), through any `cause`. */
const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
export function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE.has(code) || /^08\d{3}$/.test(code))) return true;
  return databaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
