import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The card of an order, a sale or a commission invoice: an article named by its heading, with the lines under
 * the heading, the state badge beside them, and the rest of the card below.
 */
export function DocumentCard({
  headingId,
  title,
  lines,
  badge,
  testId,
  children,
}: {
  /** The heading's id, which names the article. */
  headingId: string;
  title: string;
  /** What stands under the heading. */
  lines: ReactNode;
  badge: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card component="article" withBorder radius="md" padding="md" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {lines}
          </Stack>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
