/**
 * Number display helpers of spec §9 (dates and durations are in format-time.ts). Pure functions,
 * same output on server and browser. Non-finite input (NaN, ±Infinity) shows `emptyPlaceholder`.
 */
export const defaultDecimals = 2;
export const emptyPlaceholder = '-';

/** Rounds half away from zero at `decimals` places in decimal, not binary (1.005 → 1.01, 12.345 → 12.35). */
export function roundTo(n: number, decimals = defaultDecimals): number {
  const abs = Math.abs(n);
  // Shifting through the exponent keeps 1.005 as 1.005; `abs * 100` would give 100.49999….
  const rounded = !String(abs).includes('e')
    ? Number(`${Math.round(Number(`${abs}e${decimals}`))}e-${decimals}`)
    : abs >= 1 // written with an exponent: ≥ 1e21 has no fraction left; < 1e-6 rounds in binary well enough
      ? abs
      : Math.round(abs * 10 ** decimals) / 10 ** decimals;
  return n < 0 ? -rounded : rounded;
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * Picks the largest step not above |n|, then moves one step up if rounding reached it
 * (999.999 with 2 decimals is '1k', not '1000k'). `steps` ascend and start at 1.
 */
function scale(n: number, steps: readonly number[], decimals: number): { value: number; index: number } {
  const abs = Math.abs(n);
  let index = 0;
  while (index < steps.length - 1 && abs >= (steps[index + 1] as number)) index++;
  let value = roundTo(n / (steps[index] as number), decimals);
  if (index < steps.length - 1 && Math.abs(value) * (steps[index] as number) >= (steps[index + 1] as number)) {
    index++;
    value = roundTo(n / (steps[index] as number), decimals);
  }
  return { value, index };
}

const powers = (base: number, count: number) => Array.from({ length: count }, (_, i) => base ** i);

export const byteUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** 1536 → '1.5 KiB' (base 1024, at most `decimals` places, trailing zeros dropped). */
export function formatBytes(bytes: number, decimals = defaultDecimals): string {
  if (!Number.isFinite(bytes)) return emptyPlaceholder;
  const { value, index } = scale(bytes, powers(1024, byteUnits.length), decimals);
  return `${trimZeros(value.toFixed(decimals))} ${byteUnits[index]}`;
}

export const numberSymbols = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** 1234 → '1.23k', 1000 → '1k', 999 → '999' (base 1000, trailing zeros dropped, no space). */
export function shortenNumber(n: number, decimals = defaultDecimals): string {
  if (!Number.isFinite(n)) return emptyPlaceholder;
  const { value, index } = scale(n, powers(1000, numberSymbols.length), decimals);
  return `${trimZeros(value.toFixed(decimals))}${numberSymbols[index]}`;
}

/**
 * 1234567.8 → '1,234,567.8'. With `decimals`, exactly that many places (accounting columns):
 * thousands(1234.5, 2) → '1,234.50'. Only the integer part is grouped.
 */
export function thousands(n: number, decimals?: number): string {
  if (!Number.isFinite(n)) return emptyPlaceholder;
  const text = decimals === undefined ? String(n) : roundTo(n, decimals).toFixed(decimals);
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** CPU time is stored in core-seconds (ARCHITECTURE §7); one 核时 is 3600 of them. */
export function cpuSecondsToCoreHours(seconds: number): number {
  return seconds / 3600;
}

const coreHourSteps = [1, 1e4, 1e8] as const;
const coreHourSuffixes = ['', '万', '亿'] as const;

/** 44460 s → '12.35 核时'; 万 from 10^4 and 亿 from 10^8 core-hours; always `decimals` places. */
export function formatCoreHours(seconds: number, decimals = defaultDecimals): string {
  if (!Number.isFinite(seconds)) return emptyPlaceholder;
  const { value, index } = scale(cpuSecondsToCoreHours(seconds), coreHourSteps, decimals);
  return `${value.toFixed(decimals)}${coreHourSuffixes[index]} 核时`;
}

/**
 * The same time for a reader of another language: grouped thousands and the unit in their words
 * ('12,300.00 core-hours'); 万 and 亿 are Chinese counting units, so only formatCoreHours uses them.
 */
export function formatCoreHoursWithUnit(seconds: number, unit: string, decimals = defaultDecimals): string {
  if (!Number.isFinite(seconds)) return emptyPlaceholder;
  return `${thousands(cpuSecondsToCoreHours(seconds), decimals)} ${unit}`;
}
