import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionKey } from '@starlight/contract/permissions';
import { deviceCreateInputSchema, deviceListQuerySchema, deviceListSchema, deviceParamsSchema, devicePatchInputSchema, deviceSchema } from '@starlight/contract/monitor';
import { ok, replies } from '../../lib/envelope';
import type { AuditRecorder } from '../audit/audit.service';
import { auditOf } from './audit-of';
import type { DevicesService } from './devices.service';

const tags = ['monitor'];
const monitorAdmin: PermissionKey[] = ['manage_monitor'];

/** Spec §7: GET, POST /resource/hardware/devices; PATCH, DELETE /resource/hardware/devices/{id} (the /monitor/devices screen). */
export const devicesRoutes: FastifyPluginAsyncZod<{ devices: DevicesService; audit: AuditRecorder }> = async (app, { devices, audit }) => {
  app.get(
    '/resource/hardware/devices',
    { config: { perms: monitorAdmin }, schema: { tags, summary: 'Hardware devices', querystring: deviceListQuerySchema, response: replies(deviceListSchema) } },
    async (request) => ok(request.id, 'device', await devices.list(request.query)),
  );
  app.post(
    '/resource/hardware/devices',
    { config: { perms: monitorAdmin }, schema: { tags, summary: 'Add a hardware device', body: deviceCreateInputSchema, response: replies(deviceSchema) } },
    async (request) => {
      const device = await devices.create(request.body);
      await audit.record({ action: 'device_create', result: 'ok', ...auditOf(request), target: `device:${device.id}`, detail: device.name });
      return ok(request.id, 'device', device);
    },
  );
  app.patch(
    '/resource/hardware/devices/:id',
    { config: { perms: monitorAdmin }, schema: { tags, summary: 'Change a hardware device', params: deviceParamsSchema, body: devicePatchInputSchema, response: replies(deviceSchema) } },
    async (request) => {
      const device = await devices.update(request.params.id, request.body);
      await audit.record({ action: 'device_update', result: 'ok', ...auditOf(request), target: `device:${device.id}`, detail: Object.keys(request.body).join(', ') });
      return ok(request.id, 'device', device);
    },
  );
  app.delete(
    '/resource/hardware/devices/:id',
    { config: { perms: monitorAdmin }, schema: { tags, summary: 'Remove a hardware device', params: deviceParamsSchema, response: replies(z.null()) } },
    async (request) => {
      await devices.remove(request.params.id);
      await audit.record({ action: 'device_delete', result: 'ok', ...auditOf(request), target: `device:${request.params.id}` });
      return ok(request.id, 'device', null);
    },
  );
};
