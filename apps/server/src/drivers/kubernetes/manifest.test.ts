import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { AppError } from '../../lib/app-error';
import { ownerLabels, prepareManifest } from './manifest';

const owner = { user: 'alice', namespace: 'web' };
const pod = (spec: string, extra = '') => `apiVersion: v1
kind: Pod
metadata:
  name: demo${extra}
spec:
${spec}`;
const container = (more = '') => `  containers:
  - name: main
    image: localhost/starlight/base:latest
    resources: { limits: { cpu: 500m, memory: 64Mi } }
${more}`;

function refusal(text: string): { path: string; message: string } {
  try {
    prepareManifest(text, owner);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.code).toBe(1400);
    return (e.spec as { fields: { path: string; message: string }[] }).fields[0]!;
  }
  throw new Error('the manifest was accepted');
}

describe('prepareManifest: what a workload may ask of the host', () => {
  it('labels every workload with its owner and partition, over any label the user wrote', () => {
    const text = `${pod(container())}`.replace('  name: demo', `  name: demo\n  labels: { "${ownerLabels.user}": bob, app: x }`);
    const { yaml, pods } = prepareManifest(text, owner);
    expect(pods).toEqual(['demo']);
    expect(parse(yaml).metadata.labels).toEqual({ app: 'x', [ownerLabels.user]: 'alice', [ownerLabels.partition]: 'web' });
  });

  it('labels a Deployment and its pod template, and keeps a Service beside it', () => {
    const text = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 1
  template:
    metadata: { labels: { app: web } }
    spec:
${container().replace(/^/gm, '    ')}
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { ports: [{ port: 80 }] }
`;
    const { yaml, pods } = prepareManifest(text, owner);
    expect(pods).toEqual(['web']);
    const docs = parseAllDocuments(yaml).map((d) => d.toJS());
    expect(docs[0].spec.template.metadata.labels).toMatchObject({ app: 'web', [ownerLabels.user]: 'alice' });
    expect(docs[1].kind).toBe('Service');
  });

  it.each([
    ['host network', pod(`  hostNetwork: true\n${container()}`), '0.spec.hostNetwork'],
    ['host PID namespace', pod(`  hostPID: true\n${container()}`), '0.spec.hostPID'],
    ['a hostPath volume', pod(`  volumes: [{ name: root, hostPath: { path: / } }]\n${container()}`), '0.spec.volumes.0'],
    ['a privileged container', pod(container('    securityContext: { privileged: true }')), '0.spec.containers.0.securityContext.privileged'],
    ['added capabilities', pod(container('    securityContext: { capabilities: { add: [SYS_ADMIN] } }')), '0.spec.containers.0.securityContext.capabilities.add'],
    ['uid 0 of the pod', pod(`  securityContext: { runAsUser: 0 }\n${container()}`), '0.spec.securityContext.runAsUser'],
    ['a host port on every address', pod(container('    ports: [{ containerPort: 80, hostPort: 18080 }]')), '0.spec.containers.0.ports.0.hostIP'],
    ['no limits', pod(container().replace('    resources: { limits: { cpu: 500m, memory: 64Mi } }\n', '')), '0.spec.containers.0.resources.limits'],
    ['no image', pod(container().replace('    image: localhost/starlight/base:latest\n', '')), '0.spec.containers.0.image'],
    ['a kind not offered', 'apiVersion: v1\nkind: Namespace\nmetadata: { name: kube-system }\n', '0.kind'],
    ['a name that is not a DNS name', pod(container(), '_X'), '0.metadata.name'],
    ['nothing to run', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c }\ndata: { a: b }\n', '0'],
    ['not YAML', 'kind: Pod\n  metadata: [', '0'],
  ])('refuses %s with 1400 naming the field', (_what, text, path) => {
    expect(refusal(text).path).toBe(`body.manifest.${path}`);
  });

  it('takes a host port published on 127.0.0.1 only', () => {
    expect(prepareManifest(pod(container("    ports: [{ containerPort: 80, hostPort: 18080, hostIP: '127.0.0.1' }]")), owner).pods).toEqual(['demo']);
  });
});
