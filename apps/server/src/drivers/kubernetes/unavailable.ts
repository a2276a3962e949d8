import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import type { KubernetesDriver } from './interface';

export const kubernetesUnavailableInfo = 'the Kubernetes driver is not available yet';

/**
 * The k8s driver until a real one exists: every call is refused with 1502 (upstream not available),
 * naming the cluster, rather than answering with empty or invented data.
 */
export function createUnavailableKubernetesDriver(clusterName: string): KubernetesDriver {
  const refuse = (): Promise<never> => Promise.reject(new AppError(Code.upstreamDown, `cluster ${clusterName}: ${kubernetesUnavailableInfo}`));
  return {
    kind: 'kubernetes',
    activeUsers: refuse,
    listNodes: refuse,
    partitionStatus: refuse,
    partitionParams: refuse,
    close: async () => undefined,
  };
}
