import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "users": its frame; the content arrives with its own issue. */
export function UsersPage() {
  return <PageFrame titleKey="users" />;
}
