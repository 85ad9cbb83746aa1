/** What other features use of the data preview: the preview on the offer page. */
export { DataPreview } from './DataPreview';
