import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

const Fallback = ({ label }: { label: string }) => <span>{`${label} (unavailable)`}</span>;

describe('lazyPart', () => {
  it('renders the part once its code is loaded', async () => {
    const Part = lazyPart(
      async () =>
        ({ label }: { label: string }) => <span>{label}</span>,
      Fallback,
    );
    render(
      <Suspense fallback="loading">
        <Part label="Menus" />
      </Suspense>,
    );
    expect(await screen.findByText('Menus')).toBeTruthy();
  });

  it('renders the fallback with the same props and reports the error when the code is gone', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const gone = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/HeaderMenus-0ld.js',
    );
    const Part = lazyPart<{ label: string }>(() => Promise.reject(gone), Fallback);
    render(
      <Suspense fallback="loading">
        <Part label="Menus" />
      </Suspense>,
    );
    expect(await screen.findByText('Menus (unavailable)')).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith(gone);
  });
});
