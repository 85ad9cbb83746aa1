import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOpenedAfterMount } from '../../shared/use-opened-after-mount';

export type TAddedToCartModalProps = {
  /** The title of the offer just added; null keeps the modal closed. */
  title: string | null;
  onClose: () => void;
  /** Opens the checkout modal (this one closes first). */
  onCheckout: () => void;
};

/** Confirms an offer went into the cart and offers the next steps: keep shopping, the cart, or checkout. */
export function AddedToCartModal({ title, onClose, onCheckout }: TAddedToCartModalProps) {
  const { t } = useTranslation();
  const isOpened = useOpenedAfterMount(title !== null);
  const navigate = useNavigate();
  return (
    <Modal opened={isOpened} onClose={onClose} title={t('cart.added.title')} centered>
      <Stack gap="md" data-testid="added-to-cart-modal">
        <Text>{t('cart.added.text', { title: title ?? '' })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('cart.added.continue')}
          </Button>
          <Button
            variant="light"
            onClick={() => {
              onClose();
              navigate('/cart');
            }}
          >
            {t('cart.added.goToCart')}
          </Button>
          <Button
            onClick={() => {
              onClose();
              onCheckout();
            }}
            data-testid="added-checkout"
          >
            {t('cart.added.checkout')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
