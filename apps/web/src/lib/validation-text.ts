/**
 * The contract's validation texts are English (packages/contract validators.ts, validationMessages);
 * the reader sees the entry of the `validation` namespace with the same key. Taking the catalogue as
 * an argument lets the login page load the validators (and zod) only when it validates.
 */
import { i18n } from './i18n';

export function translateValidationMessage(message: string, catalogue: Readonly<Record<string, string>>): string {
  const key = Object.keys(catalogue).find((candidate) => catalogue[candidate] === message);
  return key ? i18n.t(`validation:${key}`) : message;
}
