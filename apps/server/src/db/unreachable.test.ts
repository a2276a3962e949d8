import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseConnectError, describeUnreachable, isDatabaseUnreachable } from './unreachable';

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
const sqlState = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const query = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnreachable', () => {
  it('holds for a refused or broken connection of the database driver, and for a server going away', () => {
    expect(isDatabaseUnreachable(query(new DatabaseConnectError(socketError('ECONNREFUSED'))))).toBe(true);
    expect(isDatabaseUnreachable(new DatabaseConnectError(socketError('ECONNRESET')))).toBe(true);
    expect(isDatabaseUnreachable(query(sqlState('57P01', 'terminating connection due to administrator command')))).toBe(true);
    expect(isDatabaseUnreachable(query(sqlState('57P03', 'the database system is starting up')))).toBe(true);
    expect(isDatabaseUnreachable(query(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnreachable(query(new Error('Client has encountered a connection error and is not queryable')))).toBe(true);
    const both = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], 'connect');
    expect(isDatabaseUnreachable(new DatabaseConnectError(both))).toBe(true);
  });

  it('does not hold for query errors, nor for another service refusing a connection (a Slurm fetch, an SSH driver)', () => {
    expect(isDatabaseUnreachable(query(sqlState('23505', 'duplicate key value violates unique constraint')))).toBe(false);
    expect(isDatabaseUnreachable(new DatabaseConnectError(sqlState('28P01', 'password authentication failed')))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBe(false);
    expect(isDatabaseUnreachable(socketError('ECONNREFUSED'))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
  });

  it('describes a refused connection as such', () => {
    expect(describeUnreachable(new DatabaseConnectError(socketError('ECONNREFUSED')))).toBe('refused the connection (ECONNREFUSED)');
    expect(describeUnreachable(new DatabaseConnectError(sqlState('57P03', 'the database system is starting up')))).toBe(
      'is not accepting connections (57P03: the database system is starting up)',
    );
  });
});
