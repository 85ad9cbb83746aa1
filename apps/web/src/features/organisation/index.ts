/** What other features use of the organisation profile: the buyer's organisation and the alert for an incomplete one. */
export { OrganisationIncompleteAlert } from './OrganisationIncompleteAlert';
export { useOwnOrganisation } from './use-organisation';
