import { readFileSync } from 'node:fs';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { desktopResolutions, fieldEnvName, type AppField, type InteractiveApp, type InteractiveAppId } from '@starlight/contract/interactive';
import { findServerRoot } from '../../lib/paths';
import { jupyterActivity, probeJupyter, probeWebsockifyVnc, type ProbeTarget } from './app-probes';

/**
 * The registry of interactive apps, listed by the application center as apps of kind `interactive`. Each is a
 * card (title, description, icon, labels), the form fields its definition declares, and a launch script (a
 * fixed text in `apps/*.sh`, run as a batch job of the bound account). Field values are validated against the
 * definition and reach the script only as environment variables `SL_FIELD_<NAME>`: never pasted into it.
 */
export interface InteractiveAppKind {
  id: InteractiveAppId;
  title: string;
  description: string;
  icon: string;
  labels: string[];
  /** Debian packages that provide the programs (shown when missing). */
  packages: string[];
  /** Programs the script runs, looked for on this host's PATH (the local cluster's node). */
  programs: string[];
  /** The app's own form fields (validated by `validateFields`, handed over by `fieldsEnv`). */
  fields: AppField[];
  /** Answers true only when the service at the target is this app and it demands the secret. */
  probe(target: ProbeTarget): Promise<boolean>;
  /** Where the browser goes, relative to the proxy base (`…/proxy/`). */
  entry(secret: string): string;
  /**
   * When the app itself last saw activity, asked of the app with the secret (null: it cannot tell). Kinds
   * without it count what the browser sends through the proxy (a desktop viewer's input).
   */
  activity?(target: ProbeTarget, now: Date): Promise<Date | null>;
}

export const interactiveApps: Record<InteractiveAppId, InteractiveAppKind> = {
  jupyter: {
    id: 'jupyter',
    title: 'Jupyter Notebook',
    description: 'A Jupyter notebook server on a compute node, as your account, with your home as its folder.',
    icon: '📓',
    labels: ['interactive', 'python'],
    packages: ['jupyter-notebook'],
    programs: ['jupyter-notebook'],
    fields: [
      {
        name: 'python_path',
        label: 'Extra Python module path',
        help: 'Folders (separated by ":") added to PYTHONPATH for the notebook and its kernels, e.g. a project\'s virtual environment site-packages.',
        kind: 'text',
        max_length: 512,
        default: '',
      },
    ],
    probe: probeJupyter,
    entry: (secret) => `tree?token=${encodeURIComponent(secret)}`,
    activity: jupyterActivity,
  },
  desktop: {
    id: 'desktop',
    title: 'Remote desktop',
    description: 'A desktop (TigerVNC, twm and a terminal) on a compute node, as your account, shown in the browser with noVNC.',
    icon: '🖥️',
    labels: ['interactive', 'desktop'],
    packages: ['tigervnc-standalone-server', 'tigervnc-tools', 'websockify', 'x11-utils', 'twm', 'xterm'],
    programs: ['Xtigervnc', 'vncpasswd', 'websockify', 'xmessage', 'twm', 'xterm'],
    fields: [{ name: 'resolution', label: 'Resolution', kind: 'select', options: [...desktopResolutions], default: '1280x800' }],
    probe: probeWebsockifyVnc,
    entry: () => 'websockify',
  },
};

const scriptCache = new Map<InteractiveAppId, string>();

/** The whole launch script: the shared helpers, then the app's part (both fixed texts). */
export function launchScript(id: InteractiveAppId): string {
  let script = scriptCache.get(id);
  if (!script) {
    const dir = path.join(findServerRoot(), 'src', 'modules', 'interactive', 'apps');
    script = `#!/bin/bash\n${readFileSync(path.join(dir, 'common.sh'), 'utf8')}\n${readFileSync(path.join(dir, `${id}.sh`), 'utf8')}`;
    scriptCache.set(id, script);
  }
  return script;
}

function onPath(program: string): boolean {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    try {
      accessSync(path.join(dir, program), constants.X_OK);
      return true;
    } catch {
      // next
    }
  }
  return false;
}

export interface FieldIssue {
  path: string;
  message: string;
}

// C0 and C1 control characters (newline, tab, escape, NUL …): never accepted in a field
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Validates the launch's `fields` against the app's definition: unknown names refused, a select's value one of
 * its options, a text a string within its length and pattern and without control characters. Missing fields
 * take their default. Answers the values (strings) or the issues, each on `body.fields.<name>`.
 */
export function validateFields(defs: readonly AppField[], input: Record<string, unknown>): { values: Record<string, string> } | { issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const values: Record<string, string> = {};
  const at = (name: string) => `body.fields.${name}`;
  for (const name of Object.keys(input)) {
    if (!defs.some((d) => d.name === name)) issues.push({ path: at(name), message: 'this app has no such field' });
  }
  for (const def of defs) {
    const raw = input[def.name] ?? def.default;
    if (typeof raw !== 'string') {
      issues.push({ path: at(def.name), message: 'expected a string' });
      continue;
    }
    if (def.kind === 'select') {
      if (!def.options.includes(raw)) issues.push({ path: at(def.name), message: `one of ${def.options.join(', ')}` });
    } else if (raw.length > def.max_length) {
      issues.push({ path: at(def.name), message: `at most ${def.max_length} characters` });
    } else if (controlChars.test(raw)) {
      issues.push({ path: at(def.name), message: 'control characters (newline, tab …) are not allowed' });
    } else if (def.pattern !== undefined && raw !== '' && !new RegExp(`^(?:${def.pattern})$`, 'u').test(raw)) {
      issues.push({ path: at(def.name), message: `does not match ${def.pattern}` });
    }
    values[def.name] = raw;
  }
  return issues.length > 0 ? { issues } : { values };
}

/** The launch script's environment for validated field values: `SL_FIELD_<NAME>` each, nothing else. */
export function fieldsEnv(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [fieldEnvName(name), value]));
}

/** The catalogue entries (kind `interactive`): card, form fields, and whether this host has the programs. */
export function describeApps(): InteractiveApp[] {
  return Object.values(interactiveApps).map((app) => ({
    id: app.id,
    kind: 'interactive' as const,
    title: app.title,
    description: app.description,
    icon: app.icon,
    labels: app.labels,
    installed: app.programs.every(onPath),
    packages: app.packages,
    fields: app.fields,
  }));
}

/** Start-up notice: what to install for the apps whose programs this host lacks. */
export function missingAppsNotice(): string | null {
  const missing = describeApps().filter((app) => !app.installed);
  if (missing.length === 0) return null;
  return `interactive apps without their programs on this host: ${missing.map((app) => `${app.id} (apt-get install ${app.packages.join(' ')})`).join(', ')}`;
}
