import type { TFunction } from 'i18next';
import { Code } from '@starlight/contract/codes';
import { deviceCreateInputSchema, type Device, type DeviceCreateInput } from '@starlight/contract/monitor';
import { isApiError } from '../../lib/api-error';

export const deviceFields = ['name', 'type', 'cluster', 'node', 'serial', 'location', 'status', 'notes'] as const;
export type DeviceField = (typeof deviceFields)[number];
export type DeviceFormValues = Partial<Record<DeviceField, string | null>>;
export interface DeviceFieldProblem {
  name: DeviceField;
  errors: string[];
}

const asField = (path: string): DeviceField | undefined => deviceFields.find((f) => path === f || path === `body.${f}` || path.startsWith(`body.${f}.`) || path.startsWith(`${f}.`));
/** Blank inputs are "none" (null), and text is trimmed, before the contract's schema sees them. */
const blankToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

export const deviceToForm = (d: Device): DeviceFormValues => ({ ...d });

/** The form's values checked by the contract's deviceCreateInputSchema (the server checks the same); problems in the reader's language. */
export function validateDevice(values: DeviceFormValues, t: TFunction): { input?: DeviceCreateInput; problems: DeviceFieldProblem[] } {
  const parsed = deviceCreateInputSchema.safeParse({
    name: values.name ?? '',
    type: values.type ?? undefined,
    cluster: blankToNull(values.cluster),
    node: blankToNull(values.node),
    serial: blankToNull(values.serial),
    location: blankToNull(values.location),
    status: values.status ?? 'in_service',
    notes: blankToNull(values.notes),
  });
  if (parsed.success) return { input: parsed.data, problems: [] };
  const problems = new Map<DeviceField, DeviceFieldProblem>();
  // the schema's cross-field rule runs only once every field passes: say it with the others
  if (blankToNull(values.node) && !blankToNull(values.cluster)) problems.set('node', { name: 'node', errors: [t('monitor:devices.invalid.node')] });
  for (const issue of parsed.error.issues) {
    const name = asField(issue.path.map(String).join('.'));
    if (name && !problems.has(name)) problems.set(name, { name, errors: [t(`monitor:devices.invalid.${name}`)] });
  }
  return { problems: [...problems.values()] };
}

/** A 1400 or 1409 from the server, on the field it names. */
export function serverDeviceProblems(error: unknown, t: TFunction): DeviceFieldProblem[] | undefined {
  if (!isApiError(error) || (error.code !== Code.invalidInput && error.code !== Code.conflict)) return undefined;
  const spec = (error.spec ?? {}) as { fields?: { path: string; message: string }[] };
  const named = (spec.fields ?? []).flatMap((f) => {
    const name = asField(f.path);
    if (!name) return [];
    const text = error.code === Code.conflict ? t('monitor:devices.serialTaken') : name === 'cluster' ? t('monitor:devices.unknownCluster') : t(`monitor:devices.invalid.${name}`);
    return [{ name, errors: [text] }];
  });
  return named.length > 0 ? named : undefined;
}
