// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CapsuleTabs } from './capsule-tabs.tsx';

afterEach(cleanup);

function Ratings({ changes }: { changes: string[] }) {
  const [key, setKey] = useState('all');
  return (
    <CapsuleTabs
      label="Rating"
      tabs={[{ key: 'all', title: 'All' }, { key: '5', title: '5★', testId: 'five' }, { key: '4', title: '4★' }]}
      activeKey={key}
      onChange={(next) => {
        changes.push(next);
        setKey(next);
      }}
    />
  );
}

const state = () => screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.getAttribute('tabindex')]);

describe('CapsuleTabs', () => {
  it('is a named tab list: the chosen tab selected and the only one in the tab order', () => {
    render(<Ratings changes={[]} />);
    expect(screen.getByRole('tablist').getAttribute('aria-label')).toBe('Rating');
    expect(state()).toEqual([
      ['All', 'true', '0'],
      ['5★', 'false', '-1'],
      ['4★', 'false', '-1'],
    ]);
    expect(screen.getByTestId('five').textContent).toBe('5★');
  });

  it('chooses a tab on click, and not again when it is the chosen one', () => {
    const changes: string[] = [];
    render(<Ratings changes={changes} />);
    fireEvent.click(screen.getByText('5★'));
    fireEvent.click(screen.getByText('5★'));
    expect(changes).toEqual(['5']);
    expect(state()[1]).toEqual(['5★', 'true', '0']);
    expect(state()[0]).toEqual(['All', 'false', '-1']);
  });

  it('moves the focus with the arrows, Home and End, round the ends, without choosing', () => {
    const changes: string[] = [];
    render(<Ratings changes={changes} />);
    const [all, five, four] = screen.getAllByRole('tab');
    all!.focus();
    fireEvent.keyDown(all!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(five);
    fireEvent.keyDown(five!, { key: 'End' });
    expect(document.activeElement).toBe(four);
    fireEvent.keyDown(four!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(all);
    fireEvent.keyDown(all!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(four);
    fireEvent.keyDown(four!, { key: 'Home' });
    expect(document.activeElement).toBe(all);
    expect(changes).toEqual([]);
  });
});
