import { Button, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../shared/alerts';
import { useDemoMode } from '../../shared/demo-mode';
import { addTerms, DEMO_MODE_OFF, DEMO_MODE_ON, splitTerms } from './search-terms';

/** Categories offered as one-click search terms. */
const SUGGESTED_TOPICS = ['ENVIRONMENT', 'TRANSPORT', 'ENERGY', 'HEALTH'] as const;
/** How long the query-size alert stays, as the specification fixes it. */
export const QUERY_SIZE_ALERT_MS = 2000;

export type TSearchBarProps = {
  /** The accumulated terms, shown as removable tags. */
  terms: string[];
  /** Runs a search with these terms. */
  onSearch: (terms: string[]) => void;
  /** Clears terms and filters and lists everything. */
  onShowCompleteCatalog: () => void;
};

/** Free text and suggested topics accumulate as terms; the limits and the demo phrases apply. */
export function SearchBar({ terms, onSearch, onShowCompleteCatalog }: TSearchBarProps) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const { setDemoMode } = useDemoMode();
  const [text, setText] = useState('');

  const submit = (additions: string[]) => {
    const result = addTerms(terms, additions);
    if (result.isOverLimit) {
      showAlert(t('search.queryTooLarge'), { type: 'error', duration: QUERY_SIZE_ALERT_MS });
      return;
    }
    setText('');
    onSearch(result.terms);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (typed === DEMO_MODE_ON || typed === DEMO_MODE_OFF) {
      setDemoMode(typed === DEMO_MODE_ON);
      setText('');
      showAlert(t(typed === DEMO_MODE_ON ? 'search.demoOn' : 'search.demoOff'));
      return;
    }
    submit(splitTerms(text));
  };

  return (
    <Stack gap="xs" component="section" aria-label={t('search.label')}>
      {/* biome-ignore lint/a11y/useSemanticElements: the search landmark is the form itself, so Enter submits it */}
      <form onSubmit={handleSubmit} role="search">
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            flex={1}
            size="md"
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            leftSection={<IconSearch size={18} aria-hidden />}
            maxLength={4000}
          />
          <Button type="submit" size="md">
            {t('search.button')}
          </Button>
        </Group>
      </form>
      {terms.length > 0 && (
        <Group gap={6} aria-label={t('search.terms')} role="list">
          {terms.map((term) => (
            <Pill
              key={term}
              size="lg"
              role="listitem"
              withRemoveButton
              // Mantine hides the remove button from keyboards and screen readers by default; tags must be removable by both.
              removeButtonProps={{ 'aria-label': t('search.removeTerm', { term }), 'aria-hidden': false, tabIndex: 0 }}
              onRemove={() => onSearch(terms.filter((item) => item !== term))}
            >
              {term}
            </Pill>
          ))}
        </Group>
      )}
      <Group gap={6}>
        <Text size="sm" c="gray.7">
          {t('search.suggestedTopics')}:
        </Text>
        {SUGGESTED_TOPICS.map((topic) => (
          <Button key={topic} size="compact-sm" variant="light" onClick={() => submit([t(`category.${topic}`)])}>
            {t(`category.${topic}`)}
          </Button>
        ))}
        <Button size="compact-sm" variant="subtle" onClick={onShowCompleteCatalog}>
          {t('search.showCompleteCatalog')}
        </Button>
      </Group>
    </Stack>
  );
}
