import { createHash } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../../../lib/app-error';
import type { KubernetesDriver, KubernetesNode, KubernetesPartitionParams, KubernetesPartitionStatus, WorkloadOwner } from '../interface';
import { ownerLabels, prepareManifest } from '../manifest';
import { createLibpodClient, libpodMessage, type LibpodClient } from './libpod';

export interface PodmanDriverConfig {
  clusterName: string;
  /** The libpod API socket (`podman system service unix://…`). */
  socketPath: string;
  /** Per console partition (a namespace): limits and launch parameters, from the cluster's settings. */
  namespaces: Record<string, { cpuMillicores?: number; memoryMb?: number; params?: Record<string, unknown> }>;
  timeoutMs?: number;
}

interface ContainerSummary {
  Id: string;
  State: string;
  Labels: Record<string, string> | null;
}
interface ContainerInspect {
  HostConfig?: { NanoCpus?: number; CpuQuota?: number; CpuPeriod?: number; Memory?: number };
}
interface EngineInfo {
  host?: { hostname?: string; cpus?: number; memTotal?: number };
  version?: { Version?: string };
}

const labelFilter = (...labels: string[]) => ({ filters: JSON.stringify({ label: labels }) });

/**
 * Each user's workloads share one bridge network of their own, created with podman's `isolate` option: traffic
 * between isolated networks is dropped, so one user's containers cannot reach another's (the network policy's
 * default), while a user's own pods reach each other.
 */
export const userNetworkName = (user: string): string =>
  /^[A-Za-z0-9][A-Za-z0-9_.-]{0,40}$/.test(user) ? `starlight-u-${user}` : `starlight-u-${createHash('sha256').update(user).digest('hex').slice(0, 16)}`;

/**
 * A container cluster on one podman engine (the embedded default of the container side): the host is the one
 * node, a console partition is a namespace — the workloads labelled `starlight.io/partition=<name>` — and a
 * user's workloads are those labelled `starlight.io/user=<name>`. Workloads are Kubernetes manifests run by the
 * engine's own `kube play`, so the same YAML runs on a real Kubernetes cluster.
 */
export function createPodmanDriver(config: PodmanDriverConfig, client: LibpodClient = createLibpodClient(config.socketPath, `cluster ${config.clusterName}`, config.timeoutMs)): KubernetesDriver {
  async function ok<T>(reply: Promise<{ status: number; body: unknown }>, what: string): Promise<T> {
    const r = await reply;
    if (r.status >= 200 && r.status < 300) return r.body as T;
    throw new AppError(Code.upstreamDown, `cluster ${config.clusterName}: ${what} failed: ${libpodMessage(r)}`);
  }
  /** The cpu millicores and memory MB that running containers hold (their limits). */
  async function held(containers: ContainerSummary[]): Promise<{ cpu: number; memory: number }> {
    const inspected = await Promise.all(containers.map((c) => ok<ContainerInspect>(client.call('GET', `/containers/${encodeURIComponent(c.Id)}/json`), 'reading a container')));
    let cpu = 0;
    let memory = 0;
    for (const c of inspected) {
      const h = c.HostConfig ?? {};
      if (h.NanoCpus) cpu += h.NanoCpus / 1e6;
      else if (h.CpuQuota && h.CpuQuota > 0 && h.CpuPeriod) cpu += (h.CpuQuota / h.CpuPeriod) * 1000;
      memory += (h.Memory ?? 0) / 2 ** 20;
    }
    return { cpu: Math.round(cpu), memory: Math.round(memory) };
  }
  async function ensureUserNetwork(user: string): Promise<string> {
    const name = userNetworkName(user);
    const exists = await client.call('GET', `/networks/${encodeURIComponent(name)}/exists`);
    if (exists.status === 204) return name;
    const created = await client.call('POST', '/networks/create', {
      body: JSON.stringify({ name, driver: 'bridge', options: { isolate: 'true' }, labels: { [ownerLabels.user]: user } }),
    });
    // 409: made at the same moment by another call
    if (created.status >= 300 && created.status !== 409) throw new AppError(Code.upstreamDown, `cluster ${config.clusterName}: the user's network could not be made: ${libpodMessage(created)}`);
    return name;
  }
  const running = async (labels: string[]): Promise<ContainerSummary[]> =>
    (await ok<ContainerSummary[]>(client.call('GET', '/containers/json', { query: labelFilter(...labels) }), 'listing containers')).filter((c) => c.State === 'running');

  return {
    kind: 'kubernetes',

    async listNodes(): Promise<KubernetesNode[]> {
      const info = await ok<EngineInfo>(client.call('GET', '/info'), 'reading the engine');
      const allocated = await held(await running([ownerLabels.user]));
      const name = info.host?.hostname ?? 'podman';
      return [
        {
          name,
          ready: true,
          cpuMillicores: (info.host?.cpus ?? 0) * 1000,
          memoryMb: Math.floor((info.host?.memTotal ?? 0) / 2 ** 20),
          cpuMillicoresAllocated: allocated.cpu,
          memoryMbAllocated: allocated.memory,
          labels: { 'kubernetes.io/hostname': name, 'starlight.io/engine': 'podman', 'starlight.io/engine-version': info.version?.Version ?? '' },
        },
      ];
    },

    async activeUsers(): Promise<string[]> {
      const users = (await running([ownerLabels.user])).map((c) => c.Labels?.[ownerLabels.user]).filter((u): u is string => !!u);
      return [...new Set(users)].sort();
    },

    async partitionStatus(namespace: string): Promise<KubernetesPartitionStatus> {
      const { cpu, memory } = await held(await running([`${ownerLabels.partition}=${namespace}`]));
      const quota = config.namespaces[namespace];
      return {
        namespace,
        phase: 'Active',
        cpuMillicoresUsed: cpu,
        cpuMillicoresLimit: quota?.cpuMillicores ?? null,
        memoryMbUsed: memory,
        memoryMbLimit: quota?.memoryMb ?? null,
      };
    },

    async partitionParams(namespace: string): Promise<KubernetesPartitionParams | null> {
      const params = config.namespaces[namespace]?.params;
      return params ? { namespace, params } : null;
    },

    async apply(manifest: string, owner: WorkloadOwner) {
      const prepared = prepareManifest(manifest, owner);
      const network = await ensureUserNetwork(owner.user);
      const reply = await client.call('POST', '/play/kube', { query: { start: 'true', network }, body: prepared.yaml, contentType: 'application/yaml', timeoutMs: 120_000 });
      if (reply.status >= 300) {
        // nothing half-created: what the engine made before it failed is removed again
        await client.call('DELETE', '/play/kube', { body: prepared.yaml, contentType: 'application/yaml', timeoutMs: 60_000 }).catch(() => undefined);
        throw new AppError(reply.status >= 500 ? Code.upstreamDown : Code.invalidInput, `cluster ${config.clusterName}: the workload could not start: ${libpodMessage(reply)}`, {
          fields: [{ path: 'body.manifest', message: libpodMessage(reply) }],
        });
      }
      return { pods: prepared.pods, yaml: prepared.yaml };
    },

    async remove(manifest: string): Promise<void> {
      await ok(client.call('DELETE', '/play/kube', { body: manifest, contentType: 'application/yaml', timeoutMs: 60_000 }), 'removing a workload');
    },

    close: async () => undefined,
  };
}
