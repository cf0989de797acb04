import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { esUS } from '../../i18n/es-US.ts';
import { renderBoardScreen, testFrame } from '../content/test-board-screen.tsx';
import { BoardLayout } from './BoardLayout.tsx';
import { BURN_IN_OFFSETS, BURN_IN_SHIFT_MS } from './use-burn-in-shift.ts';

const layout = (
  <BoardLayout boardType="workflow" footer={<span>legend</span>}>
    <p>rows</p>
  </BoardLayout>
);

describe('board layout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-23T15:32:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("shows the board's name, the clock in the site's time zone, the content and the footer", () => {
    const board = renderBoardScreen(layout, { config: { name: 'Day Surgery' } });
    board.snapshot([]);
    expect(screen.getByRole('heading', { name: 'Day Surgery' })).toBeTruthy();
    expect(screen.getByText('10:32 AM')).toBeTruthy();
    expect(screen.getByText('rows')).toBeTruthy();
    expect(screen.getByText('legend')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it("says 'Connecting' before the first frame, without a stale notice", () => {
    const board = renderBoardScreen(layout);
    expect(screen.getByText('Connecting')).toBeTruthy();
    expect(screen.queryByTestId('stale-notice')).toBeNull();
    expect(board.container.querySelector('.board')?.getAttribute('data-live')).toBe('false');
  });

  it('dims and says since when its data is when the connection drops, and is live again after catching up', () => {
    const board = renderBoardScreen(layout);
    board.snapshot([]);
    act(() => vi.advanceTimersByTime(60_000));
    board.disconnect();
    expect(screen.getByText('Reconnecting — data as of 10:33 AM')).toBeTruthy();
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(board.container.querySelector('.board')?.getAttribute('data-live')).toBe('false');

    board.apply(testFrame('changes', []));
    expect(screen.queryByTestId('stale-notice')).toBeNull();
    expect(board.container.querySelector('.board')?.getAttribute('data-live')).toBe('true');
  });

  it('says it in the customer locale', () => {
    const board = renderBoardScreen(layout, { locale: 'es-US', messages: esUS });
    board.snapshot([]);
    board.disconnect();
    expect(screen.getByText(/^Reconectando — datos de las 10:32/)).toBeTruthy();
  });

  it('shifts the whole layout a few pixels every minute against burn-in', () => {
    const board = renderBoardScreen(layout);
    const root = () => board.container.querySelector<HTMLElement>('.board');
    expect(root()?.style.transform).toBe('translate(0px, 0px)');
    act(() => vi.advanceTimersByTime(BURN_IN_SHIFT_MS));
    const [x, y] = BURN_IN_OFFSETS[1] ?? [0, 0];
    expect(root()?.style.transform).toBe(`translate(${x}px, ${y}px)`);
    expect(Math.max(...BURN_IN_OFFSETS.flat().map(Math.abs))).toBeLessThanOrEqual(4);
  });
});
