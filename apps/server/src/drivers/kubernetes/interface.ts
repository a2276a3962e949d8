/**
 * The container-cluster driver contract (spec §7 "K8s"): what the console asks of a container cluster. One
 * manifest format (Kubernetes YAML, `manifest.ts`), implementations per engine: `podman/` (one podman engine
 * through its libpod API: the embedded default); a cluster whose engine has no implementation here gets
 * `createUnavailableKubernetesDriver`, which answers every call with a clear 1502, so the console never
 * shows made-up data.
 */

export interface KubernetesNode {
  name: string;
  /** Ready condition true and not cordoned. */
  ready: boolean;
  cpuMillicores: number;
  memoryMb: number;
  /** What running workloads hold (their limits), where the engine tells. */
  cpuMillicoresAllocated?: number;
  memoryMbAllocated?: number;
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

/** Whose a workload is: the console user and the console partition (namespace) it runs and counts in. */
export interface WorkloadOwner {
  user: string;
  namespace: string;
}

export interface KubernetesDriver {
  readonly kind: 'kubernetes';
  /** User names with running workloads on the cluster. */
  activeUsers(): Promise<string[]>;
  listNodes(): Promise<KubernetesNode[]>;
  partitionStatus(namespace: string): Promise<KubernetesPartitionStatus>;
  partitionParams(namespace: string): Promise<KubernetesPartitionParams | null>;
  /** Runs a Kubernetes manifest (checked and labelled by `prepareManifest`) for its owner; the pods' names. */
  apply(manifest: string, owner: WorkloadOwner): Promise<{ pods: string[]; yaml: string }>;
  /** Removes what `apply` made from the same (prepared) manifest. */
  remove(manifest: string): Promise<void>;
  close(): Promise<void>;
}
