import type { SchedulerNode, SchedulerPartition } from '../interface';
import { num, str } from './map-jobs';
import type { SlurmJson } from './rest-client';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** `/slurm/vX/nodes` entry. v0.0.36 leaves alloc_cpus and partitions null; they read as 0 and []. */
export function mapSlurmNode(raw: SlurmJson): SchedulerNode {
  const cpusTotal = num(raw.cpus) ?? 0;
  const idle = num(raw.idle_cpus);
  return {
    name: str(raw.name),
    state: str(raw.state).toLowerCase() || 'unknown',
    stateFlags: strings(raw.state_flags).map((flag) => flag.toUpperCase()),
    cpusTotal,
    cpusAlloc: num(raw.alloc_cpus) ?? (idle === null ? 0 : cpusTotal - idle),
    memoryTotalMb: num(raw.real_memory) ?? 0,
    memoryAllocMb: num(raw.alloc_memory),
    partitions: strings(raw.partitions),
    ...(str(raw.address) && str(raw.address) !== str(raw.name) ? { address: str(raw.address) } : {}),
  };
}

/** `/slurm/vX/partitions` entry; max_time_limit is minutes, absent or negative when unlimited. */
export function mapSlurmPartition(raw: SlurmJson): SchedulerPartition {
  const maxTime = num(raw.max_time_limit);
  return {
    name: str(raw.name),
    state: str(raw.state).toUpperCase() || 'UNKNOWN',
    totalCpus: num(raw.total_cpus) ?? 0,
    totalNodes: num(raw.total_nodes) ?? 0,
    maxTimeMinutes: maxTime === null || maxTime < 0 || maxTime >= 0xfffffffe ? null : maxTime,
    isDefault: strings(raw.flags).some((flag) => flag.toLowerCase() === 'default'),
  };
}
