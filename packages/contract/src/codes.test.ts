import { describe, it, expect } from 'vitest';
import { Code, httpStatusFor, isSuccessCode, successCodes } from './codes';

describe('isSuccessCode (spec §8 Success)', () => {
  it('treats 200, 0 and 11102 as success', () => {
    expect([200, 0, 11102].map((code) => isSuccessCode(code))).toEqual([true, true, true]);
    expect(successCodes).toEqual([Code.ok, Code.noop, Code.noopAlready]);
  });
  it('treats every other code as failure without a tolerated list', () => {
    for (const code of [555, 1300, 1400, 1500, 11502, 1201, 12112, 401, 404]) expect(isSuccessCode(code)).toBe(false);
  });
  it('accepts 555 on login through its tolerated list', () => {
    expect(isSuccessCode(Code.loginRefused, [Code.loginRefused])).toBe(true);
  });
  it('accepts 11502 and 1201 for dir_info and 12112 for partition params', () => {
    const dirInfo = [Code.dirMissing, Code.dirUnreadable];
    expect(isSuccessCode(11502, dirInfo) && isSuccessCode(1201, dirInfo)).toBe(true);
    expect(isSuccessCode(12112, [Code.partitionParamsMissing])).toBe(true);
  });
  it('keeps codes outside the tolerated list failures', () => {
    expect(isSuccessCode(1300, [Code.dirMissing, Code.dirUnreadable])).toBe(false);
  });
  it('keeps the default successes when a tolerated list is given', () => {
    expect(isSuccessCode(200, [555])).toBe(true);
    expect(isSuccessCode(0, [])).toBe(true);
  });
});

describe('httpStatusFor (ARCHITECTURE §3: the status mirrors the class)', () => {
  it('answers 200 for the success codes', () => {
    expect([Code.ok, Code.noop, Code.noopAlready].map(httpStatusFor)).toEqual([200, 200, 200]);
  });
  it('answers 401 for a refused login and an invalid token', () => {
    expect([Code.loginRefused, Code.tokenInvalid].map(httpStatusFor)).toEqual([401, 401]);
  });
  it('maps the 14xx codes to their HTTP twins', () => {
    const codes = [Code.invalidInput, Code.forbidden, Code.notFound, Code.conflict, Code.rateLimited];
    expect(codes.map(httpStatusFor)).toEqual([400, 403, 404, 409, 429]);
  });
  it('answers 500 for internal and 502 for an upstream down', () => {
    expect([Code.internal, Code.upstreamDown].map(httpStatusFor)).toEqual([500, 502]);
  });
  it('answers 404, 403 and 404 for a missing directory, an unreadable one and missing partition params', () => {
    expect([Code.dirMissing, Code.dirUnreadable, Code.partitionParamsMissing].map(httpStatusFor)).toEqual([404, 403, 404]);
  });
  it('answers 500 for an unknown code', () => {
    expect(httpStatusFor(4242)).toBe(500);
  });
  it('has a status for every code of the table', () => {
    for (const code of Object.values(Code)) expect([200, 400, 401, 403, 404, 409, 429, 500, 502]).toContain(httpStatusFor(code));
  });
});
