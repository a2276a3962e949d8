import { Code } from '@starlight/contract/codes';
import type { AppParam } from '@starlight/contract/apps';
import { AppError } from '../../lib/app-error';
import type { AppParamRow, AppsRepo } from './apps.repo';

const toParam = (r: AppParamRow): AppParam => ({
  id: r.id,
  cluster: r.cluster,
  partition: r.partition,
  default_cpus: r.defaultCpus,
  max_cpus: r.maxCpus,
  default_memory_mb: r.defaultMemoryMb,
  max_memory_mb: r.maxMemoryMb,
  default_time_minutes: r.defaultTimeMinutes,
  max_time_minutes: r.maxTimeMinutes,
});

type Limits = { default_cpus?: number | null | undefined; max_cpus?: number | null | undefined; default_memory_mb?: number | null | undefined; max_memory_mb?: number | null | undefined; default_time_minutes?: number | null | undefined; max_time_minutes?: number | null | undefined };

/** App parameters per partition and the label relations of apps; callers passed the route's permission check. */
export function createAppAdminService(repo: AppsRepo) {
  return {
    params: async () => {
      const rows = (await repo.params()).map(toParam);
      return { list: rows, total: rows.length };
    },
    async saveParam(input: Limits & { cluster: string; partition: string }): Promise<AppParam> {
      for (const [d, m] of [['default_cpus', 'max_cpus'], ['default_memory_mb', 'max_memory_mb'], ['default_time_minutes', 'max_time_minutes']] as const) {
        const def = input[d];
        const max = input[m];
        if (def && max && def > max) throw new AppError(Code.invalidInput, `${d} is over ${m}`, { fields: [{ path: `body.${d}`, message: `at most ${m} (${max})` }] });
      }
      return toParam(
        await repo.saveParam({
          cluster: input.cluster,
          partition: input.partition,
          defaultCpus: input.default_cpus ?? null,
          maxCpus: input.max_cpus ?? null,
          defaultMemoryMb: input.default_memory_mb ?? null,
          maxMemoryMb: input.max_memory_mb ?? null,
          defaultTimeMinutes: input.default_time_minutes ?? null,
          maxTimeMinutes: input.max_time_minutes ?? null,
        }),
      );
    },
    async deleteParam(id: number) {
      if ((await repo.deleteParam(id)) === 0) throw new AppError(Code.notFound, `app parameter ${id} not found`);
    },
    relations: (q: { page: number; page_size: number; field_eq_app_id?: number | undefined; field_eq_label_id?: number | undefined }) =>
      repo.relations({ ...(q.field_eq_app_id ? { appId: q.field_eq_app_id } : {}), ...(q.field_eq_label_id ? { labelId: q.field_eq_label_id } : {}) }, (q.page - 1) * q.page_size, q.page_size),
    async relate(input: { app_id: number; label_id: number }) {
      if (!(await repo.byId(input.app_id))) throw new AppError(Code.invalidInput, `no app ${input.app_id}`, { fields: [{ path: 'body.app_id', message: 'no such app' }] });
      if (!(await repo.labelExists(input.label_id))) throw new AppError(Code.invalidInput, `no label ${input.label_id}`, { fields: [{ path: 'body.label_id', message: 'no such label' }] });
      await repo.relate(input.app_id, input.label_id);
      return input;
    },
    async unrelate(input: { app_id: number; label_id: number }) {
      if ((await repo.unrelate(input.app_id, input.label_id)) === 0) throw new AppError(Code.notFound, 'no such label on that app');
    },
  };
}

export type AppAdminService = ReturnType<typeof createAppAdminService>;
