import type { TInvoiceState, TOrderState } from '@dsm/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TOrderState | TInvoiceState, string> = {
  placed: 'gray.7',
  invoiced: 'blue.8',
  open: 'blue.8',
  // Darker than Mantine's green.9, whose white badge text falls short of 4.5:1 (6.2:1 here).
  paid: '#2b6e3a',
  cancelled: 'red.8',
};

/**
 * Mantine's badge clips its label: in a table cell Chrome sizes it a few pixels short of the upper-case
 * text and cut "OPEN" to "OP…". A state is a word or two, shown whole.
 */
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

/** An order's or invoice's state as a coloured badge with its name. */
export function StateBadge({ state, kind }: { state: TOrderState | TInvoiceState; kind: 'order' | 'invoice' }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[state]} variant="filled" styles={WHOLE_LABEL} data-testid={`${kind}-state`} data-state={state}>
      {t(`orders.${kind}State.${state}`)}
    </Badge>
  );
}
