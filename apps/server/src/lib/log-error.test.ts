import { describe, expect, it } from 'vitest';
import { serializeError } from './log-error';

describe('serializeError (the log\'s err serializer)', () => {
  it('keeps code, message and plain fields, drops object-valued ones such as a pg client and statement params', () => {
    const cause = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      client: { connectionParameters: { password: 'Canary-secret' }, processID: 42, secretKey: 1234 },
    });
    const error = Object.assign(new Error('Failed query: select 1', { cause }), { query: 'select $1', params: ['$argon2id$hash'] });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toMatch(/Canary-secret|secretKey|processID|argon2id|"client"|"params"/);
    expect(serializeError(error)).toMatchObject({ type: 'Error', message: 'Failed query: select 1', query: 'select $1', cause: { code: '57P01', severity: 'FATAL' } });
  });

  it('says an unreachable database in code and message, without a stack', () => {
    const gone = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    expect(serializeError(gone)).not.toHaveProperty('stack');
    expect(serializeError(new TypeError('our bug'))).toHaveProperty('stack');
  });

  it('stops at a cause cycle and at non-objects', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(JSON.stringify(serializeError(a)).length).toBeLessThan(5000);
    expect(serializeError('text')).toEqual({ message: 'text' });
  });
});
