import { Card, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Below Mantine's sm breakpoint a table of many columns does not fit: its rows become cards. */
export const PHONE_QUERY = '(max-width: 48em)';

/** True below the sm breakpoint; read at once, so a phone never renders the table first. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

export type TFactCardListProps = {
  /** The list's accessible name, where the table it replaces had a caption. */
  label?: string;
  testId?: string;
  children: ReactNode;
};

/** The cards that stand in for a table's rows on a phone, as a list. */
export function FactCardList({ label, testId, children }: TFactCardListProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** One fact of a card: the column's name and the row's value. */
export type TFact = { label: string; value: ReactNode };

export type TFactCardProps = {
  /** The row's name, a level 3 heading. */
  title: ReactNode;
  /** What stands right under the title, such as a status. */
  summary?: ReactNode;
  facts: readonly TFact[];
  /** The row's actions, last in the card and in the tab order. */
  actions?: ReactNode;
  testId?: string;
};

/**
 * A table row as a card: the same facts and actions, stacked, so everything is on screen without
 * scrolling sideways and is reached by Tab in reading order.
 */
export function FactCard({ title, summary, facts, actions, testId }: TFactCardProps) {
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid={testId}>
      <Stack gap={6}>
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {summary}
        <Stack gap={4} component="dl" m={0}>
          {facts.map((fact) => (
            <div key={fact.label} style={{ minWidth: 0 }}>
              <Text component="dt" size="xs" fw={600} c="gray.7">
                {fact.label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {fact.value}
              </Text>
            </div>
          ))}
        </Stack>
        {actions}
      </Stack>
    </Card>
  );
}
