import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../shared/lazy-part';

// A drawer whose code cannot be loaded leaves the burger inert rather than the shell broken.
const MobileNavDrawer = lazyPart(async () => (await import('./MobileNavDrawer')).MobileNavDrawer, NoDrawer);

function NoDrawer() {
  return null;
}

export type TMobileNavProps = {
  /** Whether the menus of signed-in users are shown. */
  isSignedIn: boolean;
  /** Whether the Connectors link of operators is shown. */
  isOperator?: boolean;
};

/**
 * The navbar's menus folded into a burger and a drawer, for screens too narrow for the menu row.
 * The drawer traps focus while open and gives it back to the burger when it closes; it is mounted
 * on the first open.
 */
export function MobileNav({ isSignedIn, isOperator = false }: TMobileNavProps) {
  const { t } = useTranslation();
  const [isOpen, { toggle, close }] = useDisclosure(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  return (
    <>
      <Burger
        opened={isOpen}
        onClick={toggle}
        size="sm"
        aria-label={t('nav.openMenu')}
        aria-expanded={isOpen}
        aria-controls="mobile-nav"
        data-testid="burger"
      />
      {hasOpened && (
        <Suspense fallback={null}>
          <MobileNavDrawer isOpen={isOpen} onClose={close} isSignedIn={isSignedIn} isOperator={isOperator} />
        </Suspense>
      )}
    </>
  );
}
