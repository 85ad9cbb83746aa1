import type { TNavMenuProps } from '../../shared/ui/NavMenu';

/** The navbar's 'Offers' menu: 'My offerings' and 'Create offer'. */
export const OFFERS_MENU: TNavMenuProps = {
  label: 'nav.offers',
  testId: 'offers-menu',
  items: [
    { to: '/my-offerings', label: 'nav.myOfferings' },
    { to: '/offer/create/pre', label: 'nav.createOffer' },
  ],
};
