import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MENU_WIDTH } from '../menu-width';

/** One entry of a navbar menu: where it goes and the key of what it says. */
export type TNavMenuItem = { to: string; label: string; testId?: string };

export type TNavMenuProps = {
  /** The key of the menu button's text. */
  label: string;
  /** Test id of the menu's button. */
  testId: string;
  items: TNavMenuItem[];
};

/** A navbar dropdown (the specification's 192 px wide) whose items are links; usable by keyboard. */
export function NavMenu({ label, testId, items }: TNavMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu width={MENU_WIDTH} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          data-testid={testId}
        >
          {t(label)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to} data-testid={item.testId}>
            {t(item.label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
