import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The navbar's cart icon for a given item count: a link to /cart with a red badge above 0. Also
 * the stand-in while the cart code loads (Shell.tsx), so it holds its place in the header.
 */
export function CartLinkIcon({ count }: { count: number }) {
  const { t } = useTranslation();
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
