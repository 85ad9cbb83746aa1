import { ActionIcon } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TLikeButtonProps = {
  isLiked: boolean;
  /** The offer's title, so a list of hearts reads 'Unlike Air quality', not 'Unlike' again and again. */
  title: string;
  onToggle: () => void;
  isDisabled?: boolean;
};

/** The heart: filled when liked; a press likes or unlikes. */
export function LikeButton({ isLiked, title, onToggle, isDisabled = false }: TLikeButtonProps) {
  const { t } = useTranslation();
  const Icon = isLiked ? IconHeartFilled : IconHeart;
  return (
    <ActionIcon
      variant="subtle"
      color="red.8"
      size="lg"
      radius="xl"
      aria-label={t(isLiked ? 'offer.unlike' : 'offer.like', { title })}
      aria-pressed={isLiked}
      onClick={onToggle}
      disabled={isDisabled}
      data-testid="like-button"
    >
      <Icon size={22} aria-hidden />
    </ActionIcon>
  );
}
