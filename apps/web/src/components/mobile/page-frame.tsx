import { useEffect, useRef, type ReactNode } from 'react';
import { Empty, NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../lib/route-table.ts';

export interface MobilePageFrameProps {
  /** Key of the page title in the `menu` namespace. */
  titleKey: string;
  /** Tab pages have no back arrow. */
  back?: boolean;
  right?: ReactNode;
  children?: ReactNode;
}

/** Goes back in the app's history, or to the shop home when the page was opened directly. */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PATHS.mobileHome, { replace: true });
  };
}

/** The frame of a mobile page: a navigation bar with its translated title, then its content. */
export function MobilePageFrame({ titleKey, back = true, right, children }: MobilePageFrameProps) {
  const { t } = useTranslation('menu');
  const goBack = useBack();
  const frame = useRef<HTMLDivElement>(null);
  // antd-mobile gives the bar's left side role="button" even when it holds nothing (tab pages).
  useEffect(() => {
    if (!back) frame.current?.querySelector('.adm-nav-bar-left')?.removeAttribute('role');
  }, [back]);
  return (
    <div className="m-page" data-testid="m-page-frame" ref={frame}>
      <NavBar
        className="m-navbar"
        back={back ? '' : null}
        // antd-mobile hides the back text from screen readers: the label rides with the arrow.
        backIcon={
          <>
            <LeftOutline />
            <span className="sr-only">{t('common:actions.back')}</span>
          </>
        }
        onBack={goBack}
        right={right}
      >
        {/* The page's heading (h1) for screen readers' heading navigation, drawn as the bar's title. */}
        <h1 className="m-page-title">{t(titleKey)}</h1>
      </NavBar>
      <div className="m-page-body">{children ?? <Empty className="m-empty" description={t('common:states.empty')} />}</div>
    </div>
  );
}
