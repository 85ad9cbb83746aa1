import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FacetGroup, FOLDED_FACET_VALUES } from './FacetGroup';
import type { TFacetOption } from './facet-options';

const OPTIONS: TFacetOption[] = Array.from({ length: 11 }, (_, i) => ({
  value: `F${i}`,
  label: `Format ${i}`,
  count: 1000 * (11 - i) + 204,
}));

const LABEL_TEXT = { language: 'en', estimatedHint: 'The counts are estimates over the newest 10,000 matches.' };

function setup(selected: string[] = [], isEstimated = false) {
  const onChange = vi.fn();
  renderWithProviders(
    <FacetGroup
      label="Format"
      options={OPTIONS}
      selected={selected}
      isEstimated={isEstimated}
      labelText={LABEL_TEXT}
      onChange={onChange}
    />,
  );
  return { onChange, user: userEvent.setup() };
}

describe('FacetGroup', () => {
  it('shows each value with its count in the number format and folds the long list', async () => {
    const { user } = setup();
    expect(screen.getByRole('checkbox', { name: 'Format 0 (11,204)' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(FOLDED_FACET_VALUES);
    const more = screen.getByRole('button', { name: 'Show 3 more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(screen.getAllByRole('checkbox')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(FOLDED_FACET_VALUES);
  });

  it('marks estimated counts with ~ and explains them on hover', () => {
    setup([], true);
    expect(screen.getByRole('checkbox', { name: 'Format 1 (~10,204)' })).toBeTruthy();
    expect(screen.getByText('(~10,204)').getAttribute('title')).toMatch(/estimates/);
  });

  it('keeps a chosen value visible in the folded list and unticks it', async () => {
    const { user, onChange } = setup(['F10']);
    const box = screen.getByRole('checkbox', { name: 'Format 10 (1,204)' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await user.click(box);
    expect(onChange).toHaveBeenCalledWith([]);
  });
});
