import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_DURATION_MS, useTimedMessage } from './use-timed-message';

describe('useTimedMessage', () => {
  afterEach(() => vi.useRealTimers());

  it('a success message clears after 3 seconds; a new one starts the clock again', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage());
    act(() => result.current.show({ text: 'Saved', tone: 'success' }));
    expect(result.current.message?.text).toBe('Saved');
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.show({ text: 'Saved again', tone: 'success' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.message?.text).toBe('Saved again');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.message).toBeNull();
    expect(BANNER_DURATION_MS).toBe(3000);
  });

  it('an error stays until dismissed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedMessage({ text: 'Nope', tone: 'error' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.message?.text).toBe('Nope');
    act(() => result.current.clear());
    expect(result.current.message).toBeNull();
  });
});
