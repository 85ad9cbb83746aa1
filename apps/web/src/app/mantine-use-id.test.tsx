import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

function Probe({ staticId, renders }: { staticId?: string; renders: string[] }) {
  const id = useId(staticId);
  renders.push(id);
  return <span data-testid="probe" id={id} />;
}

describe('useId in place of Mantine’s', () => {
  it('gives each component its own id, once, without rendering it again after mount', () => {
    const renders: string[] = [];
    const { getAllByTestId } = render(
      <>
        <Probe renders={renders} />
        <Probe renders={renders} />
      </>,
    );
    const ids = getAllByTestId('probe').map((element) => element.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => /^mantine-[\w-]+$/.test(id))).toBe(true);
    // Mantine's own hook rendered each component twice, the second time with a random id.
    expect(renders).toEqual(ids);
  });

  it('keeps an id it is given', () => {
    const renders: string[] = [];
    const { getByTestId } = render(<Probe staticId="price-from" renders={renders} />);
    expect(getByTestId('probe').id).toBe('price-from');
    expect(renders).toEqual(['price-from']);
  });
});
