import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, Modal, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { bulkUpdateColumns, bulkUpdateMaxRows, type BulkUpdateReport } from '@starlight/contract/admin';
import { useBulkUpdate } from '../api/manage-users';

/** POST /user/update: users from a CSV file (or pasted text), with a dry run and a per-row report. */
export function BulkUpdateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [csv, setCsv] = useState('');
  const [dryRun, setDryRun] = useState(true);
  const [report, setReport] = useState<BulkUpdateReport | null>(null);
  const run = useBulkUpdate();

  const submit = async () => {
    setReport(await run.mutateAsync({ csv, dryRun }).catch(() => null));
  };

  return (
    <Modal open={open} title={t('bulk.title')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('bulk.help', { columns: bulkUpdateColumns.join(', '), max: bulkUpdateMaxRows })}</Typography.Paragraph>
      <Upload
        accept=".csv,text/csv"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void file.text().then(setCsv);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('bulk.chooseFile')}</Button>
      </Upload>
      <Input.TextArea value={csv} onChange={(e) => setCsv(e.target.value)} rows={6} style={{ marginTop: 12, fontFamily: 'monospace' }} placeholder="user_name,real_name,email,group_name,state,password" data-testid="bulk-csv" />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
        <Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)}>
          {t('bulk.dryRun')}
        </Checkbox>
        <Button type="primary" onClick={() => void submit()} loading={run.isPending} disabled={csv.trim() === ''} data-testid="bulk-run">
          {dryRun ? t('bulk.check') : t('bulk.apply')}
        </Button>
      </Flex>
      {report ? (
        <div style={{ marginTop: 16 }} data-testid="bulk-report">
          <Alert
            type={report.failed.length > 0 ? 'warning' : 'success'}
            showIcon
            title={t(report.dry_run ? 'bulk.reportDry' : 'bulk.report', { rows: report.rows, created: report.created, updated: report.updated, unchanged: report.unchanged, failed: report.failed.length })}
          />
          {report.failed.length > 0 ? (
            <Table
              size="small"
              style={{ marginTop: 8 }}
              rowKey={(row) => `${row.line}-${row.field}`}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={report.failed}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'line', title: t('bulk.line'), dataIndex: 'line', width: 70 },
                { key: 'user', title: t('users.columns.userName'), dataIndex: 'user_name' },
                { key: 'field', title: t('bulk.field'), dataIndex: 'field' },
                { key: 'message', title: t('bulk.problem'), dataIndex: 'message' },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
