import { COMPLETE_CATALOG_TOPIC, HOME_TOPICS } from '@dsm/contracts';
import { SimpleGrid, UnstyledButton } from '@mantine/core';
import {
  IconAtom,
  IconBolt,
  IconBook,
  IconBriefcase,
  IconBuildingBank,
  IconBus,
  IconCategory,
  IconChartLine,
  IconLeaf,
  IconMap,
  IconPlant,
  IconScale,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  [COMPLETE_CATALOG_TOPIC]: IconCategory,
  ENVIRONMENT: IconLeaf,
  LAW: IconScale,
  GEOGRAPHY: IconMap,
  SCIENCE: IconAtom,
  ECONOMICS: IconChartLine,
  SOCIAL_QUESTIONS: IconUsers,
  POLITICS: IconBuildingBank,
  AGRICULTURE_FORESTRY_AND_FISHERIES: IconPlant,
  TRANSPORT: IconBus,
  EDUCATION_AND_COMMUNICATIONS: IconBook,
  ENERGY: IconBolt,
  EMPLOYMENT_AND_WORKING_CONDITIONS: IconBriefcase,
};

export type TTopicGridProps = {
  /** A topic card was chosen: a HOME_TOPICS entry, 'Complete Catalog' included. */
  onSelect: (topic: string) => void;
};

/** The 14 topic cards of the home page, in the specification's order (GEOGRAPHY twice): 4 columns, fewer on narrow screens. */
export function TopicGrid({ onSelect }: TTopicGridProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="md">
      {HOME_TOPICS.map((topic, index) => {
        const Icon = ICONS[topic] ?? IconCategory;
        return (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: the fixed list repeats GEOGRAPHY, so only the position is unique
            key={`${topic}-${index}`}
            className="topic-card"
            data-testid="topic-card"
            data-topic={topic}
            onClick={() => onSelect(topic)}
          >
            <span className="topic-card__icon" aria-hidden>
              <Icon size={22} />
            </span>
            <span>{t(`category.${topic}`)}</span>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
