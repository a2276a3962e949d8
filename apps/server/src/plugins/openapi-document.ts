/** The two ways to send the session token (plugins/auth.ts). */
export const tokenSchemes = {
  bihuToken: { type: 'apiKey', in: 'header', name: 'Bihu-Token' },
  bearerToken: { type: 'http', scheme: 'bearer', description: 'The session token of POST /keystone/short_term_token/name (or long_term_token)' },
} as const;

interface Parameter {
  name: string;
  in: string;
  description?: string;
  [key: string]: unknown;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  [key: string]: unknown;
}
type PathItem = Record<string, Operation>;
interface Document {
  paths?: Record<string, PathItem>;
  [key: string]: unknown;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const templateParameter = /\{([^}]+)\}/g;

/**
 * The generated document made what linters and client generators expect (OpenAPI 3.0 rules that the route
 * table alone breaks), without changing a call: a path with a trailing slash is listed without it (the server
 * answers both); paths that differ only in their parameters' names become one template (`/user/groups/{name}`
 * GET and `/user/groups/{id}` PATCH → `{name_or_id}`, described per method); every operation gets a stable
 * operationId from its method and path; `nullable` without a `type` (zod's unknown) is dropped, as `{}` already
 * admits null.
 */
export function documentForTools(document: Document): Document {
  const paths = mergeIdenticalTemplates(withoutTrailingSlashes(document.paths ?? {}));
  const taken = new Set<string>();
  for (const [path, item] of Object.entries(paths))
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      let id = operation.operationId ?? operationIdOf(method, path);
      for (let n = 2; taken.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
      taken.add(id);
      operation.operationId = id;
    }
  dropUntypedNullable(paths);
  return { ...document, paths };
}

/** `get` + `/api/user/groups/{name_or_id}/members` → `getUserGroupsByNameOrIdMembers` (the `/api` prefix dropped). */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment, index) => segment !== '' && !(index === 1 && segment === 'api'))
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? ['by', ...parameter[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== '');
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function withoutTrailingSlashes(paths: Record<string, PathItem>): Record<string, PathItem> {
  const out: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(paths)) {
    const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const target = (out[bare] ??= {});
    for (const [method, operation] of Object.entries(item)) if (!(method in target)) target[method] = operation;
  }
  return out;
}

function mergeIdenticalTemplates(paths: Record<string, PathItem>): Record<string, PathItem> {
  const groups = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(templateParameter, '{}');
    groups.set(shape, [...(groups.get(shape) ?? []), path]);
  }
  const out: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(paths)) {
    const group = groups.get(path.replace(templateParameter, '{}'))!;
    if (group.length === 1) {
      out[path] = item;
      continue;
    }
    if (group[0] !== path) continue; // merged at the first of its group
    const names = group.map((member) => [...member.matchAll(templateParameter)].map((m) => m[1]!));
    const merged = names[0]!.map((_, position) => [...new Set(names.map((list) => list[position]!))].join('_or_'));
    let index = 0;
    const target = path.replace(templateParameter, () => `{${merged[index++]}}`);
    const combined: PathItem = {};
    group.forEach((member, memberIndex) => {
      for (const [method, operation] of Object.entries(paths[member]!)) {
        for (const parameter of operation.parameters ?? []) {
          const position = names[memberIndex]!.indexOf(parameter.name);
          if (parameter.in !== 'path' || position < 0 || merged[position] === parameter.name) continue;
          parameter.description = `${merged[position]!.split('_or_').join(' or ')}: this operation takes the ${parameter.name}`;
          // the route's own name, which its validation errors name (`params.id`)
          (parameter as { 'x-route-name'?: string })['x-route-name'] = parameter.name;
          parameter.name = merged[position]!;
        }
        combined[method] = operation;
      }
    });
    out[target] = combined;
  }
  return out;
}

function dropUntypedNullable(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.nullable === true && record.type === undefined && record.$ref === undefined && !record.allOf && !record.anyOf && !record.oneOf) delete record.nullable;
  for (const value of Object.values(record)) dropUntypedNullable(value);
}
