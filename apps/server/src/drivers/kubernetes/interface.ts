/**
 * The Kubernetes driver contract (spec §7 "K8s"): what the console asks of a container cluster. No
 * implementation talks to a real API server yet; `createUnavailableKubernetesDriver` answers every call
 * with a clear 1502 so the console never shows made-up data for a k8s cluster.
 */

export interface KubernetesNode {
  name: string;
  /** Ready condition true and not cordoned. */
  ready: boolean;
  cpuMillicores: number;
  memoryMb: number;
  labels: Record<string, string>;
}

/** A console partition of a k8s cluster is a namespace with its resource quota. */
export interface KubernetesPartitionStatus {
  namespace: string;
  phase: string;
  cpuMillicoresUsed: number;
  cpuMillicoresLimit: number | null;
  memoryMbUsed: number;
  memoryMbLimit: number | null;
}

/** The launch parameters (images, resource presets) configured for a partition; null: none configured (12112). */
export interface KubernetesPartitionParams {
  namespace: string;
  params: Record<string, unknown>;
}

export interface KubernetesDriver {
  readonly kind: 'kubernetes';
  /** User names with running workloads on the cluster. */
  activeUsers(): Promise<string[]>;
  listNodes(): Promise<KubernetesNode[]>;
  partitionStatus(namespace: string): Promise<KubernetesPartitionStatus>;
  partitionParams(namespace: string): Promise<KubernetesPartitionParams | null>;
  close(): Promise<void>;
}
