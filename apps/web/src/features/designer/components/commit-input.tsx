import { Input } from 'antd';

/** A text field that commits on blur or Enter (each commit is one document edit, not one per key). */
export function CommitInput({ value, onCommit, placeholder, testId }: { value: string; onCommit: (v: string) => void; placeholder?: string; testId?: string }) {
  return (
    <Input
      key={value}
      size="small"
      defaultValue={value}
      placeholder={placeholder}
      data-testid={testId}
      onBlur={(e) => e.target.value !== value && onCommit(e.target.value)}
      onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
    />
  );
}

/** A default value as typed: JSON when it parses (numbers, booleans, lists), else the text itself. */
export function parseLiteral(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const showLiteral = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
