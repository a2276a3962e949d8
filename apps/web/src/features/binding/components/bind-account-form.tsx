import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { bindAccountSchema, validationMessages } from '@starlight/contract/validators';
import { feedback } from '../../../lib/feedback';
import { translateValidationMessage } from '../../../lib/validation-text';
import { runBindHandshake, type BindOutcome } from '../api/bind-socket';
import { getUserUuid } from '../api/get-user-uuid';

interface BindValues {
  system_account?: string;
}

/** A handshake whose uuid is still usable: kept while the server waits for the proof file. */
interface PendingProof {
  name: string;
  uuid: string;
  proofFile: string;
}

export interface BindAccountFormProps {
  token: string;
  /** Spec §4: after 'bound successfully, please log in again' the user is logged out. */
  onBound: () => void;
  WebSocketImpl?: typeof WebSocket;
}

async function issueFor(name: string): Promise<PendingProof> {
  const { uuid, proof_file: proofFile } = await getUserUuid();
  return { name, uuid, proofFile };
}

async function validateAccount(_rule: unknown, value: string | undefined): Promise<void> {
  const result = bindAccountSchema.safeParse({ system_account: value ?? '' });
  const issue = result.success ? undefined : result.error.issues[0];
  if (issue) throw new Error(translateValidationMessage(issue.message, validationMessages));
}

/**
 * Spec §4/§5/§8 binding: the name is checked by the contract's bindAccountSchema, then a uuid is
 * fetched, the socket opened and `name:uuid` sent. On a Slurm cluster the server asks for proof (the
 * uuid in ~/.starlight-bind of the account); the uuid is then kept so the user can check again.
 */
export function BindAccountForm({ token, onBound, WebSocketImpl }: BindAccountFormProps) {
  const { t } = useTranslation('binding');
  const [form] = Form.useForm<BindValues>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BindOutcome | null>(null);
  const [proof, setProof] = useState<PendingProof | null>(null);

  const bind = async ({ system_account: raw }: BindValues) => {
    const name = (raw ?? '').trim();
    setBusy(true);
    setOutcome(null);
    try {
      const issued: PendingProof = proof && proof.name === name ? proof : await issueFor(name);
      const result = await runBindHandshake({ name, uuid: issued.uuid, token, ...(WebSocketImpl ? { WebSocketImpl } : {}) });
      setOutcome(result);
      if (result.kind === 'bound') {
        setProof(null);
        feedback().message.success(t('replies.bound'));
        onBound();
        return;
      }
      // The server names the proof file when the account's control is not proven yet; the uuid stays usable.
      const needsProof = result.kind === 'refused' && result.reason === 'usernameRequired' && result.text.includes(issued.proofFile);
      setProof(needsProof ? issued : null);
    } catch {
      // the api client has told the user (uuid call failed)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void bind(values)} data-testid="bind-form">
      <Typography.Paragraph type="secondary">{t('form.intro')}</Typography.Paragraph>
      <Form.Item name="system_account" label={t('form.account')} rules={[{ validator: validateAccount }]} extra={t('form.accountHint')}>
        <Input prefix={<UserOutlined />} autoComplete="off" placeholder="abc_def_ghi" data-testid="bind-account" />
      </Form.Item>
      {outcome && outcome.kind !== 'bound' ? <OutcomeAlert outcome={outcome} /> : null}
      {outcome?.kind === 'bound' ? <Alert type="success" showIcon title={t('replies.bound')} data-testid="bind-outcome" data-kind="bound" /> : null}
      {proof ? <ProofSteps proof={proof} /> : null}
      <Button type="primary" htmlType="submit" block size="large" loading={busy} style={{ marginTop: 16 }} data-testid="bind-submit">
        {proof ? t('form.checkAgain') : t('form.submit')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 12 }}>
        {t('form.proofNote')}
      </Typography.Paragraph>
    </Form>
  );
}

function OutcomeAlert({ outcome }: { outcome: Exclude<BindOutcome, { kind: 'bound' }> }) {
  const { t } = useTranslation('binding');
  const title = outcome.kind === 'refused' ? t(`replies.${outcome.reason}`) : t(`client.${outcome.kind}`);
  // The server's own detail follows its spec text (safe to show: README of modules/binding).
  const detail = outcome.kind === 'refused' && outcome.text !== t(`replies.${outcome.reason}`) ? outcome.text : undefined;
  return <Alert type="error" showIcon title={title} description={detail} data-testid="bind-outcome" data-kind={outcome.kind} />;
}

function ProofSteps({ proof }: { proof: PendingProof }) {
  const { t } = useTranslation('binding');
  const command = `echo ${proof.uuid} > ~/${proof.proofFile}`;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="bind-proof"
      title={t('proof.title', { account: proof.name })}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('proof.steps', { account: proof.name, file: `~/${proof.proofFile}` })}</Typography.Paragraph>
          <Typography.Paragraph code copyable={{ text: command }} style={{ marginBottom: 8, wordBreak: 'break-all' }}>
            {command}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('proof.then')}</Typography.Text>
        </>
      }
    />
  );
}
