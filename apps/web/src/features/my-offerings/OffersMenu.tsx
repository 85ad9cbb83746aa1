import { useTranslation } from 'react-i18next';
import { NavMenu } from '../../shared/ui/NavMenu';

/** The navbar's 'Offers' menu: 'My offerings' and 'Create offer'. */
export function OffersMenu() {
  const { t } = useTranslation();
  return (
    <NavMenu
      label={t('nav.offers')}
      testId="offers-menu"
      items={[
        { to: '/my-offerings', label: t('nav.myOfferings') },
        { to: '/offer/create/pre', label: t('nav.createOffer') },
      ]}
    />
  );
}
