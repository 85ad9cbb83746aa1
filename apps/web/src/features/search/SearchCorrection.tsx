import { Anchor, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { correctedTerms } from './search-correction';

export type TSearchCorrectionProps = {
  /** The terms as the user typed them. */
  typed: readonly string[];
  /** The '|'-joined terms the server searched instead. */
  correctedQuery: string;
  /** The same search with the words as typed, uncorrected. */
  exactPath: string;
};

/**
 * 'Showing results for <corrected words>' and a link 'Search instead for <typed words>', as the big
 * search engines say it: the user sees at once that the words were changed and can undo it.
 */
export function SearchCorrection({ typed, correctedQuery, exactPath }: TSearchCorrectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="search-correction" style={{ overflowWrap: 'anywhere' }}>
      <Text data-testid="search-corrected-to">
        {t('results.showingResultsFor')}{' '}
        {correctedTerms(typed, correctedQuery).map(({ term, isCorrected }, index) => (
          <Fragment key={term}>
            {index > 0 && ' '}
            {/* Isolated, so a right-to-left term never reorders the words around it. */}
            {isCorrected ? (
              <Text component="strong" inherit fw={700} fs="italic">
                <bdi>{term}</bdi>
              </Text>
            ) : (
              <bdi>{term}</bdi>
            )}
          </Fragment>
        ))}
      </Text>
      <Text size="sm">
        <Anchor component={Link} to={exactPath} data-testid="search-instead">
          {t('results.searchInsteadFor')} <bdi>{typed.join(' ')}</bdi>
        </Anchor>
      </Text>
    </Stack>
  );
}
