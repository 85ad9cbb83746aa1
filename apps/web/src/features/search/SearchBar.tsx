import { Box, Button, Group, Paper, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchBar } from './use-search-bar';
import { useSuggestions } from './use-suggestions';

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

/**
 * Search input and button with suggestions completing the typed text, the terms as removable tags,
 * suggested topics and 'show complete catalog'. The suggestion list is a plain listbox, not Mantine's
 * combobox: the bar is on the first screen of the home and results pages, and the combobox with
 * floating-ui would add about 27 KB gzip to their first chunk (docs/performance.md).
 */
export function SearchBar({ terms, onSearch, onShowCompleteCatalog }: TSearchBarProps) {
  const { t } = useTranslation();
  const bar = useSearchBar(terms, onSearch, onShowCompleteCatalog);
  const topicsLabelId = useId();
  const listId = useId();
  const suggestions = useSuggestions(bar.text);
  const [isListOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const isShown = isListOpen && suggestions.length > 0;
  const activeIndex = isShown && active < suggestions.length ? active : -1;

  const closeList = () => {
    setListOpen(false);
    setActive(-1);
  };
  const pick = (text: string) => {
    closeList();
    bar.pickSuggestion(text);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    closeList();
    bar.submit();
  };
  // The listbox pattern: arrows move through the suggestions (the input keeps the focus), Enter picks the
  // highlighted one or, with none highlighted, searches the typed text; Escape closes the list.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setListOpen(true);
      setActive(isShown ? (activeIndex + step + suggestions.length) % suggestions.length : step > 0 ? 0 : -1);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      pick(suggestions[activeIndex]?.text ?? '');
    } else if (event.key === 'Escape' && isShown) {
      event.preventDefault();
      closeList();
    }
  };

  return (
    <Stack gap="xs">
      <search aria-label={t('search.label')}>
        <form onSubmit={handleSubmit}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Box flex={1} pos="relative">
              <TextInput
                size="md"
                aria-label={t('search.label')}
                placeholder={t('search.placeholder')}
                value={bar.text}
                onChange={(event) => {
                  bar.setText(event.currentTarget.value);
                  setListOpen(true);
                  setActive(-1);
                }}
                onKeyDown={handleKeyDown}
                onBlur={closeList}
                autoComplete="off"
                // The attributes Mantine's own autocomplete gives its input; it stays a textbox for finding it by role.
                aria-haspopup="listbox"
                aria-autocomplete="list"
                aria-controls={isShown ? listId : undefined}
                aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
                leftSection={<IconSearch size={18} aria-hidden />}
                data-testid="search-input"
              />
              {isShown && (
                <Paper
                  role="listbox"
                  id={listId}
                  aria-label={t('search.suggestions')}
                  className="search-suggestions"
                  shadow="md"
                  withBorder
                  data-testid="search-suggestions"
                >
                  {suggestions.map((suggestion, position) => (
                    // The input keeps the focus and answers the keys (aria-activedescendant); a click picks too.
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled by the input, as the listbox pattern asks.
                    <div
                      key={`${suggestion.kind}:${suggestion.text}`}
                      tabIndex={-1}
                      id={`${listId}-${position}`}
                      role="option"
                      aria-selected={position === activeIndex}
                      className="search-suggestion"
                      // Keeps the focus in the input, which a click would otherwise take before the pick.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => pick(suggestion.text)}
                      onMouseEnter={() => setActive(position)}
                    >
                      <bdi>{suggestion.text}</bdi>
                      <Text component="span" size="xs" c="gray.7">
                        {t(suggestion.kind === 'keyword' ? 'search.suggestionKeyword' : 'search.suggestionTitle')}
                      </Text>
                    </div>
                  ))}
                </Paper>
              )}
            </Box>
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
