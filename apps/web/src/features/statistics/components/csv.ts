import type { Chart } from '@starlight/contract/statistics';

const cell = (value: string | number): string => {
  const text = String(value);
  // quoted when needed; a leading = + - @ is prefixed so a spreadsheet does not run it as a formula
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A chart as CSV: one row per bucket (or per slice of a pie), one column per series. */
export function chartCsv(chart: Chart, bucketHeader: string): string {
  if (chart.kind === 'pie') return [['name', 'value'], ...chart.series.map((s) => [s.name, s.data[0] ?? 0])].map((r) => r.map(cell).join(',')).join('\n');
  const header = [bucketHeader, ...chart.series.map((s) => s.name)];
  const rows = chart.buckets.map((b, i) => [b, ...chart.series.map((s) => s.data[i] ?? 0)]);
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\n');
}

export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
