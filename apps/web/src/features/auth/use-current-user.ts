export { type TCurrentUser, useCurrentUser } from './current-user';
