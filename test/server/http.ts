// HTTP building blocks shared by every route: Bitbucket's error body, replies, request bodies
// and paging. Handlers return a Reply or throw an ApiError; server.ts writes them out.

import type { IncomingMessage } from 'node:http';
import type { Page } from '../../src/api/types';

/** One entry of Bitbucket's `{"errors":[...]}` body. */
export interface ErrorEntry {
  context: string | null;
  message: string;
  exceptionName: string | null;
}

export const Exceptions = {
  incorrectPassword: 'com.atlassian.bitbucket.auth.IncorrectPasswordAuthenticationException',
  captchaRequired: 'com.atlassian.bitbucket.auth.CaptchaRequiredAuthenticationException',
  authorisation: 'com.atlassian.bitbucket.AuthorisationException',
  noSuchEntity: 'com.atlassian.bitbucket.NoSuchEntityException',
  noSuchRepository: 'com.atlassian.bitbucket.repository.NoSuchRepositoryException',
  noSuchHook: 'com.atlassian.bitbucket.hook.repository.NoSuchRepositoryHookException',
  noSuchUser: 'com.atlassian.bitbucket.user.NoSuchUserException',
  validation: 'com.atlassian.bitbucket.validation.ArgumentValidationException',
  badRequest: 'com.atlassian.bitbucket.rest.BadRequestException',
  serverError: 'com.atlassian.bitbucket.ServerException',
} as const;

/** A refusal in Bitbucket's error shape; thrown by handlers, answered by the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorEntry[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => e.message).join('; '));
  }
}

function errorBody(errors: ErrorEntry[]): { errors: ErrorEntry[] } {
  return { errors };
}

export const AUTHENTICATION_FAILED = 'Authentication failed. Please check your credentials and try again.';
export const NOT_PERMITTED = 'You are not permitted to access this resource';

export function authenticationFailed(): ApiError {
  return new ApiError(
    401,
    [{ context: null, message: AUTHENTICATION_FAILED, exceptionName: Exceptions.incorrectPassword }],
    {
      'WWW-Authenticate': 'Basic realm="Bitbucket"',
    },
  );
}

export function captchaRequired(): ApiError {
  return new ApiError(401, [
    {
      context: null,
      message:
        'CAPTCHA required. Your Bitbucket account has been locked. To unlock it, log in using your browser and complete the CAPTCHA.',
      exceptionName: Exceptions.captchaRequired,
    },
  ]);
}

/** Signed in but not allowed: Bitbucket answers 401 here, not 403. */
export function notPermitted(): ApiError {
  return new ApiError(401, [{ context: null, message: NOT_PERMITTED, exceptionName: Exceptions.authorisation }]);
}

export function notFound(message: string, exceptionName: string = Exceptions.noSuchEntity): ApiError {
  return new ApiError(404, [{ context: null, message, exceptionName }]);
}

/** A validation problem; `context` names the field, or is null for the body as a whole. */
export interface FieldError {
  context: string | null;
  message: string;
}

/** Field errors: one entry per bad field, all reported at once. */
export function validationFailed(errors: FieldError[]): ApiError {
  return new ApiError(
    400,
    errors.map((e) => ({ ...e, exceptionName: Exceptions.validation })),
  );
}

export function badRequest(context: string | null, message: string): ApiError {
  return validationFailed([{ context, message }]);
}

/**
 * What a handler answers. Every success is 200 with a JSON body, except deletes of snippets
 * and comments and an unconfigured hook's settings, which are 204 without a body.
 */
export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; contentType: string; headers?: Record<string, string> }
  | { status: 204; headers?: Record<string, string> };

export function ok(json: unknown): Reply {
  return { status: 200, json };
}

export function noContent(): Reply {
  return { status: 204 };
}

export function errorReply(error: ApiError): Reply {
  return { status: error.status, json: errorBody(error.errors), headers: error.headers };
}

/** Bodies past this size are refused before parsing; nothing the API takes comes near it. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > MAX_BODY_BYTES) {
      // The rest of the body is never read, so the connection cannot carry another request:
      // say so, or a keep-alive client reuses it and its next request fails.
      throw new ApiError(
        413,
        [{ context: null, message: 'The request body is too large.', exceptionName: Exceptions.badRequest }],
        { Connection: 'close' },
      );
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a request body; an empty body is `undefined`, malformed JSON a 400 with no context. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(null, `Malformed JSON in request body: ${(error as Error).message}`);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const DEFAULT_PAGE_LIMIT = 25;
export const MAX_PAGE_LIMIT = 1000;

export interface PageParams {
  start: number;
  limit: number;
}

/** Reads `start` and `limit` like Bitbucket: lenient, with the limit capped and echoed. */
export function pageParams(query: URLSearchParams): PageParams {
  const start = nonNegativeInteger(query.get('start')) ?? 0;
  const requested = nonNegativeInteger(query.get('limit'));
  const limit = requested === undefined || requested === 0 ? DEFAULT_PAGE_LIMIT : Math.min(requested, MAX_PAGE_LIMIT);
  return { start, limit };
}

function nonNegativeInteger(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function paginate<T>(items: readonly T[], { start, limit }: PageParams): Page<T> {
  const values = items.slice(start, start + limit);
  const isLastPage = start + values.length >= items.length;
  const page: Page<T> = { size: values.length, limit, isLastPage, values, start };
  if (!isLastPage) page.nextPageStart = start + values.length;
  return page;
}
