/**
 * The one table of response codes (ARCHITECTURE §3). The HTTP status mirrors the code's class
 * so proxies and monitors see failures too.
 */
export const Code = {
  ok: 200,
  noop: 0,
  noopAlready: 11102,
  loginRefused: 555,
  tokenInvalid: 1300,
  invalidInput: 1400,
  forbidden: 1403,
  notFound: 1404,
  conflict: 1409,
  rateLimited: 1429,
  internal: 1500,
  upstreamDown: 1502,
  dirMissing: 11502,
  dirUnreadable: 1201,
  partitionParamsMissing: 12112,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Codes every call treats as success (spec §8). */
export const successCodes: readonly number[] = [Code.ok, Code.noop, Code.noopAlready];

const httpStatusByCode: Record<number, number> = {
  [Code.ok]: 200,
  [Code.noop]: 200,
  [Code.noopAlready]: 200,
  [Code.loginRefused]: 401,
  [Code.tokenInvalid]: 401,
  [Code.invalidInput]: 400,
  [Code.forbidden]: 403,
  [Code.notFound]: 404,
  [Code.conflict]: 409,
  [Code.rateLimited]: 429,
  [Code.internal]: 500,
  [Code.upstreamDown]: 502,
  [Code.dirMissing]: 404,
  [Code.dirUnreadable]: 403,
  [Code.partitionParamsMissing]: 404,
};

export function httpStatusFor(code: number): number {
  return httpStatusByCode[code] ?? 500;
}

export function isSuccessCode(code: number, tolerated: readonly number[] = []): boolean {
  return successCodes.includes(code) || tolerated.includes(code);
}
