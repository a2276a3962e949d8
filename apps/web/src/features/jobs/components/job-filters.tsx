import { DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { jobStates, type JobState } from '@starlight/contract/jobs';
import { useHasAnyPermission } from '../../../lib/permissions';
import type { JobListFilters } from '../api/get-jobs';
import { useAvailablePartitions } from '../api/get-available-partitions';

/** Who may ask for the available partitions (anyone else would get a 1403 toast). */
const partitionReaders = ['binded_account', 'kcluster_clusters_admin'];

interface JobFiltersProps {
  filters: JobListFilters;
  showUser?: boolean;
  /** Any change sends the list back to page 1. */
  onChange: (patch: Partial<JobListFilters>) => void;
}

export function JobFilters({ filters, showUser, onChange }: JobFiltersProps) {
  const { t } = useTranslation('jobs');
  const partitions = useAvailablePartitions(useHasAnyPermission(partitionReaders));
  const partitionOptions = [...new Set((partitions.data ?? []).map((p) => p.name))].map((name) => ({ value: name, label: name }));
  const range: [Dayjs, Dayjs] | null =
    filters.submittedFrom !== undefined && filters.submittedTo !== undefined ? [dayjs(filters.submittedFrom), dayjs(filters.submittedTo).subtract(1, 'day')] : null;

  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }} data-testid="job-filters">
      <Input.Search
        allowClear
        placeholder={t('filters.name')}
        defaultValue={filters.name}
        onSearch={(name) => onChange({ name: name || undefined })}
        style={{ width: 200 }}
        data-testid="job-filter-name"
      />
      <Select<JobState[]>
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('filters.state')}
        value={[...(filters.states ?? [])]}
        onChange={(states) => onChange({ states: states.length > 0 ? states : undefined })}
        options={jobStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
        style={{ minWidth: 180, maxWidth: 320 }}
        data-testid="job-filter-state"
      />
      <Select<string>
        allowClear
        showSearch
        placeholder={t('filters.partition')}
        value={filters.partition}
        onChange={(partition) => onChange({ partition: partition || undefined })}
        options={partitionOptions}
        notFoundContent={null}
        style={{ width: 160 }}
        data-testid="job-filter-partition"
      />
      {showUser ? (
        <Input.Search
          allowClear
          placeholder={t('filters.user')}
          defaultValue={filters.user}
          onSearch={(user) => onChange({ user: user || undefined })}
          style={{ width: 180 }}
          data-testid="job-filter-user"
        />
      ) : null}
      <DatePicker.RangePicker
        value={range}
        placeholder={[t('filters.from'), t('filters.to')]}
        onChange={(dates) =>
          onChange({
            submittedFrom: dates?.[0] ? dates[0].startOf('day').valueOf() : undefined,
            // the server's end_time is exclusive: the whole last day is in
            submittedTo: dates?.[1] ? dates[1].startOf('day').add(1, 'day').valueOf() : undefined,
          })
        }
        style={{ width: 260 }}
        data-testid="job-filter-time"
      />
    </Flex>
  );
}
