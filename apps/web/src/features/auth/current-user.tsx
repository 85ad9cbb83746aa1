import { createContext, type ReactNode, useContext } from 'react';

/** The signed-in user as pages see it: profile from the provider, roles from the access token. */
export type TCurrentUser = {
  /** The provider's subject id. */
  id: string;
  email: string;
  name: string;
  roles: string[];
};

/** What pages can ask of the session, and where it stands. */
export type TSessionActions = {
  /** True while the session is being set up or a redirect is under way. */
  isBusy: boolean;
  /** Why the last sign-in failed at the callback, if it did. */
  error: string | null;
  /** Sends the user to the provider's login, coming back to a path of the app; rejects when it cannot. */
  signIn(returnTo?: string): Promise<void>;
  /** Ends the session here and at the provider and shows /login. */
  signOut(): void;
  /** Signs out a user who lacks the product role and shows /login with the reason. */
  signOutLackingRole(): void;
};

const RequiredRoleContext = createContext<string>('DSM_USER');

/** The role every guarded page needs: `${PRODUCT_ID}_USER`, as the server's settings name it. */
export function useRequiredRole(): string {
  return useContext(RequiredRoleContext);
}

/**
 * The role of the connector pages and the console: `${PRODUCT_ID}_OPERATOR`, named like the product role, whose
 * `_USER` suffix it replaces.
 */
export function useOperatorRole(): string {
  return useRequiredRole().replace(/_USER$/, '_OPERATOR');
}

const CurrentUserContext = createContext<TCurrentUser | null>(null);
const SessionActionsContext = createContext<TSessionActions>({
  isBusy: false,
  error: null,
  signIn: async () => {},
  signOut: () => {},
  signOutLackingRole: () => {},
});

/** The signed-in user, or null when nobody is. */
export function useCurrentUser(): TCurrentUser | null {
  return useContext(CurrentUserContext);
}

/** Whether the signed-in user holds the operator role; false when nobody is signed in. */
export function useIsOperator(): boolean {
  const user = useCurrentUser();
  const operatorRole = useOperatorRole();
  return user?.roles.includes(operatorRole) ?? false;
}

/** Sign-in and sign-out, for the navbar and the login page. */
export function useSessionActions(): TSessionActions {
  return useContext(SessionActionsContext);
}

export type TCurrentUserProviderProps = {
  user: TCurrentUser | null;
  actions?: TSessionActions;
  /** The product role; tests keep the default DSM_USER. */
  requiredRole?: string;
  children: ReactNode;
};

/**
 * Provides the user and the actions; the sign-in provider fills it, tests give a user of their own.
 * The providers are always rendered (missing values come from the parent), so the page below keeps
 * its place in the tree when the session arrives.
 */
export function CurrentUserProvider({ user, actions, requiredRole, children }: TCurrentUserProviderProps) {
  const parentActions = useContext(SessionActionsContext);
  const parentRole = useContext(RequiredRoleContext);
  return (
    <RequiredRoleContext.Provider value={requiredRole ?? parentRole}>
      <SessionActionsContext.Provider value={actions ?? parentActions}>
        <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>
      </SessionActionsContext.Provider>
    </RequiredRoleContext.Provider>
  );
}
