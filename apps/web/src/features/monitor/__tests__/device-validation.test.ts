import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-error';
import { serverDeviceProblems, validateDevice } from '../device-validation';

const t = i18n.t.bind(i18n);

describe('device form validation (the contract schema the server uses)', () => {
  it('accepts a complete device and turns blank optional fields into none', () => {
    const { input, problems } = validateDevice({ name: ' gpu01 ', type: 'gpu', cluster: 'local', node: 'vm', serial: '  ', location: '', status: 'faulty', notes: '' }, t);
    expect(problems).toEqual([]);
    expect(input).toEqual({ name: 'gpu01', type: 'gpu', cluster: 'local', node: 'vm', serial: null, location: null, status: 'faulty', notes: null });
  });

  it('names each bad field once, in the reader language', () => {
    const { input, problems } = validateDevice({ name: '', type: 'toaster', serial: 'SN 1', node: 'n01' }, t);
    expect(input).toBeUndefined();
    expect(problems.map((p) => p.name).sort()).toEqual(['name', 'node', 'serial', 'type']);
    expect(problems.find((p) => p.name === 'serial')?.errors).toEqual([t('monitor:devices.invalid.serial')]);
  });

  it('puts a 1409 on the serial and an unknown cluster on the cluster', () => {
    const taken = new ApiError({ code: 1409, info: 'a device with serial X exists', spec: { fields: [{ path: 'body.serial', message: 'taken' }] } });
    expect(serverDeviceProblems(taken, t)).toEqual([{ name: 'serial', errors: ['Another device has this serial number'] }]);
    const unknown = new ApiError({ code: 1400, info: 'cluster nope not found', spec: { fields: [{ path: 'body.cluster', message: 'unknown cluster' }] } });
    expect(serverDeviceProblems(unknown, t)).toEqual([{ name: 'cluster', errors: ['No such cluster'] }]);
    expect(serverDeviceProblems(new ApiError({ code: 1502, info: 'down' }), t)).toBeUndefined();
  });
});
