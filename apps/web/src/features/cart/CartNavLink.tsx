import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCart } from './use-cart';

/** The navbar's cart icon: a link to /cart with a red badge of the item count, shown only above 0. */
export function CartNavLink() {
  const { t } = useTranslation();
  const { count } = useCart();
  return (
    <Box pos="relative">
      <ActionIcon
        component={Link}
        to="/cart"
        variant="subtle"
        size="lg"
        aria-label={t('cart.linkLabel', { count })}
        data-testid="cart-link"
      >
        <IconShoppingCart size={22} aria-hidden />
      </ActionIcon>
      {count > 0 && (
        // The link's label already says the count; the badge is for the eye only.
        <Badge
          color="red.8"
          variant="filled"
          size="xs"
          circle={count < 10}
          pos="absolute"
          top={-4}
          right={-6}
          style={{ pointerEvents: 'none' }}
          aria-hidden
          data-testid="cart-badge"
        >
          {count}
        </Badge>
      )}
    </Box>
  );
}
