import { facetCountText } from './facet-options';

/** The page's language and the estimate's explanation, read once by the list rather than by each of its labels. */
export type TFacetLabelText = { language: string; estimatedHint: string };

export type TFacetLabelProps = {
  label: string;
  /** How many matching offers have the value; null shows the label alone. */
  count: number | null;
  /** The count is an estimate over the newest 10,000 matches. */
  isEstimated: boolean;
  text: TFacetLabelText;
};

/** A filter value with its count, 'Transport (1,204)', or '(~1,204)' when the counts are estimates. */
export function FacetLabel({ label, count, isEstimated, text }: TFacetLabelProps) {
  if (count === null) return <>{label}</>;
  return (
    <>
      {label}{' '}
      <span className="facet-count" title={isEstimated ? text.estimatedHint : undefined}>
        ({facetCountText(count, isEstimated, text.language)})
      </span>
    </>
  );
}
