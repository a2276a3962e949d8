import { formatCoreHours, formatCoreHoursWithUnit } from '@starlight/contract/format';

/** 核时 with 万/亿 for Chinese readers (spec §9); grouped thousands and the unit in words for the others. */
export function coreHoursText(seconds: number, language: string, unit: string): string {
  return language.startsWith('zh') ? formatCoreHours(seconds) : formatCoreHoursWithUnit(seconds, unit);
}

/** Money travels in fen; shown in yuan with two decimals. */
export const moneyText = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;
