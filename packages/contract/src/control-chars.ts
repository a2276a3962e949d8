import { validationMessages } from './validators';

/**
 * Control characters in input (spec: every string field). NUL is never stored by PostgreSQL (text and
 * jsonb refuse it: that was a 500 on 40 routes), and the other C0 controls have no place in any field
 * a person types or pastes. Tab, line feed and carriage return stay allowed: job scripts, SSH keys,
 * CSV, rich text, descriptions and stack traces are legitimately multi-line, and the fields that are
 * single-line by nature (names, e-mails, ids, URLs) already refuse them through their format rules.
 *
 * One rule for every request, applied before the schemas by the server (`plugins/input-guard.ts`,
 * answering 1400 naming the field) and by the web's schema-based form rules.
 */
// eslint-disable-next-line no-control-regex
export const controlCharPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlChar = (value: string): boolean => controlCharPattern.test(value);
const everyControlChar = new RegExp(controlCharPattern.source, 'g');

export interface ControlCharProblem {
  /** Dotted path below the value's root (`name`, `members.0.user_name`); '' for the root itself. */
  path: string;
  message: string;
}

const maxDepth = 32;

/** Every string (and object key) in a parsed JSON value, query or params object that holds a control character. */
export function controlCharProblems(value: unknown, root = ''): ControlCharProblem[] {
  const problems: ControlCharProblem[] = [];
  const at = (base: string, key: string | number): string => (base === '' ? String(key) : `${base}.${key}`);
  const walk = (node: unknown, path: string, depth: number): void => {
    if (typeof node === 'string') {
      if (hasControlChar(node)) problems.push({ path, message: validationMessages.controlChars });
      return;
    }
    if (depth >= maxDepth || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, at(path, index), depth + 1));
      return;
    }
    // parsed JSON and query objects (whatever their prototype): a stream (raw upload body) or bytes are not text
    if (ArrayBuffer.isView(node) || typeof (node as { pipe?: unknown }).pipe === 'function') return;
    for (const [key, item] of Object.entries(node)) {
      if (hasControlChar(key)) problems.push({ path: at(path, key.replace(everyControlChar, '?')), message: validationMessages.controlChars });
      else walk(item, at(path, key), depth + 1);
    }
  };
  walk(value, root, 0);
  return problems;
}
