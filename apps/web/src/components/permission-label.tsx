import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionMeaning } from '@starlight/contract/permission-meanings';
import { isPermissionKey, type PermissionKey } from '@starlight/contract/permissions';

/** A key's meaning in the reader's language; a string that is no key (an old role's) is shown as it is. */
export function useMeaningOf(): (key: string) => string {
  const { i18n } = useTranslation();
  return (key) => (isPermissionKey(key) ? permissionMeaning(key, i18n.language) : key);
}

/** A permission key as people read it: its meaning first, the key itself as secondary text. */
export function PermissionLabel({ permission }: { permission: string }) {
  const meaningOf = useMeaningOf();
  const meaning = meaningOf(permission);
  return (
    <span data-testid={`permission-${permission}`} data-key={permission}>
      {meaning}
      {meaning !== permission ? (
        <>
          {' '}
          <Typography.Text type="secondary" code style={{ fontSize: '0.85em' }}>
            {permission}
          </Typography.Text>
        </>
      ) : null}
    </span>
  );
}

/** The same as a tag (lists of keys on a role, a chain's node). */
export const PermissionTag = ({ permission }: { permission: string }) => (
  <Tag style={{ whiteSpace: 'normal' }}>
    <PermissionLabel permission={permission} />
  </Tag>
);

/** Select options for keys: the meaning shown, the key searched too. */
export function usePermissionOptions(keys: readonly PermissionKey[]) {
  const meaningOf = useMeaningOf();
  return keys.map((key) => ({ value: key, label: <PermissionLabel permission={key} />, search: `${meaningOf(key)} ${key}` }));
}
