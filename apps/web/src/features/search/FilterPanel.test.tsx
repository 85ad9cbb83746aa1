import type { TSearchFacets } from '@dsm/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTER, type TFilterState } from '../../shared/search/results-params';
import { renderWithProviders } from '../../test/render';
import { FilterPanel } from './FilterPanel';
import { DATE_DELAY_MS } from './use-date-range';
import { PRICE_DELAY_MS } from './use-price-range';

const FILTER: TFilterState = {
  selectedCategories: ['ENVIRONMENT'],
  selectedKeywords: ['air'],
  priceRange: { from: 5, to: 20 },
};

function setup(filter: TFilterState = EMPTY_FILTER) {
  const onChange = vi.fn();
  const onClear = vi.fn();
  renderWithProviders(
    <FilterPanel
      filter={filter}
      categories={['ENVIRONMENT', 'TRANSPORT', 'GEOSPATIAL_AND_PROPERTY']}
      onChange={onChange}
      onClear={onClear}
    />,
  );
  const from = screen.getByLabelText('Price from') as HTMLInputElement;
  const to = screen.getByLabelText('Price to') as HTMLInputElement;
  return { onChange, onClear, from, to };
}

describe('FilterPanel', () => {
  afterEach(() => vi.useRealTimers());

  it('parses prices as decimals after a typing pause', () => {
    vi.useFakeTimers();
    const { from, to, onChange } = setup();
    fireEvent.change(from, { target: { value: '12,5' } });
    fireEvent.change(to, { target: { value: '99.99' } });
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(PRICE_DELAY_MS));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ ...EMPTY_FILTER, priceRange: { from: 12.5, to: 99.99 } });
  });

  it('treats a price that is not a number as no bound', () => {
    vi.useFakeTimers();
    const { from, onChange } = setup(FILTER);
    fireEvent.change(from, { target: { value: 'cheap' } });
    act(() => vi.advanceTimersByTime(PRICE_DELAY_MS));
    expect(onChange).toHaveBeenCalledWith({ ...FILTER, priceRange: { from: null, to: 20 } });
  });

  it('says which price is not a price, for letters, a minus sign, an exponent or an endless number', () => {
    vi.useFakeTimers();
    const { from, to, onChange } = setup();
    for (const garbage of ['abc', '-5', '1e400', '9'.repeat(400), '<b>5</b>']) {
      fireEvent.change(from, { target: { value: garbage } });
      fireEvent.change(to, { target: { value: '12' } });
      expect(screen.getAllByText('Enter a price of 0 or more, such as 12.50.')).toHaveLength(1);
      expect(from.getAttribute('aria-invalid')).toBe('true');
      expect(to.getAttribute('aria-invalid')).not.toBe('true');
    }
    fireEvent.change(to, { target: { value: 'ten' } });
    expect(screen.getAllByText('Enter a price of 0 or more, such as 12.50.')).toHaveLength(2);
    fireEvent.change(from, { target: { value: '' } });
    fireEvent.change(to, { target: { value: '10' } });
    expect(screen.queryByText('Enter a price of 0 or more, such as 12.50.')).toBeNull();
    act(() => vi.advanceTimersByTime(PRICE_DELAY_MS));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER, priceRange: { from: null, to: 10 } });
  });

  it('explains a from above the to and does not search', () => {
    vi.useFakeTimers();
    const { from, to, onChange } = setup();
    fireEvent.change(from, { target: { value: '50' } });
    fireEvent.change(to, { target: { value: '10' } });
    act(() => vi.advanceTimersByTime(PRICE_DELAY_MS * 3));
    expect(screen.getByText("'Price from' must not be above 'Price to'.")).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers the categories in sentence case and adds a ticked one', async () => {
    const user = userEvent.setup();
    const { onChange } = setup(FILTER);
    expect((screen.getByRole('checkbox', { name: 'Environment' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Geospatial and property' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Transport' }));
    expect(onChange).toHaveBeenCalledWith({ ...FILTER, selectedCategories: ['ENVIRONMENT', 'TRANSPORT'] });
  });

  it('keeps the category list at its full height while the filter values load, so the results do not jump', () => {
    const panel = (isLoadingValues: boolean) => (
      <FilterPanel
        filter={EMPTY_FILTER}
        categories={isLoadingValues ? [] : ['ENVIRONMENT']}
        isLoadingValues={isLoadingValues}
        onChange={vi.fn()}
        onClear={vi.fn()}
      />
    );
    renderWithProviders(panel(true));
    const list = screen.getByTestId('category-list');
    expect(list.style.minHeight).not.toBe('');
    expect(list.style.minHeight).toBe(list.style.maxHeight);
    cleanup();
    renderWithProviders(panel(false));
    expect(screen.getByTestId('category-list').style.minHeight).toBe('');
  });

  it('shows a category of a hand-edited link as its own name, never as another text', () => {
    setup({ ...EMPTY_FILTER, selectedCategories: ['constructor', '__proto__', '$t(app.title)', '<b>x</b>'] });
    for (const label of ['Constructor', 'Proto', '$t(app.title)', '<b>x</b>']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).checked, label).toBe(true);
    }
    expect(screen.queryByText('data marketplace')).toBeNull();
    expect(screen.queryByText(/returned an object/)).toBeNull();
  });

  it('clears prices and asks for a reset', async () => {
    const user = userEvent.setup();
    const { from, to, onClear, onChange } = setup(FILTER);
    expect(from.value).toBe('5');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(from.value).toBe('');
    expect(to.value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe("FilterPanel 'working endpoints only'", () => {
  it('switches the filter on and off', async () => {
    const user = userEvent.setup();
    const { onChange } = setup(FILTER);
    const box = screen.getByRole('checkbox', { name: 'Working endpoints only' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(onChange).toHaveBeenLastCalledWith({ ...FILTER, hasWorkingEndpoint: true });
  });

  it('shows a set switch and clears it', async () => {
    const user = userEvent.setup();
    const { onChange } = setup({ ...FILTER, hasWorkingEndpoint: true });
    const box = screen.getByRole('checkbox', { name: 'Working endpoints only' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await user.click(box);
    expect(onChange).toHaveBeenLastCalledWith(FILTER);
  });
});

describe('FilterPanel timing', () => {
  afterEach(() => vi.useRealTimers());

  it('does not search a price typed just before Clear', () => {
    vi.useFakeTimers();
    const { from, onChange, onClear } = setup();
    fireEvent.change(from, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    act(() => vi.advanceTimersByTime(PRICE_DELAY_MS * 2));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});

const FACETS: TSearchFacets = {
  categories: [{ value: 'TRANSPORT', count: 1204 }],
  keywords: [{ value: 'Air quality', count: 7 }],
  formats: [
    { value: 'CSV', count: 900 },
    { value: 'JSON', count: 12 },
  ],
  licences: [{ value: 'CC-BY-4.0', count: 300 }],
  publishers: [{ value: 'City of Leipzig', count: 44 }],
  paymentModels: [
    { value: 'FREE_OF_CHARGE', count: 1000 },
    { value: 'SUBSCRIPTION_BASED', count: 5 },
  ],
};

function setupFacets(filter: TFilterState = EMPTY_FILTER, areFacetCountsEstimated = false) {
  const onChange = vi.fn();
  renderWithProviders(
    <FilterPanel
      filter={filter}
      categories={['ENVIRONMENT', 'TRANSPORT']}
      facets={FACETS}
      areFacetCountsEstimated={areFacetCountsEstimated}
      onChange={onChange}
      onClear={vi.fn()}
    />,
  );
  return { onChange, user: userEvent.setup() };
}

const MISCELLANEOUS = {
  value: 'miscellaneous',
  count: 1057,
  variants: [
    { value: 'miscellaneous', language: 'en' },
    { value: 'Sonstiges', language: 'de' },
  ],
};

describe('FilterPanel keyword facet', () => {
  function setupKeywords(filter: TFilterState) {
    const onChange = vi.fn();
    renderWithProviders(
      <FilterPanel
        filter={filter}
        categories={[]}
        facets={{ ...FACETS, keywords: [MISCELLANEOUS, { value: 'Air quality', count: 7 }] }}
        onChange={onChange}
        onClear={vi.fn()}
      />,
    );
    return { onChange, user: userEvent.setup() };
  }

  it('lists the keywords of the results with their counts, a keyword and its translation as one entry', () => {
    setupKeywords(EMPTY_FILTER);
    const group = screen.getByRole('group', { name: 'Keywords' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label, .mantine-Checkbox-root')?.textContent)).toEqual([
      'miscellaneous (1,057)',
      'Air quality (7)',
    ]);
    expect(within(group).queryByText(/Sonstiges/)).toBeNull();
  });

  it('filters by every keyword of a ticked entry, and unticks them all at once', async () => {
    const { user, onChange } = setupKeywords(EMPTY_FILTER);
    await user.click(screen.getByRole('checkbox', { name: 'miscellaneous (1,057)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER, selectedKeywords: ['miscellaneous', 'Sonstiges'] });
    cleanup();
    const ticked = setupKeywords({ ...EMPTY_FILTER, selectedKeywords: ['Sonstiges', 'gone'] });
    const box = screen.getByRole('checkbox', { name: 'miscellaneous (1,057)' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'gone (0)' }) as HTMLInputElement).checked).toBe(true);
    await ticked.user.click(box);
    expect(ticked.onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER, selectedKeywords: ['gone'] });
  });
});

describe('FilterPanel facets', () => {
  it('shows the counts of the current search beside categories, keywords and the new groups', () => {
    setupFacets();
    expect(screen.getByRole('checkbox', { name: 'Transport (1,204)' })).toBeTruthy();
    // The facet names no count for this category: it shows none rather than a wrong 0.
    expect(screen.getByRole('checkbox', { name: 'Environment' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'CSV (900)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'CC-BY-4.0 (300)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'City of Leipzig (44)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Free (1,000)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Subscription (5)' })).toBeTruthy();
    expect(screen.queryByTestId('facet-estimate-hint')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Air quality (7)' })).toBeTruthy();
  });

  it('marks estimated counts and tells screen readers why', () => {
    setupFacets(EMPTY_FILTER, true);
    const box = screen.getByRole('checkbox', { name: 'CSV (~900)' });
    const group = box.closest('[aria-describedby]');
    const hint = screen.getByTestId('facet-estimate-hint');
    expect(group?.getAttribute('aria-describedby')).toBe(hint.id);
    expect(hint.textContent).toMatch(/newest 10,000/);
  });

  it('adds and removes format, licence, publisher and payment model values, leaving the rest of the filter', async () => {
    const { user, onChange } = setupFacets(FILTER);
    await user.click(screen.getByRole('checkbox', { name: 'JSON (12)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...FILTER, selectedFormats: ['JSON'] });
    await user.click(screen.getByRole('checkbox', { name: 'CC-BY-4.0 (300)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...FILTER, selectedLicences: ['CC-BY-4.0'] });
    await user.click(screen.getByRole('checkbox', { name: 'City of Leipzig (44)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...FILTER, selectedPublishers: ['City of Leipzig'] });
    await user.click(screen.getByRole('checkbox', { name: 'Subscription (5)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...FILTER, selectedPaymentModels: ['SUBSCRIPTION_BASED'] });
  });

  it('keeps a chosen value listed at 0 when the search no longer finds it, and unticks it', async () => {
    const filter: TFilterState = { ...EMPTY_FILTER, selectedFormats: ['CSV', 'PDF'] };
    const { user, onChange } = setupFacets(filter);
    const pdf = screen.getByRole('checkbox', { name: 'PDF (0)' }) as HTMLInputElement;
    expect(pdf.checked).toBe(true);
    await user.click(pdf);
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER, selectedFormats: ['CSV'] });
    await user.click(screen.getByRole('checkbox', { name: 'CSV (900)' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTER, selectedFormats: ['PDF'] });
  });

  it('shows the payment models in the chosen language', async () => {
    const { default: i18n } = await import('i18next');
    await act(() => i18n.changeLanguage('de'));
    try {
      setupFacets();
      expect(screen.getByRole('checkbox', { name: 'Kostenlos (1.000)' })).toBeTruthy();
      expect(screen.getByRole('checkbox', { name: 'Abonnement (5)' })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('FilterPanel modification dates', () => {
  afterEach(() => vi.useRealTimers());

  const inputs = () => ({
    from: screen.getByLabelText('Modified from') as HTMLInputElement,
    to: screen.getByLabelText('Modified to') as HTMLInputElement,
  });

  it('searches a range after a pause and an open bound as null', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithProviders(<FilterPanel filter={FILTER} categories={[]} onChange={onChange} onClear={vi.fn()} />);
    const { from, to } = inputs();
    fireEvent.change(from, { target: { value: '2024-01-01' } });
    fireEvent.change(to, { target: { value: '2024-06-30' } });
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(DATE_DELAY_MS));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ ...FILTER, modifiedRange: { from: '2024-01-01', to: '2024-06-30' } });
    fireEvent.change(from, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(DATE_DELAY_MS));
    expect(onChange).toHaveBeenLastCalledWith({ ...FILTER, modifiedRange: { from: null, to: '2024-06-30' } });
  });

  it('explains a from after the to and does not search it', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithProviders(<FilterPanel filter={EMPTY_FILTER} categories={[]} onChange={onChange} onClear={vi.fn()} />);
    const { from, to } = inputs();
    fireEvent.change(from, { target: { value: '2024-05-02' } });
    fireEvent.change(to, { target: { value: '2024-05-01' } });
    act(() => vi.advanceTimersByTime(DATE_DELAY_MS * 3));
    expect(screen.getByText("'Modified from' must not be after 'Modified to'.")).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    // The same day on both sides is a valid range: the bounds are inclusive.
    fireEvent.change(to, { target: { value: '2024-05-02' } });
    act(() => vi.advanceTimersByTime(DATE_DELAY_MS));
    expect(screen.queryByText("'Modified from' must not be after 'Modified to'.")).toBeNull();
    expect(onChange).toHaveBeenCalledWith({ ...EMPTY_FILTER, modifiedRange: { from: '2024-05-02', to: '2024-05-02' } });
  });

  it('shows the range of the URL and empties it on Clear without searching it again', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const onClear = vi.fn();
    const filter: TFilterState = { ...EMPTY_FILTER, modifiedRange: { from: '2023-03-01', to: null } };
    renderWithProviders(<FilterPanel filter={filter} categories={[]} onChange={onChange} onClear={onClear} />);
    const { from, to } = inputs();
    expect(from.value).toBe('2023-03-01');
    fireEvent.change(to, { target: { value: '2023-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    act(() => vi.advanceTimersByTime(DATE_DELAY_MS * 2));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
    expect(from.value).toBe('');
    expect(to.value).toBe('');
  });
});
