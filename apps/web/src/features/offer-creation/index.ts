/** What other features use of the offer wizard: the path that opens it (to edit an offer). */
export { wizardPath } from './offer-input';
