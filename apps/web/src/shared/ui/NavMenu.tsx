import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MENU_WIDTH } from '../menu-width';

/** One entry of a navbar menu: where it goes and what it says. */
export type TNavMenuItem = { to: string; label: string; testId?: string };

export type TNavMenuProps = {
  label: string;
  /** Test id of the menu's button. */
  testId: string;
  items: TNavMenuItem[];
};

/** A navbar dropdown (the specification's 192 px wide) whose items are links; usable by keyboard. */
export function NavMenu({ label, testId, items }: TNavMenuProps) {
  return (
    <Menu width={MENU_WIDTH} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          data-testid={testId}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to} data-testid={item.testId}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
