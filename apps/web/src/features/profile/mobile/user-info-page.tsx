import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "userInfo": its frame; the content arrives with its own issue. */
export function MobileUserInfoPage() {
  return <MobilePageFrame titleKey="userInfo" />;
}
