import { Anchor, Badge, Center, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDatabase } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useCurrentUser, useIsOperator, useSessionActions } from '../features/auth/current-user';
import { UserMenu } from '../features/auth/UserMenu';
import { CartLinkIcon } from '../features/cart/CartLinkIcon';
import { useDemoMode } from '../shared/DemoModeProvider';
import { lazyPart } from '../shared/lazy-part';
import { FirstPageMarker, usePageSettled } from '../shared/page-settled';
import { MobileNav } from './MobileNav';

// The signed-in user's menus and cart load when there is a user and the first page has shown its
// data (page-settled.ts): the dropdowns bring the popover code and the cart the contracts' schemas,
// which the first page can do without. The wide header's menus load on wide screens only; below
// the md breakpoint the burger drawer has its own.
// A part whose code cannot be loaded leaves the header usable: no menus, or the cart icon without its count.
const HeaderMenus = lazyPart(async () => (await import('./HeaderMenus')).HeaderMenus, NoHeaderMenus);
const CartNavLink = lazyPart(async () => (await import('../features/cart/CartNavLink')).CartNavLink, EmptyCartLink);
const NotificationBell = lazyPart(
  async () => (await import('../features/alerts/NotificationBell')).NotificationBell,
  NoHeaderMenus,
);
// The language selector of wide screens loads with the shell but as a file of its own: a phone
// never shows it in the header (its burger drawer has one), so it keeps the select's code out of
// the first download there.
const LanguageSelect = lazyPart(async () => (await import('./LanguageSelect')).LanguageSelect, NoHeaderMenus);

function NoHeaderMenus() {
  return null;
}

function EmptyCartLink() {
  return <CartLinkIcon count={0} />;
}

function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" className="page-status">
      <Loader role="status" aria-label={t('app.loadingPage')} />
    </Center>
  );
}

/**
 * Header (logo, title, demo marker, menus, cart, language, profile), the page, and the footer with
 * the legal links. Below the md breakpoint the menus and the language move into a burger drawer;
 * cart and profile stay in the header, since they are used on every page.
 */
export function Shell() {
  const { t } = useTranslation();
  const { isDemoMode } = useDemoMode();
  const user = useCurrentUser();
  const isOperator = useIsOperator();
  const isSettled = usePageSettled();
  const { isBusy: isSessionBusy } = useSessionActions();
  // Mantine's md breakpoint (62em); read at once, so a phone never mounts the wide menus.
  const isWide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  return (
    // Plain elements rather than Mantine's AppShell, whose navbar, aside and resizing code the
    // header-and-page layout does not use and the first download can do without.
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton component={Link} to="/" className="brand-link" data-testid="home-link">
              <Group gap={8} wrap="nowrap">
                <IconDatabase size={26} color="var(--mantine-primary-color-filled)" aria-hidden />
                <Text fw={700} size="lg" component="span" className="brand-title">
                  {t('app.title')}
                </Text>
              </Group>
            </UnstyledButton>
            {isDemoMode && (
              <Badge color="orange.9" variant="filled" size="sm" data-testid="demo-marker">
                {t('app.demo')}
              </Badge>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" visibleFrom="md">
              {user && isSettled && isWide && (
                <Suspense fallback={null}>
                  <HeaderMenus isOperator={isOperator} />
                </Suspense>
              )}
            </Group>
            {user && isSettled && (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            )}
            {user &&
              (isSettled ? (
                <Suspense fallback={<CartLinkIcon count={0} />}>
                  <CartNavLink />
                </Suspense>
              ) : (
                <CartLinkIcon count={0} />
              ))}
            {isWide && (
              <Group visibleFrom="md" className="header-language">
                <Suspense fallback={null}>
                  <LanguageSelect />
                </Suspense>
              </Group>
            )}
            <UserMenu />
            <Group hiddenFrom="md">
              <MobileNav isSignedIn={user !== null} isOperator={isOperator} />
            </Group>
          </Group>
        </Group>
      </header>
      <main id="main" className="app-main">
        {/* Pages load on first visit (router.tsx); the header stays usable meanwhile. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          {/* Once the sign-in check is over: until then a guarded page shows only its status line and has
              asked for none of its data, so the marker would find the calls at rest and settle before the
              page's answers, and the extras would load and render ahead of them. */}
          {!isSessionBusy && <FirstPageMarker />}
        </Suspense>
      </main>
      {/* In normal flow below the page rather than fixed, so it never covers results on small screens. */}
      <footer className="app-footer">
        <Group justify="space-between" wrap="wrap" gap="xs" px="md" py="sm">
          <Text size="xs" c="gray.7">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
          <Group gap="md" component="nav" aria-label={t('footer.legalLinks')}>
            <Anchor component={Link} to="/impressum" size="xs">
              {t('footer.impressum')}
            </Anchor>
            <Anchor component={Link} to="/dataProtection" size="xs">
              {t('footer.dataProtection')}
            </Anchor>
            <Anchor component={Link} to="/terms" size="xs">
              {t('footer.terms')}
            </Anchor>
          </Group>
        </Group>
      </footer>
    </div>
  );
}
