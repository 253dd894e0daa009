import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../lib/route-table.ts';

export interface NotFoundProps {
  title: string;
  description: string;
  /** The label of the way back and where it leads. */
  backText: string;
  backTo: string;
  testId?: string;
}

/** "Not found" in antd: no retry (it cannot help), a way back. */
export function NotFound({ title, description, backText, backTo, testId }: NotFoundProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title}
      subTitle={description}
      data-testid={testId}
      extra={
        <Button type="primary" onClick={() => void navigate(backTo)} data-testid={testId && `${testId}-back`}>
          {backText}
        </Button>
      }
    />
  );
}

/** The page of an unknown desktop address: says so, with a link home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="not-found-page">
      <NotFound title={t('states.pageNotFound')} description={t('states.pageNotFoundHint')} backText={t('actions.backHome')} backTo={PATHS.desktopLanding} testId="page-not-found" />
    </div>
  );
}
