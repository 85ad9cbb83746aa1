import { COMPLETE_CATALOG_TOPIC, HOME_TOPICS } from '@dsm/contracts';
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
    // A plain grid styled by app.css: Mantine's SimpleGrid writes its responsive columns into a style
    // element while rendering, one more style recalculation in the home page's first commit.
    <div className="topic-grid">
      {HOME_TOPICS.map((topic, index) => {
        const Icon = ICONS[topic] ?? IconCategory;
        return (
          <button
            type="button"
            // biome-ignore lint/suspicious/noArrayIndexKey: the fixed list repeats GEOGRAPHY, so only the position is unique
            key={`${topic}-${index}`}
            className="topic-card mantine-focus-auto"
            data-testid="topic-card"
            data-topic={topic}
            onClick={() => onSelect(topic)}
          >
            <span className="topic-card__icon" aria-hidden>
              <Icon size={22} />
            </span>
            <span>{t(`category.${topic}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
