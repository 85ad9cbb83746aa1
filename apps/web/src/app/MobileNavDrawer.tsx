import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from './LanguageSelect';

const SECTIONS = [
  {
    label: 'nav.assets',
    links: [
      ['/watchlist', 'nav.watchlist'],
      ['/acquisition', 'nav.acquisitions'],
    ],
  },
  {
    label: 'nav.offers',
    links: [
      ['/my-offerings', 'nav.myOfferings'],
      ['/offer/create/pre', 'nav.createOffer'],
    ],
  },
  {
    label: 'nav.orders',
    links: [
      ['/orders', 'nav.myOrders'],
      ['/sales', 'nav.mySales'],
      ['/commission-invoices', 'nav.commissionInvoices'],
    ],
  },
] as const;

/** A section's name in the drawer, darker than Mantine's dimmed divider label so it passes AA contrast. */
function SectionLabel({ children }: { children: string }) {
  return (
    <Text size="xs" fw={600} c="gray.7" component="span">
      {children}
    </Text>
  );
}

export type TMobileNavDrawerProps = {
  isOpen: boolean;
  onClose(): void;
  /** Whether the menus of signed-in users are shown. */
  isSignedIn: boolean;
  /** Whether the operators' links (Connectors, Harvesting) are shown. */
  isOperator: boolean;
};

/**
 * The burger's drawer with the navbar's menus and the language. Loaded on the first open
 * (MobileNav.tsx), as the drawer brings the focus trap and scroll lock code.
 */
export function MobileNavDrawer({ isOpen, onClose: close, isSignedIn, isOperator }: TMobileNavDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      id="mobile-nav"
      opened={isOpen}
      onClose={close}
      position="right"
      size={288}
      title={t('nav.menu')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      data-testid="mobile-nav"
    >
      <Stack gap="xs" component="nav" aria-label={t('nav.menu')}>
        {isSignedIn &&
          SECTIONS.map((section) => (
            <div key={section.label}>
              <Divider label={<SectionLabel>{t(section.label)}</SectionLabel>} labelPosition="left" />
              {section.links.map(([to, label]) => (
                <NavLink key={to} component={Link} to={to} label={t(label)} onClick={close} />
              ))}
            </div>
          ))}
        {isOperator && (
          <div>
            <Divider />
            <NavLink component={Link} to="/connectors" label={t('nav.connectors')} onClick={close} />
            <NavLink component={Link} to="/harvest" label={t('nav.harvest')} onClick={close} />
          </div>
        )}
        <Divider label={<SectionLabel>{t('app.language')}</SectionLabel>} labelPosition="left" />
        <LanguageSelect testId="mobile-language-select" />
      </Stack>
    </Drawer>
  );
}
