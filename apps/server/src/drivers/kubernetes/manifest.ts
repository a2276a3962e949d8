import { Code } from '@starlight/contract/codes';
import { isMap, parseAllDocuments, stringify } from 'yaml';
import { AppError } from '../../lib/app-error';
import type { WorkloadOwner } from './interface';

/** The labels that say whose a workload is and which console partition (namespace) it counts in. */
export const ownerLabels = { user: 'starlight.io/user', partition: 'starlight.io/partition' } as const;

const allowedKinds = new Set(['Pod', 'Deployment', 'Service', 'ConfigMap']);
const dnsName = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function refuse(path: string, message: string): never {
  throw new AppError(Code.invalidInput, `${path}: ${message}`, { fields: [{ path: `body.manifest.${path}`, message }] });
}

/** What a workload may not ask of the host: its namespaces, its files, privileges, ports on every address. */
function checkPodSpec(spec: Json | undefined, at: string): void {
  if (!spec) refuse(at, 'a pod spec is required');
  for (const key of ['hostNetwork', 'hostPID', 'hostIPC', 'hostUsers'] as const)
    if (spec[key] === true) refuse(`${at}.${key}`, 'the host’s namespaces are not available to workloads');
  arr(spec.volumes).forEach((v, i) => {
    const volume = obj(v) ?? {};
    const kinds = Object.keys(volume).filter((k) => k !== 'name');
    if (kinds.some((k) => !['emptyDir', 'configMap', 'persistentVolumeClaim'].includes(k)))
      refuse(`${at}.volumes.${i}`, `volume type ${kinds.join(', ')} is not allowed (emptyDir, configMap and persistentVolumeClaim are)`);
  });
  const podSecurity = obj(spec.securityContext);
  if (podSecurity && podSecurity.runAsUser === 0) refuse(`${at}.securityContext.runAsUser`, 'workloads do not run as uid 0 of the host');
  const containers = [...arr(spec.initContainers), ...arr(spec.containers)];
  if (arr(spec.containers).length === 0) refuse(`${at}.containers`, 'at least one container is required');
  containers.forEach((c, i) => {
    const container = obj(c) ?? {};
    const where = `${at}.containers.${i}`;
    if (typeof container.image !== 'string' || !container.image) refuse(`${where}.image`, 'required');
    const security = obj(container.securityContext) ?? {};
    if (security.privileged === true) refuse(`${where}.securityContext.privileged`, 'privileged containers are not allowed');
    if (security.allowPrivilegeEscalation === true) refuse(`${where}.securityContext.allowPrivilegeEscalation`, 'not allowed');
    if (arr(obj(security.capabilities)?.add).length > 0) refuse(`${where}.securityContext.capabilities.add`, 'added capabilities are not allowed');
    const limits = obj(obj(container.resources)?.limits);
    if (!limits || limits.cpu === undefined || limits.memory === undefined)
      refuse(`${where}.resources.limits`, 'cpu and memory limits are required (they are what the partition counts and charges)');
    arr(container.ports).forEach((p, j) => {
      const port = obj(p) ?? {};
      if (port.hostPort !== undefined && port.hostIP !== '127.0.0.1')
        refuse(`${where}.ports.${j}.hostIP`, 'a host port is published on 127.0.0.1 only (the console proxies it to its owner)');
    });
  });
}

/**
 * A user's Kubernetes manifest (one or more YAML documents) made ready to run: only the kinds a console
 * partition offers, nothing that reaches the host, cpu and memory limits on every container, and the owner and
 * partition labels set by the console (a user cannot claim another's). The same text runs on podman's
 * `kube play` and on a Kubernetes API server.
 */
export function prepareManifest(text: string, owner: WorkloadOwner): { yaml: string; pods: string[] } {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) refuse('0', 'not YAML');
  const out: Json[] = [];
  const pods: string[] = [];
  docs.forEach((doc, i) => {
    if (doc.errors.length) refuse(String(i), doc.errors[0]!.message);
    if (!isMap(doc.contents)) refuse(String(i), 'each document is a Kubernetes object');
    const object = doc.toJS() as Json;
    const kind = object.kind;
    if (typeof kind !== 'string' || !allowedKinds.has(kind)) refuse(`${i}.kind`, `${String(kind)} is not offered (${[...allowedKinds].join(', ')} are)`);
    const metadata = obj(object.metadata) ?? refuse(`${i}.metadata`, 'required');
    const name = metadata.name;
    if (typeof name !== 'string' || !dnsName.test(name)) refuse(`${i}.metadata.name`, 'a lowercase DNS name (a-z, 0-9, -) of at most 63 characters');
    const labels = { ...(obj(metadata.labels) ?? {}), [ownerLabels.user]: owner.user, [ownerLabels.partition]: owner.namespace };
    object.metadata = { ...metadata, labels };
    const spec = obj(object.spec);
    if (kind === 'Pod') {
      checkPodSpec(spec, `${i}.spec`);
      pods.push(name);
    }
    if (kind === 'Deployment') {
      const template = obj(spec?.template) ?? refuse(`${i}.spec.template`, 'required');
      checkPodSpec(obj(template.spec), `${i}.spec.template.spec`);
      template.metadata = { ...(obj(template.metadata) ?? {}), labels: { ...(obj(obj(template.metadata)?.labels) ?? {}), ...labels } };
      pods.push(name);
    }
    out.push(object);
  });
  if (pods.length === 0) refuse('0', 'the manifest runs nothing: it needs a Pod or a Deployment');
  return { yaml: out.map((o) => stringify(o)).join('---\n'), pods };
}
