import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import type { KubernetesDriver } from './interface';

export const kubernetesUnavailableInfo = {
  noEngine: 'no container engine is configured (settings.engine and engine_socket)',
  kubernetes: 'the Kubernetes API engine is not available in this console yet (use engine podman)',
} as const;

/**
 * A container cluster without a working driver: every call is refused with 1502 (upstream not available),
 * naming the cluster and why, rather than answering with empty or invented data.
 */
export function createUnavailableKubernetesDriver(clusterName: string, reason: string = kubernetesUnavailableInfo.noEngine): KubernetesDriver {
  const refuse = (): Promise<never> => Promise.reject(new AppError(Code.upstreamDown, `cluster ${clusterName}: ${reason}`));
  return {
    kind: 'kubernetes',
    activeUsers: refuse,
    listNodes: refuse,
    partitionStatus: refuse,
    partitionParams: refuse,
    apply: refuse,
    remove: refuse,
    close: async () => undefined,
  };
}
