import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { Device, DeviceCreateInput, DeviceListQuery, DevicePatchInput } from '@starlight/contract/monitor';
import { AppError, notFound } from '../../lib/app-error';
import type { ClustersService } from '../clusters/clusters.service';
import { isUniqueViolation, type DeviceListRow, type DevicesRepo, type NewDeviceRow } from './devices.repo';

const toDevice = ({ device, clusterName }: DeviceListRow): Device => ({
  id: device.id,
  name: device.name,
  type: device.type as Device['type'],
  cluster: clusterName,
  node: device.node,
  serial: device.serial,
  location: device.location,
  status: device.status as Device['status'],
  notes: device.notes,
  created_at: device.createdAt.toISOString(),
  updated_at: device.updatedAt.toISOString(),
});

const fieldError = (field: string, message: string, info: string) =>
  new AppError(Code.invalidInput, info, { fields: [{ path: `body.${field}`, message }] });
/** Empty strings from a form mean "none". */
const orNull = (value: string | null | undefined): string | null | undefined => (value === '' ? null : value);

/** Hardware devices (spec §3, §7): an inventory of the machines behind the clusters, kept by monitor administrators. */
export function createDevicesService({ repo, clusters }: { repo: DevicesRepo; clusters: ClustersService }) {
  async function clusterId(name: string | null | undefined): Promise<number | null | undefined> {
    if (name === undefined || name === null) return name;
    const row = await clusters.rowByName(name);
    if (!row) throw fieldError('cluster', 'unknown cluster', `cluster ${name} not found`);
    return row.id;
  }

  async function write<T>(serial: string | null | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(Code.conflict, `a device with serial ${serial ?? ''} exists`, { fields: [{ path: 'body.serial', message: 'taken' }] });
      throw error;
    }
  }

  async function get(id: number): Promise<Device> {
    const row = await repo.get(id);
    if (!row) throw notFound('device');
    return toDevice(row);
  }

  return {
    async list(query: DeviceListQuery): Promise<List<Device>> {
      const { rows, total } = await repo.page(
        { clusterName: query.field_eq_cluster, type: query.field_eq_type, status: query.field_eq_status, text: query.field_lk_name },
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      return { list: rows.map(toDevice), total };
    },

    get,

    async create(input: DeviceCreateInput): Promise<Device> {
      const values: NewDeviceRow = {
        name: input.name,
        type: input.type,
        clusterId: (await clusterId(orNull(input.cluster))) ?? null,
        node: orNull(input.node) ?? null,
        serial: orNull(input.serial) ?? null,
        location: orNull(input.location) ?? null,
        status: input.status,
        notes: orNull(input.notes) ?? null,
      };
      const id = await write(values.serial, () => repo.insert(values));
      return get(id);
    },

    async update(id: number, patch: DevicePatchInput): Promise<Device> {
      const current = await get(id);
      const cluster = patch.cluster === undefined ? current.cluster : orNull(patch.cluster);
      // clearing the cluster clears the node with it
      const node = patch.node !== undefined ? orNull(patch.node) : cluster ? current.node : null;
      if (node && !cluster) throw fieldError('node', 'a node needs its cluster', 'a node needs its cluster');
      const values: Partial<NewDeviceRow> = {
        name: patch.name,
        type: patch.type,
        clusterId: patch.cluster === undefined ? undefined : ((await clusterId(orNull(patch.cluster))) ?? null),
        node: node ?? null,
        serial: patch.serial === undefined ? undefined : (orNull(patch.serial) ?? null),
        location: patch.location === undefined ? undefined : (orNull(patch.location) ?? null),
        status: patch.status,
        notes: patch.notes === undefined ? undefined : (orNull(patch.notes) ?? null),
      };
      if (!(await write(values.serial, () => repo.update(id, values)))) throw notFound('device');
      return get(id);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('device');
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
