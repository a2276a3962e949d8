import type { FormInstance } from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import type { z } from 'zod';
import { Code } from '@starlight/contract/codes';
import { controlCharProblems } from '@starlight/contract/control-chars';
import { validationMessages } from '@starlight/contract/validators';
import { verificationMessages } from '@starlight/contract/verification';
import { isApiError } from '../../lib/api-error';
import { i18n } from '../../lib/i18n';

/** The contract's English texts → this reader's language (validation: or register:server. keys). */
export function translateMessage(message: string): string {
  const inValidation = Object.entries(validationMessages).find(([, text]) => text === message)?.[0];
  if (inValidation) return i18n.t(`validation:${inValidation}`);
  const inServer = Object.entries(verificationMessages).find(([, text]) => text === message)?.[0];
  return inServer ? i18n.t(`register:server.${inServer}`) : message;
}

/**
 * An antd rule that runs the whole contract schema on the form's values (plus `extra`, values the
 * form holds outside its fields) and reports the first issue whose path is one of `paths`. The same
 * schema validates the request on the server, so form and server say the same.
 */
export function schemaRule(
  schema: z.ZodType,
  paths: readonly string[],
  extra: () => Record<string, unknown> = () => ({}),
): RuleRender {
  return (form: Pick<FormInstance, 'getFieldsValue'>): RuleObject => ({
    validator: async () => {
      const values = { ...stripEmpty(form.getFieldsValue()), ...extra() };
      // the server's rule before any schema (plugins/input-guard.ts): same text on the field
      const control = controlCharProblems(values).find((problem) => paths.includes(problem.path.split('.')[0] ?? ''));
      if (control) throw new Error(translateMessage(control.message));
      const result = schema.safeParse(values);
      if (result.success) return;
      const issue = result.error.issues.find((candidate) => paths.includes(String(candidate.path[0])));
      if (issue) throw new Error(translateMessage(issue.message));
    },
  });
}

/** Unset fields are left out (the schema's own "required" texts apply), empty strings kept. */
function stripEmpty(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null));
}

export interface ServerFieldError {
  name: string;
  errors: string[];
}

/**
 * A refusal the form shows on its fields: 1400/1409 name the field in `spec.fields` (`body.email`);
 * 1429 goes on `fallback`. Undefined for anything else (the api client has already told the user).
 */
export function serverFieldErrors(error: unknown, fallback: string, rename: Record<string, string> = {}): ServerFieldError[] | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === Code.rateLimited) {
    const retry = (error.spec as { retry_after_s?: number } | null)?.retry_after_s;
    return [{ name: fallback, errors: [i18n.t('register:errors.tooMany', { seconds: retry ?? 60 })] }];
  }
  if (error.code !== Code.invalidInput && error.code !== Code.conflict) return undefined;
  const fields = (error.spec as { fields?: { path: string; message: string }[] } | null)?.fields ?? [];
  const named = fields.map((field) => {
    const name = field.path.replace(/^body\./, '');
    return { name: rename[name] ?? name, errors: [translateMessage(field.message)] };
  });
  return named.length > 0 ? named : [{ name: fallback, errors: [translateMessage(error.info)] }];
}

/** Seconds to wait before asking again, from a 1429's spec. */
export function retryAfter(error: unknown): number | undefined {
  if (!isApiError(error) || error.code !== Code.rateLimited) return undefined;
  return (error.spec as { retry_after_s?: number } | null)?.retry_after_s;
}
