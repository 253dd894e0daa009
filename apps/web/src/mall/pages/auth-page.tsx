import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { buyerSessionStore } from '../api/buyer-session.ts';
import { useBuyerAuth } from '../api/mall-api.ts';
import { useMallFormat } from '../components/ui.tsx';
import { validateBuyerCredentials } from '../logic/credentials.ts';

/** Only a path inside the mall is followed after login (no open redirect). */
function safeNext(next: string | null): string {
  return next && next.startsWith('/mall') && !next.startsWith('//') ? next : '/mall/me';
}

export function AuthPage({ mode }: { mode: 'login' | 'register' }) {
  const f = useMallFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = buyerSessionStore.use();
  const auth = useBuyerAuth(mode);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState('');
  const next = safeNext(params.get('next'));
  if (session && !auth.isPending && !auth.isSuccess) return <Navigate to={next} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateBuyerCredentials(username, password);
    setErrors(found);
    setFailure('');
    if (found.username || found.password) return;
    try {
      await auth.mutateAsync({ username: username.trim(), password, nickname: nickname.trim() || undefined });
      void navigate(next, { replace: true });
    } catch (error) {
      setFailure(errorText(error, f.t('state.networkError')));
    }
  };
  const other = mode === 'login' ? 'register' : 'login';
  return (
    <div className="mall-page mall-auth" data-testid={`mall-${mode}`}>
      <form className="mall-panel mall-auth-card" onSubmit={(e) => void submit(e)} noValidate>
        <h1>{f.t(`auth.${mode}Title`)}</h1>
        <p className="mall-muted">{f.t(`auth.${mode}Hint`)}</p>
        <label className="mall-field">
          <span>{f.t('auth.username')}</span>
          <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoCapitalize="none" aria-invalid={Boolean(errors.username)} aria-describedby="auth-username-error" data-testid="auth-username" />
          {errors.username && (
            <span id="auth-username-error" className="mall-field-error">
              {f.t(errors.username)}
            </span>
          )}
        </label>
        <label className="mall-field">
          <span>{f.t('auth.password')}</span>
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete={mode === 'login' ? 'current-password' : 'new-password'} aria-invalid={Boolean(errors.password)} aria-describedby="auth-password-error" data-testid="auth-password" />
          {errors.password && (
            <span id="auth-password-error" className="mall-field-error">
              {f.t(errors.password)}
            </span>
          )}
        </label>
        {mode === 'register' && (
          <label className="mall-field">
            <span>{f.t('auth.nickname')}</span>
            <input value={nickname} maxLength={32} onChange={(e) => setNickname(e.target.value)} autoComplete="nickname" data-testid="auth-nickname" />
          </label>
        )}
        {failure && (
          <p className="mall-field-error" role="alert" data-testid="auth-error">
            {failure}
          </p>
        )}
        <button type="submit" className="mall-btn mall-btn-block" disabled={auth.isPending} data-testid="auth-submit">
          {f.t(`auth.${mode}Submit`)}
        </button>
        <p className="mall-center mall-muted">
          {f.t(`auth.to${other === 'login' ? 'Login' : 'Register'}Question`)}{' '}
          <Link to={`/mall/${other}${params.get('next') ? `?next=${encodeURIComponent(next)}` : ''}`} className="mall-link" replace>
            {f.t(`auth.${other}Link`)}
          </Link>
        </p>
      </form>
    </div>
  );
}
