/** What other features use of the usage figures: the panels on an acquisition and on a sale. */
export { AcquisitionUsagePanel } from './AcquisitionUsagePanel';
export { SalesUsagePanel } from './SalesUsagePanel';
