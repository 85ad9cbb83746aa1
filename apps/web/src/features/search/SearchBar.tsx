import { Button, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchBar } from './use-search-bar';

/** Categories offered as one-click search terms. */
const SUGGESTED_TOPICS = ['ENVIRONMENT', 'TRANSPORT', 'ENERGY', 'HEALTH'] as const;

export type TSearchBarProps = {
  /** The searched terms, shown as removable tags. */
  terms: readonly string[];
  /** Runs a search with these terms. */
  onSearch: (terms: string[]) => void;
  /** Clears terms and filters and lists everything. */
  onShowCompleteCatalog: () => void;
};

/** Search input and button, the terms as removable tags, suggested topics and 'show complete catalog'. */
export function SearchBar({ terms, onSearch, onShowCompleteCatalog }: TSearchBarProps) {
  const { t } = useTranslation();
  const bar = useSearchBar(terms, onSearch, onShowCompleteCatalog);
  const topicsLabelId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    bar.submit();
  };

  return (
    <Stack gap="xs">
      <search aria-label={t('search.label')}>
        <form onSubmit={handleSubmit}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              flex={1}
              size="md"
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={bar.text}
              onChange={(event) => bar.setText(event.currentTarget.value)}
              leftSection={<IconSearch size={18} aria-hidden />}
              data-testid="search-input"
            />
            <Button type="submit" size="md" data-testid="search-button">
              {t('search.button')}
            </Button>
          </Group>
        </form>
      </search>
      {bar.terms.length > 0 && (
        <Group gap={6} aria-label={t('search.terms')} role="list" data-testid="search-terms">
          {bar.terms.map((term) => (
            <Pill
              key={term}
              size="lg"
              role="listitem"
              withRemoveButton
              // Mantine hides the remove button from keyboards and screen readers by default; tags must be removable by both.
              removeButtonProps={{ 'aria-label': t('search.removeTerm', { term }), 'aria-hidden': false, tabIndex: 0 }}
              onRemove={() => bar.removeTerm(term)}
            >
              {/* Isolated, so a right-to-left term never reorders the pills around it. */}
              <bdi>{term}</bdi>
            </Pill>
          ))}
        </Group>
      )}
      <Group gap={6}>
        <Text size="sm" c="gray.7" id={topicsLabelId}>
          {t('search.suggestedTopics')}:
        </Text>
        <Group gap={6} role="group" aria-labelledby={topicsLabelId}>
          {SUGGESTED_TOPICS.map((topic) => (
            <Button key={topic} size="compact-sm" variant="light" onClick={() => bar.addTerm(t(`category.${topic}`))}>
              {t(`category.${topic}`)}
            </Button>
          ))}
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={bar.showCompleteCatalog}
          data-testid="show-complete-catalog"
        >
          {t('search.showCompleteCatalog')}
        </Button>
      </Group>
    </Stack>
  );
}
