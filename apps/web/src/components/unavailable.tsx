import { Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

interface UnavailableProps {
  /** The area's name, already translated. */
  area?: string;
  extra?: ReactNode;
}

/** The honest placeholder of an area built later: it says so, and shows no data. */
export function Unavailable({ area, extra }: UnavailableProps) {
  const { t } = useTranslation('common');
  return (
    <Result
      data-testid="unavailable"
      icon={<ClockCircleOutlined />}
      title={area ? t('unavailable.titleWithArea', { area }) : t('unavailable.title')}
      subTitle={t('unavailable.description')}
      extra={extra}
    />
  );
}
