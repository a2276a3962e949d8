import { Code } from '@starlight/contract/codes';
import type { App, AppCreate, AppDetail, AppSave } from '@starlight/contract/apps';
import { appCreateSchema, appSaveSchema } from '@starlight/contract/apps';
import type { List } from '@starlight/contract/envelope';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AccountsService } from '../identity/accounts.service';
import type { AppRow, AppsRepo, AppVersionRow } from './apps.repo';
import { isUniqueViolation } from './apps.repo';
import { checkUpload, type CheckedUpload } from './cwl-check';
import type { RunsRepo } from './runs.repo';

export interface AppsDeps {
  repo: AppsRepo;
  runs: RunsRepo;
  accounts: Pick<AccountsService, 'groupMateIds' | 'findUser'>;
  now?: () => Date;
  /** Tests replace the engine check only where the engine is not the subject. */
  check?: typeof checkUpload;
}

/** The caller of a public read: owns nothing, holds no key. */
const nobody: Actor = { userId: -1, userName: '', status: 0, permissions: [], sessionId: -1, tokenType: 'shortTerm' };
const isAdmin = (actor: Actor) => actor.permissions.includes('create_app_by_admin');
/** Another user's private app answers exactly as a missing one. */
const missing = (name: string) => new AppError(Code.notFound, `app ${name} not found`);

/** The catalogue: who sees and changes which app, and the save pipeline (parse → references → cwltool). */
export function createAppsService({ repo, runs, accounts, now = () => new Date(), check = checkUpload }: AppsDeps) {
  async function mates(userId: number): Promise<number[]> {
    return accounts.groupMateIds(userId);
  }

  async function mayRead(actor: Actor, app: AppRow): Promise<boolean> {
    if (app.visibility === 'public' || app.ownerUserId === actor.userId || isAdmin(actor)) return true;
    return app.visibility === 'group' && app.ownerUserId !== null && (await mates(actor.userId)).includes(app.ownerUserId);
  }

  async function mayWrite(actor: Actor, app: AppRow): Promise<boolean> {
    if (isAdmin(actor)) return true;
    if (app.ownerKind === 'platform') return false;
    if (app.ownerUserId === actor.userId) return true;
    return app.ownerKind === 'group' && app.ownerUserId !== null && (await mates(actor.userId)).includes(app.ownerUserId);
  }

  async function readable(actor: Actor, name: string): Promise<AppRow> {
    const app = await repo.byName(name);
    if (!app || !(await mayRead(actor, app))) throw missing(name);
    return app;
  }

  async function writable(actor: Actor, name: string): Promise<AppRow> {
    const app = await readable(actor, name);
    if (!(await mayWrite(actor, app))) throw new AppError(Code.forbidden, `app ${name} belongs to someone else`);
    return app;
  }

  const toApp = (actor: Actor, row: AppRow, labels: App['labels']): App => ({
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    icon: row.icon,
    owner_kind: row.ownerKind as App['owner_kind'],
    owner_user_name: row.ownerUserName,
    visibility: row.visibility as App['visibility'],
    class: row.cwlClass,
    latest_version: row.latestVersion,
    labels,
    mine: row.ownerUserId === actor.userId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  /** Only apps the caller may read are usable as steps (`run: <name>.cwl`); their latest version is pinned. */
  async function validate(actor: Actor, input: ReturnType<typeof appSaveSchema.parse>, engine = true): Promise<CheckedUpload & { pinned: { name: string; version: number }[] }> {
    const files = { ...input.files, [input.main_file]: input.cwl };
    const candidates = new Set<string>();
    for (const text of Object.values(files)) for (const m of text.matchAll(/run:\s*["']?([a-z][a-z0-9-]{0,29}[a-z0-9])\.cwl/g)) candidates.add(m[1]!);
    const visible = new Map<string, AppRow>();
    for (const name of candidates) {
      const app = await repo.byName(name);
      if (app && (await mayRead(actor, app))) visible.set(name, app);
    }
    const texts = async (names: string[]) => {
      const out: Record<string, string> = {};
      for (const name of names) {
        const app = visible.get(name)!;
        out[name] = (await repo.version(app.id, app.latestVersion))!.cwlText;
      }
      return out;
    };
    const checked = await check(files, input.main_file, texts, (name) => visible.has(name), engine);
    return { ...checked, pinned: checked.uses.map((name) => ({ name, version: visible.get(name)!.latestVersion })) };
  }

  const versionValues = (actor: Actor, input: ReturnType<typeof appSaveSchema.parse>, checked: Awaited<ReturnType<typeof validate>>) => ({
    mainFile: input.main_file,
    cwlText: input.cwl,
    files: input.files,
    parsed: checked.parsed,
    cwlClass: checked.cwlClass,
    inputs: checked.inputs,
    outputs: checked.outputs,
    resources: checked.resources,
    uses: checked.pinned,
    createdBy: actor.userId,
  });

  const docString = (parsed: Record<string, unknown>, key: 'label' | 'doc'): string | undefined => {
    const value = parsed[key];
    return typeof value === 'string' ? value : Array.isArray(value) ? value.join('\n') : undefined;
  };

  async function detail(actor: Actor, app: AppRow, version: AppVersionRow): Promise<AppDetail> {
    const labels = (await repo.labelsOf([app.id])).get(app.id) ?? [];
    return {
      ...toApp(actor, app, labels),
      versions: await repo.versionNumbers(app.id),
      version: {
        version: version.version,
        main_file: version.mainFile,
        class: version.cwlClass,
        cwl: version.cwlText,
        files: version.files,
        inputs: version.inputs as AppDetail['version']['inputs'],
        outputs: version.outputs as AppDetail['version']['outputs'],
        resources: version.resources,
        uses: version.uses,
        pinned_by_runs: await runs.pinnedCount(version.id),
        created_by: null,
        created_at: version.createdAt.toISOString(),
      },
    };
  }

  return {
    readable,
    mayWrite,

    async list(actor: Actor, query: { page: number; page_size: number; field_lk_name?: string | undefined; field_eq_label?: number[] | undefined; scope: 'visible' | 'mine' | 'all' }): Promise<List<App>> {
      if (query.scope === 'all' && !isAdmin(actor)) throw new AppError(Code.forbidden, 'listing every app needs create_app_by_admin');
      const filter = {
        ...(query.field_lk_name ? { nameContains: query.field_lk_name } : {}),
        ...(query.field_eq_label ? { labelIds: query.field_eq_label } : {}),
        ...(query.scope === 'mine' ? { ownedBy: actor.userId } : {}),
        ...(query.scope === 'visible' && !isAdmin(actor) ? { visibleTo: { userId: actor.userId, groupOwnerIds: await mates(actor.userId) } } : {}),
      };
      const { rows, total } = await repo.page(filter, (query.page - 1) * query.page_size, query.page_size);
      const labels = await repo.labelsOf(rows.map((r) => r.id));
      return { list: rows.map((r) => toApp(actor, r, labels.get(r.id) ?? [])), total };
    },

    async get(actor: Actor, name: string, versionNumber?: number): Promise<AppDetail> {
      const app = await readable(actor, name);
      const version = await repo.version(app.id, versionNumber ?? app.latestVersion);
      if (!version) throw new AppError(Code.notFound, `app ${name} has no version ${versionNumber}`);
      return detail(actor, app, version);
    },

    /**
     * A public app for a caller without a session (the public /workflow page): a private or group app answers
     * exactly like a missing one, so its name is not revealed.
     */
    async getPublic(name: string, versionNumber?: number): Promise<AppDetail> {
      const app = await repo.byName(name);
      if (!app || app.visibility !== 'public') throw missing(name);
      const version = await repo.version(app.id, versionNumber ?? app.latestVersion);
      if (!version) throw missing(name);
      return detail(nobody, app, version);
    },

    /** The stored text of one file of a version, byte for byte as it was uploaded. */
    async exportText(actor: Actor, name: string, versionNumber?: number, file?: string): Promise<{ fileName: string; text: string }> {
      const app = await readable(actor, name);
      const version = await repo.version(app.id, versionNumber ?? app.latestVersion);
      if (!version) throw new AppError(Code.notFound, `app ${name} has no version ${versionNumber}`);
      if (!file || file === version.mainFile) return { fileName: version.mainFile.split('/').pop()!, text: version.cwlText };
      const text = version.files[file];
      if (text === undefined) throw new AppError(Code.notFound, `app ${name} has no file ${file}`);
      return { fileName: file.split('/').pop()!, text };
    },

    async validateOnly(actor: Actor, raw: AppSave) {
      const input = appSaveSchema.parse(raw);
      const checked = await validate(actor, input);
      return { class: checked.cwlClass, inputs: checked.inputs, outputs: checked.outputs, uses: checked.pinned };
    },

    /** `trusted`: the console's own demo texts (validated by cwltool in the apps test), saved without the engine. */
    async create(actor: Actor, raw: AppCreate, { trusted = false } = {}): Promise<AppDetail> {
      const input = appCreateSchema.parse(raw);
      if (input.owner_kind === 'platform' && !isAdmin(actor)) throw new AppError(Code.forbidden, 'platform apps need create_app_by_admin');
      if (await repo.byName(input.name)) throw new AppError(Code.conflict, `the app name ${input.name} is taken`, { fields: [{ path: 'body.name', message: 'taken' }] });
      const checked = await validate(actor, input, !trusted);
      const parsedTitle = docString(checked.parsed, 'label');
      try {
        await repo.create(
          {
            name: input.name,
            title: input.title ?? parsedTitle ?? input.name,
            description: input.description ?? docString(checked.parsed, 'doc') ?? '',
            icon: input.icon ?? '',
            ownerKind: input.owner_kind,
            ownerUserId: input.owner_kind === 'platform' ? null : actor.userId,
            visibility: input.visibility,
            cwlClass: checked.cwlClass,
          },
          versionValues(actor, input, checked),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(Code.conflict, `the app name ${input.name} is taken`, { fields: [{ path: 'body.name', message: 'taken' }] });
        throw error;
      }
      return this.get(actor, input.name);
    },

    /** Each save is a new immutable version; runs keep the one they pinned. */
    async saveVersion(actor: Actor, name: string, raw: AppSave): Promise<AppDetail> {
      const app = await writable(actor, name);
      const input = appSaveSchema.parse(raw);
      const checked = await validate(actor, input);
      const version = await repo.addVersion(app.id, versionValues(actor, input, checked), now());
      const patch = { ...(input.title ? { title: input.title } : {}), ...(input.description !== undefined ? { description: input.description } : {}), ...(input.icon !== undefined ? { icon: input.icon } : {}) };
      if (Object.keys(patch).length) await repo.update(app.id, patch);
      return this.get(actor, name, version);
    },

    async patch(actor: Actor, name: string, patch: { title?: string | undefined; description?: string | undefined; icon?: string | undefined; visibility?: 'private' | 'group' | 'public' | undefined }): Promise<AppDetail> {
      const app = await writable(actor, name);
      const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      await repo.update(app.id, { ...values, updatedAt: now() });
      return this.get(actor, name);
    },

    /** /app/manage: hand an app to a user, their group, or the platform. */
    async transfer(actor: Actor, name: string, to: { owner_kind: 'user' | 'group' | 'platform'; user_name?: string | undefined }): Promise<AppDetail> {
      const app = await readable(actor, name);
      let ownerUserId: number | null = null;
      if (to.owner_kind !== 'platform') {
        if (!to.user_name) throw new AppError(Code.invalidInput, 'name the new owner', { fields: [{ path: 'body.user_name', message: 'required unless platform' }] });
        const user = await accounts.findUser(to.user_name);
        if (!user) throw new AppError(Code.invalidInput, `no user ${to.user_name}`, { fields: [{ path: 'body.user_name', message: 'no such user' }] });
        ownerUserId = user.id;
      }
      await repo.update(app.id, { ownerKind: to.owner_kind, ownerUserId, updatedAt: now() });
      return this.get(actor, name);
    },

    /** /app/manage: a version no run pins may go (the latest one stays: an app always has one). */
    async deleteVersion(actor: Actor, name: string, versionNumber: number): Promise<void> {
      const app = await readable(actor, name);
      const version = await repo.version(app.id, versionNumber);
      if (!version) throw new AppError(Code.notFound, `app ${name} has no version ${versionNumber}`);
      if (versionNumber === app.latestVersion) throw new AppError(Code.conflict, 'the latest version cannot be deleted; save a new one first');
      const pins = await runs.pinnedCount(version.id);
      if (pins > 0) throw new AppError(Code.conflict, `version ${versionNumber} is pinned by ${pins} run(s)`);
      await repo.deleteVersion(version.id);
    },
  };
}

export type AppsService = ReturnType<typeof createAppsService>;
