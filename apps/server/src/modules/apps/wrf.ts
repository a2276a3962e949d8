import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { Code } from '@starlight/contract/codes';
import type { Run } from '@starlight/contract/apps';
import { wrfAppName, wrfExecutables, type WrfLaunch, type WrfStatus } from '@starlight/contract/wrf';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { BindingService } from '../binding/binding.service';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { AppsService } from './apps.service';
import type { RunsService } from './runs.service';
import { writeText } from './run-files';

/**
 * The shipped WRF app (spec §2 /storage/wrf): real.exe then wrf.exe in the run's working folder, with the
 * namelists the page generated and the WPS output (met_em.d0*) linked in. Seeded with the platform apps.
 */
export const wrfApp = {
  name: wrfAppName,
  icon: '🌦',
  cwl: `cwlVersion: v1.2
class: CommandLineTool
label: WRF (real.exe + wrf.exe)
doc: |
  Weather Research and Forecasting: runs real.exe (initial and boundary conditions from the WPS met_em files)
  and then wrf.exe with the given namelist.input. Needs WRF's real.exe and wrf.exe on the PATH of the cluster's jobs.
requirements:
  InitialWorkDirRequirement:
    listing:
      - entryname: namelist.input
        entry: $(inputs.namelist_input)
      - entryname: namelist.wps
        entry: $(inputs.namelist_wps)
baseCommand: [sh, -c]
arguments:
  - 'ln -sf "$(inputs.met_em.path)"/met_em.d0* . && real.exe && wrf.exe'
inputs:
  namelist_input:
    type: File
    label: namelist.input
  namelist_wps:
    type: File
    label: namelist.wps
  met_em:
    type: Directory
    label: WPS output (met_em.d0* files)
outputs:
  wrfout:
    type: File[]
    outputBinding: {glob: "wrfout_d0*"}
  rsl:
    type: File[]
    outputBinding: {glob: "rsl.*"}
`,
};

/** Folders looked in besides the PATH: where WRF builds usually land, and STARLIGHT_WRF_PATH (colon-separated). */
const wrfDirs = () => [
  ...(process.env.STARLIGHT_WRF_PATH ?? '').split(path.delimiter).filter(Boolean),
  ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  '/usr/local/bin',
  '/usr/bin',
  '/opt/wrf/main',
  '/opt/WRF/main',
  '/usr/local/wrf/main',
  '/usr/local/WRF/main',
];

async function find(name: string): Promise<string | null> {
  for (const dir of wrfDirs()) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface WrfDeps {
  apps: Pick<AppsService, 'readable'>;
  runs: Pick<RunsService, 'launch'>;
  clusters: Pick<ClustersService, 'rowByName' | 'enabledHpcRows' | 'files'>;
  binding: Pick<BindingService, 'accountOf'>;
  /** Where WRF's executables are looked for on a cluster (default: this host's PATH and WRF's usual folders). */
  locate?: (cluster: ClusterRow, name: string) => Promise<string | null>;
}

/**
 * Whether WRF can run on a cluster, and its launch. The local cluster's jobs and this site's Slurm nodes
 * run on this host, so real.exe and wrf.exe are looked for here (the PATH jobs get, WRF's usual folders,
 * STARLIGHT_WRF_PATH); a launch where they are missing is refused before anything is written.
 */
export function createWrfService({ apps, runs, clusters, binding, locate = (_cluster, name) => find(name) }: WrfDeps) {
  const clusterOf = async (name: string | undefined): Promise<ClusterRow> => {
    const row = name ? await clusters.rowByName(name) : (await clusters.enabledHpcRows())[0];
    if (!row || !row.enabled || row.kind !== 'hpc') throw new AppError(Code.invalidInput, `unknown cluster ${name ?? ''}`.trim(), { fields: [{ path: 'cluster', message: 'unknown cluster' }] });
    return row;
  };

  async function status(actor: Actor, clusterName: string | undefined, field = 'query.cluster'): Promise<WrfStatus> {
    const cluster = await clusterOf(clusterName).catch((error: unknown) => {
      if (error instanceof AppError) throw new AppError(Code.invalidInput, error.message, { fields: [{ path: field, message: 'unknown cluster' }] });
      throw error;
    });
    const app = await apps.readable(actor, wrfAppName).then(
      () => true,
      () => false,
    );
    const found: Record<string, string> = {};
    const missing: string[] = [];
    for (const name of wrfExecutables) {
      const where = await locate(cluster, name);
      if (where) found[name] = where;
      else missing.push(name);
    }
    const installed = missing.length === 0;
    const message = !app
      ? `the application center has no ${wrfAppName} app: an administrator must add it`
      : installed
        ? `WRF is installed on cluster ${cluster.name}`
        : `WRF is not installed on cluster ${cluster.name}: ${missing.join(' and ')} not found on the PATH of its jobs. Ask an administrator to install WRF (or set STARLIGHT_WRF_PATH) before launching`;
    return { app, cluster: cluster.name, installed: installed && app, missing, found, message };
  }

  return {
    status: (actor: Actor, cluster?: string) => status(actor, cluster),
    /** Refused (1400 on body.cluster) without WRF; otherwise the namelists go to ~/wrf-cases/<case>/ and the app is launched. */
    async launch(actor: Actor, input: WrfLaunch): Promise<Run> {
      const state = await status(actor, input.cluster, 'body.cluster');
      if (!state.installed) throw new AppError(Code.invalidInput, state.message, { fields: [{ path: 'body.cluster', message: state.message }] });
      const account = await binding.accountOf(actor.userId);
      if (!account) throw new AppError(Code.forbidden, 'bind a system account before launching apps');
      const cluster = await clusterOf(state.cluster);
      const files = await clusters.files(cluster);
      if (!files) throw new AppError(Code.upstreamDown, `cluster ${cluster.name} has no file access for runs`);
      const identity = { account };
      const met = await files.stat(identity, input.met_em_path).catch(() => null);
      if (!met || met.type !== 'dir') throw new AppError(Code.invalidInput, `${input.met_em_path} is not a folder of your storage`, { fields: [{ path: 'body.met_em_path', message: 'not a folder of your storage' }] });
      const dir = path.posix.join('wrf-cases', input.case_name);
      await writeText(files, identity, `${dir}/namelist.input`, input.namelist_input);
      await writeText(files, identity, `${dir}/namelist.wps`, input.namelist_wps);
      return runs.launch(actor, wrfAppName, {
        cluster: cluster.name,
        partition: input.partition,
        ...(input.cpus ? { cpus: input.cpus } : {}),
        ...(input.time_limit_minutes ? { time_limit_minutes: input.time_limit_minutes } : {}),
        job_order: {
          namelist_input: { class: 'File', path: `${dir}/namelist.input` },
          namelist_wps: { class: 'File', path: `${dir}/namelist.wps` },
          met_em: { class: 'Directory', path: input.met_em_path },
        },
      });
    },
  };
}

export type WrfService = ReturnType<typeof createWrfService>;
