import { z } from 'zod';
import { appDetailSchema, appSchema } from '@starlight/contract/apps';
import { apiSpec } from '../../../lib/api-client';
import { uploadFields, type AppFiles } from '../import-files';

/**
 * Everything the designer reads and writes, behind one small interface so the page never knows
 * the server's paths. `appsApiSource` follows the apps module's API (issue 10 items 1–2, built in
 * with it): GET /app/apps, GET /app/apps/:name, POST /app/apps, POST /app/apps/:name/versions,
 * POST /app/validate, and the public GET /app/public/:name; replies parsed with its contract schemas.
 */
export interface CatalogueApp {
  name: string;
  title: string;
  class: string;
  /** The CWL text of the app's latest version, exactly as written. */
  cwl: string;
}
export interface LoadedApp extends CatalogueApp, AppFiles {
  version: number;
  visibility: string;
}
export interface ValidationResult {
  valid: boolean;
  /** Engine messages against the field they name (`steps.sort.run`). */
  fields: { path: string; message: string }[];
}
export interface DesignerSource {
  listCatalogue(signal?: AbortSignal): Promise<CatalogueApp[]>;
  loadApp(name: string, signal?: AbortSignal): Promise<LoadedApp>;
  /** A new immutable version of an existing app (its main file name and other files kept); answers its number. */
  saveVersion(name: string, cwl: string, files?: Partial<AppFiles>): Promise<number>;
  /** A new app (private to its owner) holding this CWL as version 1 (an import: with its main file name and other files). */
  createApp(name: string, title: string, cwl: string, files?: Partial<AppFiles>): Promise<number>;
  validate(cwl: string, files?: Partial<AppFiles>): Promise<ValidationResult>;
  /** A public workflow, readable without login (the /workflow page). */
  loadPublic(name: string, signal?: AbortSignal): Promise<LoadedApp>;
}

// the apps module's own reply schemas (one contract for server and browser)
const appDetail = appDetailSchema;
const listReply = z.object({ list: z.array(appSchema), total: z.number() });
const savedReply = appDetailSchema;
const validateReply = z.object({ fields: z.array(z.object({ path: z.string(), message: z.string() })).default([]) }).passthrough();

const toLoaded = (d: z.infer<typeof appDetail>): LoadedApp => ({
  name: d.name,
  title: d.title,
  class: d.class,
  visibility: d.visibility,
  version: d.version.version,
  cwl: d.version.cwl,
  mainFile: d.version.main_file,
  files: d.version.files,
});
const path = (name: string) => `/app/apps/${encodeURIComponent(name)}`;

/** The catalogue is read a page of 100 at a time; each app's CWL comes from its detail call. */
const cataloguePageSize = 100;

export const appsApiSource: DesignerSource = {
  async listCatalogue(signal) {
    const rows = listReply.parse(await apiSpec('/app/apps', { query: { page: 1, page_size: cataloguePageSize }, signal }));
    const details = await Promise.all(rows.list.map(async (row) => toLoaded(appDetail.parse(await apiSpec(path(row.name), { signal })))));
    return details.filter((d) => d.class === 'CommandLineTool' || d.class === 'Workflow' || d.class === 'ExpressionTool');
  },
  async loadApp(name, signal) {
    return toLoaded(appDetail.parse(await apiSpec(path(name), { signal })));
  },
  async saveVersion(name, cwl, files) {
    return savedReply.parse(await apiSpec(`${path(name)}/versions`, { method: 'POST', body: { cwl, ...uploadFields(files) } })).version.version;
  },
  async createApp(name, title, cwl, files) {
    return savedReply.parse(await apiSpec('/app/apps', { method: 'POST', body: { name, title, cwl, ...uploadFields(files) } })).version.version;
  },
  async validate(cwl, files) {
    const reply = validateReply.parse(await apiSpec('/app/validate', { method: 'POST', body: { cwl, ...uploadFields(files) }, tolerated: [1400] }));
    return { valid: reply.fields.length === 0, fields: reply.fields };
  },
  async loadPublic(name, signal) {
    return toLoaded(appDetail.parse(await apiSpec(`/app/public/${encodeURIComponent(name)}`, { signal, auth: false })));
  },
};
