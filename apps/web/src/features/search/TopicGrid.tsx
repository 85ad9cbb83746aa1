import { COMPLETE_CATALOG_TOPIC, HOME_TOPICS } from '@dsm/contracts';
import { Card, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
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

const ICONS: Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
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

/** The 14 topic cards of the home page, in the specification's order (GEOGRAPHY twice). */
export function TopicGrid({ onSelect }: { onSelect: (topic: string) => void }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="md">
      {HOME_TOPICS.map((topic, index) => {
        const Icon = ICONS[topic] ?? IconCategory;
        return (
          <UnstyledButton
            // biome-ignore lint/suspicious/noArrayIndexKey: the fixed list repeats GEOGRAPHY, so only the position is unique
            key={`${topic}-${index}`}
            data-testid="topic-card"
            onClick={() => onSelect(topic)}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Card
              withBorder
              padding="lg"
              radius="md"
              h="100%"
              style={{ display: 'flex', flexDirection: 'row', alignItems: 'center', gap: 12 }}
            >
              <ThemeIcon size={40} radius="md" variant="light">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <Text fw={600}>{t(`category.${topic}`)}</Text>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
