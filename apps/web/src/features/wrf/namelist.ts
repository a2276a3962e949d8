/** A WRF case as the form holds it: one domain, a period, a time step. */
export interface WrfCase {
  start: string; // YYYY-MM-DD HH
  end: string;
  lat: number;
  lon: number;
  dxKm: number;
  eWe: number;
  eSn: number;
  intervalHours: number;
}

const wrfTime = (value: string) => `${value.slice(0, 10)}_${value.slice(11, 13) || '00'}:00:00`;
const parts = (value: string) => ({ y: value.slice(0, 4), m: value.slice(5, 7), d: value.slice(8, 10), h: value.slice(11, 13) || '00' });

/** namelist.wps and namelist.input for one domain (Lambert conformal around the centre). */
export function namelists(c: WrfCase): { wps: string; input: string } {
  const dx = Math.round(c.dxKm * 1000);
  const s = parts(c.start);
  const e = parts(c.end);
  const hours = Math.max(0, Math.round((Date.parse(`${c.end.slice(0, 10)}T${e.h}:00:00Z`) - Date.parse(`${c.start.slice(0, 10)}T${s.h}:00:00Z`)) / 3_600_000));
  const wps = `&share
 wrf_core = 'ARW',
 max_dom = 1,
 start_date = '${wrfTime(c.start)}',
 end_date   = '${wrfTime(c.end)}',
 interval_seconds = ${c.intervalHours * 3600},
/
&geogrid
 e_we = ${c.eWe},
 e_sn = ${c.eSn},
 dx = ${dx},
 dy = ${dx},
 map_proj = 'lambert',
 ref_lat = ${c.lat},
 ref_lon = ${c.lon},
 truelat1 = ${c.lat},
 truelat2 = ${c.lat},
 stand_lon = ${c.lon},
 geog_data_res = 'default',
/
&ungrib
 out_format = 'WPS',
 prefix = 'FILE',
/
&metgrid
 fg_name = 'FILE',
/
`;
  const input = `&time_control
 run_hours = ${hours},
 start_year = ${s.y}, start_month = ${s.m}, start_day = ${s.d}, start_hour = ${s.h},
 end_year = ${e.y}, end_month = ${e.m}, end_day = ${e.d}, end_hour = ${e.h},
 interval_seconds = ${c.intervalHours * 3600},
 history_interval = 60,
 io_form_history = 2,
/
&domains
 time_step = ${Math.max(1, Math.floor(6 * c.dxKm))},
 max_dom = 1,
 e_we = ${c.eWe},
 e_sn = ${c.eSn},
 e_vert = 45,
 dx = ${dx},
 dy = ${dx},
/
&physics
 mp_physics = 8, ra_lw_physics = 4, ra_sw_physics = 4, sf_sfclay_physics = 1,
 sf_surface_physics = 2, bl_pbl_physics = 1, cu_physics = ${c.dxKm >= 10 ? 1 : 0},
/
`;
  return { wps, input };
}

/** What makes the case impossible, field by field (the form shows these). */
export function caseErrors(c: WrfCase): Partial<Record<keyof WrfCase, string>> {
  const errors: Partial<Record<keyof WrfCase, string>> = {};
  if (!(Date.parse(c.end.slice(0, 10)) >= Date.parse(c.start.slice(0, 10)))) errors.end = 'endBeforeStart';
  if (c.lat < -90 || c.lat > 90) errors.lat = 'range';
  if (c.lon < -180 || c.lon > 180) errors.lon = 'range';
  return errors;
}
