import type { TPreview, TPreviewCell } from '@dsm/contracts';
import { useTranslation } from 'react-i18next';

export type TPreviewTableProps = {
  preview: Pick<TPreview, 'columns' | 'rows'>;
  /** The endpoint's name, for the table's caption. */
  name: string;
};

const cellText = (cell: TPreviewCell): string => (cell === null ? '' : String(cell));

const isNumeric = (type: string | undefined) => type === 'integer' || type === 'number';

/**
 * The preview's rows under a sticky header that names each column and its guessed type. The table scrolls inside
 * its own focusable region (sideways on phones), so a keyboard user can scroll it with the arrow keys. Plain
 * elements styled by app.css (`.preview-table`): up to 100 rows of many columns are thousands of cells, and a
 * component per cell made the details page stall a slow phone while it drew them.
 */
export function PreviewTable({ preview, name }: TPreviewTableProps) {
  const { t } = useTranslation();
  const numeric = preview.columns.map((column) => isNumeric(column.type));
  return (
    // A region that scrolls must take the focus, so that a keyboard can scroll it (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
    <section className="preview-table" tabIndex={0} aria-label={t('preview.tableRegion')} data-testid="preview-table">
      <table>
        <caption>{t('preview.caption', { name })}</caption>
        <thead>
          <tr>
            {preview.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column names may repeat; the place is the identity.
              <th key={index} scope="col">
                <span className="preview-table__name">{column.name}</span>
                <span className="preview-table__type" data-testid="preview-column-type">
                  {t(`preview.type.${column.type}`)}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                <td key={cellIndex} className={numeric[cellIndex] ? 'is-numeric' : undefined}>
                  {cellText(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
