import { Link } from 'react-router';
import { Empty, useMallFormat } from '../components/ui.tsx';

export function NotFoundPage() {
  const f = useMallFormat();
  return (
    <div className="mall-page" data-testid="mall-not-found">
      <Empty
        icon="search"
        title={f.t('state.notFound')}
        hint={f.t('state.notFoundHint')}
        action={
          <Link to="/mall" className="mall-btn">
            {f.t('state.goHome')}
          </Link>
        }
      />
    </div>
  );
}
