import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceSchema, type Device, type DeviceCreateInput, type DevicePatchInput } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

export async function createDevice(input: DeviceCreateInput): Promise<Device> {
  return deviceSchema.parse(await apiSpec('/resource/hardware/devices', { method: 'POST', body: input }));
}

export async function updateDevice(id: number, patch: DevicePatchInput): Promise<Device> {
  return deviceSchema.parse(await apiSpec(`/resource/hardware/devices/${id}`, { method: 'PATCH', body: patch }));
}

/** Adds a device (no id) or changes one, then refreshes the device lists. */
export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DeviceCreateInput }) => (id === null ? createDevice(input) : updateDevice(id, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['monitor', 'devices'] }),
  });
}
