/**
 * Expands a Slurm hostlist ("node[01-03,07],gpu1") into names. Zero padding is kept as Slurm writes
 * it. Expansion stops at `limit` names so a huge range cannot exhaust memory.
 */
export function expandHostlist(expression: string, limit = 100_000): string[] {
  const names: string[] = [];
  for (const item of splitTopLevel(expression.trim())) {
    for (const name of expandItem(item)) {
      if (names.length >= limit) return names;
      names.push(name);
    }
  }
  return names;
}

function splitTopLevel(expression: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of expression) {
    if (char === '[') depth++;
    if (char === ']') depth--;
    if (char === ',' && depth === 0) {
      if (current) items.push(current);
      current = '';
    } else current += char;
  }
  if (current) items.push(current);
  return items;
}

function* expandItem(item: string): Generator<string> {
  const open = item.indexOf('[');
  const close = item.indexOf(']', open);
  if (open < 0 || close < 0) {
    yield item;
    return;
  }
  const prefix = item.slice(0, open);
  for (const part of item.slice(open + 1, close).split(',')) {
    const [from = '', to = from] = part.split('-');
    const width = from.length;
    for (let n = Number(from); n <= Number(to); n++)
      for (const rest of expandItem(item.slice(close + 1))) yield `${prefix}${String(n).padStart(width, '0')}${rest}`;
  }
}
