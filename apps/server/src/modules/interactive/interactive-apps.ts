import { readFileSync } from 'node:fs';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { desktopFieldsSchema, desktopResolutions, jupyterFieldsSchema, type InteractiveApp, type InteractiveAppId } from '@starlight/contract/interactive';
import { findServerRoot } from '../../lib/paths';
import { jupyterActivity, probeJupyter, probeWebsockifyVnc, type ProbeTarget } from './app-probes';

/**
 * The registry of interactive app kinds. Each is a launch script (a fixed text in `apps/*.sh`, run as a batch
 * job of the bound account) plus the environment the form's values reach it through: template values are
 * never pasted into the script. At merge, the application center lists these as apps of kind `interactive`.
 */
export interface InteractiveAppKind {
  id: InteractiveAppId;
  /** Debian packages that provide the programs (shown when missing). */
  packages: string[];
  /** Programs the script runs, looked for on this host's PATH (the local cluster's node). */
  programs: string[];
  fieldsSchema: z.ZodType<Record<string, unknown>>;
  fields: InteractiveApp['fields'];
  /** The app-specific environment of the launch script (validated fields only). */
  env(fields: Record<string, unknown>): Record<string, string>;
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
    packages: ['jupyter-notebook'],
    programs: ['jupyter-notebook'],
    fieldsSchema: jupyterFieldsSchema,
    fields: [],
    env: () => ({}),
    probe: probeJupyter,
    entry: (secret) => `tree?token=${encodeURIComponent(secret)}`,
    activity: jupyterActivity,
  },
  desktop: {
    id: 'desktop',
    packages: ['tigervnc-standalone-server', 'tigervnc-tools', 'websockify', 'x11-utils', 'twm', 'xterm'],
    programs: ['Xtigervnc', 'vncpasswd', 'websockify', 'xmessage', 'twm', 'xterm'],
    fieldsSchema: desktopFieldsSchema,
    fields: [{ name: 'resolution', kind: 'select', options: [...desktopResolutions], default: '1280x800' }],
    env: (fields) => ({ SL_RESOLUTION: String(fields.resolution) }),
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

/** The catalogue entries: what each app asks and whether this host has its programs. */
export function describeApps(): InteractiveApp[] {
  return Object.values(interactiveApps).map((app) => ({
    id: app.id,
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
