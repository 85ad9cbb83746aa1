import { Button, Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FacetLabel, type TFacetLabelText } from './FacetLabel';
import { type TFacetOption, visibleOptions } from './facet-options';

/** A folded group lists this many values; 'Show more' lists the rest. */
export const FOLDED_FACET_VALUES = 8;

export type TFacetGroupProps = {
  label: string;
  options: readonly TFacetOption[];
  selected: readonly string[];
  /** The counts are estimates over the newest 10,000 matches. */
  isEstimated: boolean;
  /** Id of the text that explains estimated counts to screen readers. */
  estimateHintId?: string;
  labelText: TFacetLabelText;
  onChange: (selected: string[]) => void;
  'data-testid'?: string;
};

/** A facet's values as checkboxes with their counts, folded to the first few; nothing when it has no values. */
export function FacetGroup({
  label,
  options,
  selected,
  isEstimated,
  estimateHintId,
  labelText,
  onChange,
  'data-testid': testId,
}: TFacetGroupProps) {
  const { t } = useTranslation();
  const [isUnfolded, setUnfolded] = useState(false);
  if (options.length === 0) return null;
  const shown = isUnfolded ? options : visibleOptions(options, selected, FOLDED_FACET_VALUES);
  const hiddenCount = options.length - shown.length;

  return (
    <Checkbox.Group
      label={label}
      value={[...selected]}
      onChange={onChange}
      aria-describedby={isEstimated ? estimateHintId : undefined}
      data-testid={testId}
    >
      <Stack gap={6} mt={6}>
        {shown.map((option) => (
          <Checkbox
            key={option.value}
            value={option.value}
            label={<FacetLabel label={option.label} count={option.count} isEstimated={isEstimated} text={labelText} />}
          />
        ))}
        {(hiddenCount > 0 || isUnfolded) && options.length > FOLDED_FACET_VALUES && (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: 'flex-start' }}
            aria-expanded={isUnfolded}
            onClick={() => setUnfolded((is) => !is)}
          >
            {isUnfolded ? t('filter.showFewer') : t('filter.showMore', { count: hiddenCount })}
          </Button>
        )}
      </Stack>
    </Checkbox.Group>
  );
}
