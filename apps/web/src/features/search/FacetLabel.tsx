import { useTranslation } from 'react-i18next';
import { facetCountText } from './facet-options';

export type TFacetLabelProps = {
  label: string;
  /** How many matching offers have the value; null shows the label alone. */
  count: number | null;
  /** The count is an estimate over the newest 10,000 matches. */
  isEstimated: boolean;
};

/** A filter value with its count, 'Transport (1,204)', or '(~1,204)' when the counts are estimates. */
export function FacetLabel({ label, count, isEstimated }: TFacetLabelProps) {
  const { t, i18n } = useTranslation();
  if (count === null) return <>{label}</>;
  return (
    <>
      {label}{' '}
      <span className="facet-count" title={isEstimated ? t('filter.estimatedCountHint') : undefined}>
        ({facetCountText(count, isEstimated, i18n.language)})
      </span>
    </>
  );
}
