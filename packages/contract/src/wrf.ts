import { z } from 'zod';

/**
 * /storage/wrf (spec §2): a WRF case launched as the application center's shipped `wrf` app. Whether WRF
 * is installed is asked per cluster (its executables on the PATH jobs of that cluster get).
 */
export const wrfAppName = 'wrf';
/** What the app runs, in order; all must be found for WRF to count as installed. */
export const wrfExecutables = ['real.exe', 'wrf.exe'] as const;

export const wrfStatusQuerySchema = z.object({ cluster: z.string().min(1).max(64).optional() });
export const wrfStatusSchema = z.object({
  /** The shipped app is in the catalogue and the caller may launch it. */
  app: z.boolean(),
  cluster: z.string(),
  installed: z.boolean(),
  /** Executables not found on the cluster. */
  missing: z.array(z.string()),
  /** Where they were found (name → path), when installed. */
  found: z.record(z.string(), z.string()),
  message: z.string(),
});
export type WrfStatus = z.infer<typeof wrfStatusSchema>;

/** A plain folder name for the case (its namelists land in ~/wrf-cases/<case_name>/). */
const caseName = z.string().trim().min(1, 'required').max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, _ . -');
const namelist = z.string().min(1, 'required').max(65_536);
/** A folder of the caller's storage holding the met_em.d01.* files (WPS output). */
const homeFolder = z.string().min(1, 'required').max(1024).regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^\p{Cc}]*$/u, 'a path inside your home (relative, no "..")');

export const wrfLaunchSchema = z
  .object({
    cluster: z.string().min(1).max(64).optional(),
    partition: z.string().min(1).max(64).regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/),
    case_name: caseName,
    namelist_input: namelist,
    namelist_wps: namelist,
    met_em_path: homeFolder,
    cpus: z.number().int().min(1).max(4096).optional(),
    time_limit_minutes: z.number().int().min(1).max(527_040).optional(),
  })
  .strict();
export type WrfLaunch = z.infer<typeof wrfLaunchSchema>;
