/** What other features use of the publisher page: the link to it. */
export { PublisherLink } from './PublisherLink';
