import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

export interface PageFrameProps {
  /** Key of the page title in the `menu` namespace. */
  titleKey: string;
  extra?: ReactNode;
  children?: ReactNode;
}

/** The frame of a desktop page: its translated title and its content (an empty state until it has some). */
export function PageFrame({ titleKey, extra, children }: PageFrameProps) {
  const { t } = useTranslation('menu');
  return (
    <Card title={<h1 className="page-title">{t(titleKey)}</h1>} extra={extra} data-testid="page-frame">
      {children ?? <Empty className="page-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
    </Card>
  );
}
