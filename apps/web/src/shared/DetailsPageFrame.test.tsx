import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ApiError } from './api';
import { DetailsPageFrame, type TDetailsQuery } from './DetailsPageFrame';

const TEXTS = {
  loading: 'Loading the thing',
  errorTitle: 'No thing',
  notFoundTitle: 'Gone',
  notFoundText: 'Not here.',
};

function renderFrame(query: TDetailsQuery<string>, isMissing = false) {
  renderWithProviders(
    <DetailsPageFrame
      query={query}
      isMissing={isMissing}
      testId="thing"
      texts={TEXTS}
      notFoundActions={<a href="/">Home</a>}
      skeleton={<div data-testid="bone" />}
    >
      {(data) => <h1>{data}</h1>}
    </DetailsPageFrame>,
  );
}

const pending = { data: undefined, isError: false, error: null, refetch: () => {} };

describe('DetailsPageFrame', () => {
  it('shows a busy region named by the page while it loads, then the thing', () => {
    renderFrame(pending);
    const busy = screen.getByLabelText('Loading the thing');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.querySelector('[data-testid="bone"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('shows the not-found page for a 404, a 400 or an id that cannot be one', () => {
    for (const status of [404, 400]) {
      renderFrame({ ...pending, isError: true, error: new ApiError('no', status, 'NOT_FOUND') });
      expect(screen.getByRole('heading', { level: 1, name: 'Gone' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
      expect(screen.queryByTestId('thing-error')).toBeNull();
      document.body.innerHTML = '';
    }
    renderFrame(pending, true);
    expect(screen.getByTestId('thing-not-found').textContent).toContain('Not here.');
  });

  it('shows any other failure with Retry, which asks again', async () => {
    const refetch = vi.fn();
    renderFrame({ data: undefined, isError: true, error: new ApiError('down', 500, 'INTERNAL'), refetch });
    expect(screen.getByTestId('thing-error').textContent).toContain('No thing');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
