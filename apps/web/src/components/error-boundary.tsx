import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18next from 'i18next';
import { clientErrorId, recentFailedRequestId } from '../lib/request-id.ts';

/**
 * What a person sees instead of a blank screen when a page (or the whole app) fails to render:
 * "something went wrong", a Reload button and an id to quote to support. UI-kit free, so the same
 * notice serves the desktop, the phone and the mall, and the root one works before any kit loaded.
 */

interface Crash {
  /** The id to quote: the failed request's own (X-Request-Id) when a request failure was thrown, else one made here. */
  reference: string;
  /** A request that failed shortly before, when it is not the reference itself (often what broke the page). */
  failedRequest: string | null;
}

function crashOf(error: unknown): Crash {
  const own = typeof error === 'object' && error !== null && 'requestId' in error && typeof error.requestId === 'string' && error.requestId ? error.requestId : null;
  const reference = own ?? clientErrorId();
  const recent = recentFailedRequestId();
  return { reference, failedRequest: recent && recent !== reference ? recent : null };
}

/** The catalog's text, or English when the catalog never loaded (the root notice can come before it). */
const text = (key: string, english: string) => (i18next.isInitialized ? i18next.t(`common:crash.${key}`, { defaultValue: english }) : english);

function CrashNotice({ crash, scope }: { crash: Crash; scope: 'app' | 'page' }) {
  return (
    <div role="alert" className={`crash-notice crash-notice-${scope}`} data-testid={`crash-${scope}`}>
      <h1 className="crash-notice-title">{text('title', 'Something went wrong')}</h1>
      <p className="crash-notice-text">{text('text', 'This page could not be shown. Reload it; if it happens again, quote the reference below to support.')}</p>
      <p className="crash-notice-id">
        {text('reference', 'Reference')}: <code data-testid="crash-reference">{crash.reference}</code>
      </p>
      {crash.failedRequest && (
        <p className="crash-notice-id">
          {text('failedRequest', 'Last failed request')}: <code data-testid="crash-failed-request">{crash.failedRequest}</code>
        </p>
      )}
      <button type="button" className="crash-notice-reload" onClick={() => window.location.reload()} data-testid="crash-reload">
        {text('reload', 'Reload')}
      </button>
    </div>
  );
}

interface Props {
  /** `app`: the whole app (outside every layout); `page`: one page, its layout stays usable. */
  scope: 'app' | 'page';
  /** A change (the page's path) clears the notice, so moving to another page tries again. */
  resetKey?: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { crash: Crash | null; resetKey: string | undefined }> {
  override state: { crash: Crash | null; resetKey: string | undefined } = { crash: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): { crash: Crash } {
    return { crash: crashOf(error) };
  }

  static getDerivedStateFromProps(props: Props, state: { crash: Crash | null; resetKey: string | undefined }) {
    return props.resetKey === state.resetKey ? null : { crash: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The reference shown, next to the error and where it rendered, so a quote finds them.
    console.error(`[${this.state.crash?.reference ?? 'crash'}]`, error, info.componentStack);
  }

  override render() {
    return this.state.crash ? <CrashNotice crash={this.state.crash} scope={this.props.scope} /> : this.props.children;
  }
}
