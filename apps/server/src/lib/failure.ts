import type { FastifyError } from 'fastify';
import { Code } from '@starlight/contract/codes';
import type { FieldError } from '@starlight/contract/envelope';
import { isDatabaseUnreachable } from '../db/unreachable';
import { AppError } from './app-error';

export interface Failure {
  code: number;
  info: string;
  spec: unknown;
  /** Our fault, not the caller's: log it with its stack. */
  internal: boolean;
}

const sectionNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Validation issues → `[{path: 'body.email', message}]`; an unknown field is named by its own path. */
export function fieldErrors(section: string | undefined, issues: readonly ValidationIssue[]): FieldError[] {
  const prefix = sectionNames[section ?? ''] ?? 'body';
  const at = (instancePath: string): string =>
    [prefix, ...instancePath.split('/').filter((part) => part !== '')].join('.');
  return issues.flatMap((issue) => {
    const keys = issue.params?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys))
      return keys.map((key) => ({ path: `${at(issue.instancePath)}.${String(key)}`, message: 'unknown field' }));
    return [{ path: at(issue.instancePath), message: issue.message ?? 'invalid value' }];
  });
}

function invalid(fields: FieldError[], info?: string): Failure {
  return {
    code: Code.invalidInput,
    info: info ?? `invalid input: ${fields.map((field) => field.path).join(', ')}`,
    spec: { fields },
    internal: false,
  };
}

const bodyProblems: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body must not be empty when content-type is application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body size does not match content-length',
};

/**
 * Any thrown thing → the envelope fields. Bad input is always 1400 naming the field, never 500;
 * only what we did not foresee is 1500, and its details stay in the log.
 */
export function toFailure(error: unknown, bodyLimit: number): Failure {
  if (error instanceof AppError)
    return error.code === Code.internal
      ? { code: Code.internal, info: 'internal error', spec: null, internal: true }
      : { code: error.code, info: error.info, spec: error.spec, internal: false };
  // the database went away under the request (stopped, restarted, unreachable): the caller may retry
  if (isDatabaseUnreachable(error)) return { code: Code.upstreamDown, info: 'database unreachable', spec: null, internal: false };
  const e = error as Partial<FastifyError> & { validation?: ValidationIssue[]; validationContext?: string };
  const isSyntax = error instanceof SyntaxError;
  if (Array.isArray(e.validation)) return invalid(fieldErrors(e.validationContext, e.validation));
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return invalid([{ path: 'body', message: `body larger than ${bodyLimit} bytes` }], `request body too large (limit ${bodyLimit} bytes)`);
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return invalid([{ path: 'headers.content-type', message: 'unsupported media type' }]);
  const bodyProblem = (e.code && bodyProblems[e.code]) || (isSyntax && e.statusCode === 400 ? 'malformed JSON' : undefined);
  if (bodyProblem) return invalid([{ path: 'body', message: bodyProblem }], `invalid input: ${bodyProblem}`);
  const status = e.statusCode ?? 500;
  if (status === 404) return { code: Code.notFound, info: 'not found', spec: null, internal: false };
  if (status === 429) return { code: Code.rateLimited, info: 'too many requests', spec: null, internal: false };
  if (status >= 400 && status < 500) return invalid([], `invalid request: ${e.message ?? 'bad request'}`);
  return { code: Code.internal, info: 'internal error', spec: null, internal: true };
}
