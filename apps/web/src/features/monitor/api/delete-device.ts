import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSpec } from '../../../lib/api-client';

export async function deleteDevice(id: number): Promise<void> {
  await apiSpec(`/resource/hardware/devices/${id}`, { method: 'DELETE' });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['monitor', 'devices'] }) });
}
