import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Paging, type TPagingProps } from './Paging';

function setup(props: Partial<TPagingProps>) {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  renderWithProviders(
    <Paging
      index={0}
      pageSize={10}
      total={50}
      isTotalCapped={false}
      onPage={onPage}
      onPageSize={onPageSize}
      {...props}
    />,
  );
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
  return { onPage, onPageSize, button, user: userEvent.setup() };
}

describe('Paging', () => {
  it('disables First and Prev on the first page and names the page', () => {
    const { button } = setup({ index: 0 });
    expect(button('First').disabled).toBe(true);
    expect(button('Prev').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    expect(button('Last').disabled).toBe(false);
    expect(screen.getByText('Page 1 of 5', { exact: true })).toBeTruthy();
  });

  it('holds its place with every control disabled while the first answer loads', () => {
    const { button } = setup({ index: 2, total: 0, isLoading: true });
    for (const name of ['First', 'Prev', 'Next', 'Last']) expect(button(name).disabled).toBe(true);
    expect((screen.getByTestId('page-size') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText('Page 3', { exact: true })).toBeTruthy();
  });

  it('moves between pages', async () => {
    const { button, user, onPage } = setup({ index: 2 });
    await user.click(button('Next'));
    await user.click(button('Prev'));
    await user.click(button('First'));
    await user.click(button('Last'));
    expect(onPage.mock.calls.map(([index]) => index)).toEqual([3, 1, 0, 4]);
  });

  it('disables Next and Last on the last page', () => {
    const { button } = setup({ index: 4, total: 41 });
    expect(button('Next').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);
    expect(screen.getByText('Page 5 of 5', { exact: true })).toBeTruthy();
  });

  it('stops Next at the 10000 cap and disables Last beyond it', () => {
    const { button } = setup({ index: 9, pageSize: 1000, total: 10000, isTotalCapped: true });
    expect(button('Next').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);
    expect(button('Prev').disabled).toBe(false);
  });

  it('keeps Last usable up to exactly 10000 results', () => {
    const { button } = setup({ index: 0, pageSize: 1000, total: 10000, isTotalCapped: false });
    expect(button('Last').disabled).toBe(false);
    expect(screen.getByText('Page 1 of 10', { exact: true })).toBeTruthy();
    expect(screen.queryByTestId('paging-cap-hint')).toBeNull();
  });

  it("says a capped result has more pages than can be reached, and why 'Last' is off", () => {
    const { button } = setup({ index: 1, pageSize: 10, total: 10000, isTotalCapped: true });
    expect(screen.getByText('Page 2 of more than 1,000', { exact: true })).toBeTruthy();
    const hint = screen.getByTestId('paging-cap-hint');
    expect(hint.textContent).toMatch(/only the first 10,000 can be paged through, so 'Last' is off/);
    expect(button('Last').getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('below the results: the page buttons only, in a navigation of their own name', async () => {
    const { button, user, onPage } = setup({ index: 2, placement: 'bottom' });
    expect(screen.getByRole('navigation', { name: 'Pages, below the results' })).toBeTruthy();
    expect(screen.queryByLabelText('Page size')).toBeNull();
    expect(screen.getByText('Page 3 of 5', { exact: true })).toBeTruthy();
    await user.click(button('Next'));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('changes the page size through the labelled select', async () => {
    const { user, onPageSize } = setup({});
    const select = screen.getByLabelText('Page size');
    expect((select as HTMLSelectElement).value).toBe('10');
    await user.selectOptions(select, '100');
    expect(onPageSize).toHaveBeenCalledWith(100);
  });
});
