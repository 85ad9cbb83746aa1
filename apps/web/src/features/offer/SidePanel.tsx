import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type TSidePanelProps = {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  testId: string;
  children: ReactNode;
};

/** A card beside the offer's details (the Details panel, the terms of use): a section named by its heading. */
export function SidePanel({ titleId, title, testId, children }: TSidePanelProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
