import { ActionIcon, Box, Group, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TFieldWithHelpProps = {
  /** The field's name, for the help button's accessible name. */
  label: string;
  /** What the field is for, shown when the info icon is pressed. */
  help: string;
  children: ReactNode;
};

/**
 * A form field with an info icon beside it that opens a short help text. The icon sits outside the
 * field's label, so the field's accessible name stays its label alone.
 */
export function FieldWithHelp({ label, help, children }: TFieldWithHelpProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      <Box flex={1} miw={0}>
        {children}
      </Box>
      <Popover width={280} position="top-end" withArrow shadow="md">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray.7"
            size="md"
            mt={26}
            aria-label={t('offerCreation.wizard.helpFor', { label })}
          >
            <IconInfoCircle size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="sm">{help}</Text>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
