import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers';
import { initI18n } from '../i18n';
import { type TShowAlert, useAlert } from './AlertProvider';
import { ALERT_FADE_MS } from './alert-timers';

let showAlert: TShowAlert = () => {};
function Capture() {
  showAlert = useAlert();
  return null;
}

describe('AlertProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <AppProviders queryClient={createQueryClient()} i18n={initI18n('en')} env="test">
        <Capture />
      </AppProviders>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('shows a success alert in a live region for 5000 ms, then fades it out', () => {
    act(() => showAlert('Saved'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Saved');
    expect(alert.getAttribute('data-type')).toBe('success');
    expect(alert.closest('[aria-live]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1 + ALERT_FADE_MS + 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('replaces the alert and restarts the timers', () => {
    act(() => showAlert('First', { type: 'error', duration: 2000 }));
    act(() => vi.advanceTimersByTime(1500));
    act(() => showAlert('Second', { type: 'error', duration: 2000 }));
    act(() => vi.advanceTimersByTime(1500));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Second');
    expect(alert.getAttribute('data-type')).toBe('error');
    act(() => vi.advanceTimersByTime(500 + ALERT_FADE_MS + 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
