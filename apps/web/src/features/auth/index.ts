/** What other features use of sign-in: who is signed in. */
export { useCurrentUser } from './current-user';
