import { useEffect } from 'react';
import { AutoComplete, Form, Input, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceStatuses, deviceTypes, type Device } from '@starlight/contract/monitor';
import { useNodes } from '../api/get-nodes';
import { useSaveDevice } from '../api/save-device';
import { deviceToForm, serverDeviceProblems, validateDevice, type DeviceFormValues } from '../device-validation';

/** Add (device null) or change a hardware device; checked by the contract's schema here and by the server. */
export function DeviceFormModal({ open, device, onClose }: { open: boolean; device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const [form] = Form.useForm<DeviceFormValues>();
  const save = useSaveDevice();
  const nodes = useNodes(open);
  const cluster = Form.useWatch('cluster', form) as string | null | undefined;
  const clusters = [...new Set([...(nodes.data?.list ?? []).map((n) => n.cluster), ...(nodes.data?.unreachable ?? []).map((u) => u.cluster)])];
  const nodeOptions = (nodes.data?.list ?? []).filter((n) => n.cluster === cluster).map((n) => ({ value: n.name }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(device ? deviceToForm(device) : { type: 'compute', status: 'in_service' });
  }, [open, device, form]);

  async function submit() {
    const { input, problems } = validateDevice(form.getFieldsValue(true) as DeviceFormValues, t);
    if (!input) {
      form.setFields(problems);
      return;
    }
    try {
      await save.mutateAsync({ id: device?.id ?? null, input });
      onClose();
    } catch (error) {
      const fromServer = serverDeviceProblems(error, t);
      if (fromServer) form.setFields(fromServer);
    }
  }

  return (
    <Modal
      open={open}
      title={device ? t('devices.edit', { name: device.name }) : t('devices.add')}
      okText={t('devices.save')}
      cancelText={t('devices.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
      okButtonProps={{ 'data-testid': 'device-save' } as ButtonProps}
    >
      <Form<DeviceFormValues> form={form} layout="vertical" data-testid="device-form" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('devices.fields.name')} required>
          <Input maxLength={64} data-testid="device-name" />
        </Form.Item>
        <Form.Item name="type" label={t('devices.fields.type')} required>
          <Select options={deviceTypes.map((v) => ({ value: v, label: t(`devices.types.${v}`) }))} data-testid="device-type" />
        </Form.Item>
        <Form.Item name="cluster" label={t('devices.fields.cluster')}>
          <Select allowClear options={clusters.map((c) => ({ value: c, label: c }))} onChange={() => form.setFieldValue('node', null)} data-testid="device-cluster" />
        </Form.Item>
        <Form.Item name="node" label={t('devices.fields.node')}>
          <AutoComplete options={nodeOptions} disabled={!cluster} allowClear data-testid="device-node" />
        </Form.Item>
        <Form.Item name="serial" label={t('devices.fields.serial')}>
          <Input maxLength={64} data-testid="device-serial" />
        </Form.Item>
        <Form.Item name="location" label={t('devices.fields.location')}>
          <Input maxLength={128} data-testid="device-location" />
        </Form.Item>
        <Form.Item name="status" label={t('devices.fields.status')} required>
          <Select options={deviceStatuses.map((v) => ({ value: v, label: t(`devices.statuses.${v}`) }))} data-testid="device-status" />
        </Form.Item>
        <Form.Item name="notes" label={t('devices.fields.notes')}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
