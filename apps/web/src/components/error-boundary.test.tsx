// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary.tsx';
import { ApiError } from '../lib/http.ts';
import { noteFailedRequest } from '../lib/request-id.ts';

afterEach(cleanup);

function Throws({ error }: { error: unknown }): never {
  throw error;
}

function quiet() {
  // React and the boundary log the caught error; the test does not need it on its output.
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('ErrorBoundary', () => {
  it('shows the notice with a client reference instead of a page that fails to render, and logs it with the error', () => {
    const log = quiet();
    render(
      <ErrorBoundary scope="page">
        <Throws error={new TypeError('list.map is not a function')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    const reference = screen.getByTestId('crash-reference').textContent ?? '';
    expect(reference).toMatch(/^web-[\w-]{8,}$/);
    expect(log.mock.calls.some((call) => String(call[0]).includes(reference) && call[1] instanceof TypeError)).toBe(true);
    expect(screen.getByTestId('crash-reload').textContent).toBe('Reload');
    log.mockRestore();
  });

  it("quotes a thrown request failure's own id, and a request that failed just before a render error", () => {
    const log = quiet();
    render(
      <ErrorBoundary scope="page">
        <Throws error={new ApiError('http', 'Server error', { status: 500, requestId: 'req-500-a' })} />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('crash-reference').textContent).toBe('req-500-a');
    cleanup();

    noteFailedRequest('req-422-b');
    render(
      <ErrorBoundary scope="app">
        <Throws error={new Error('render')} />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('crash-reference').textContent).toMatch(/^web-/);
    expect(screen.getByTestId('crash-failed-request').textContent).toBe('req-422-b');
    log.mockRestore();
  });

  it('tries again when its reset key (the page) changes', () => {
    const log = quiet();
    const { rerender } = render(
      <ErrorBoundary scope="page" resetKey="/orders">
        <Throws error={new Error('broken')} />
      </ErrorBoundary>,
    );
    expect(screen.queryByTestId('crash-page')).not.toBeNull();
    rerender(
      <ErrorBoundary scope="page" resetKey="/wallet">
        <p>wallet</p>
      </ErrorBoundary>,
    );
    expect(screen.queryByTestId('crash-page')).toBeNull();
    expect(screen.getByText('wallet')).toBeTruthy();
    log.mockRestore();
  });
});
