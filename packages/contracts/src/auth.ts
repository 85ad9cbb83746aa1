import { z } from 'zod';

/** What the web app needs to sign people in, read at start so one build serves every deployment. */
export const ZAppConfig = z.object({
  /** The OpenID Connect issuer (the embedded realm or an external Keycloak realm). */
  issuer: z.string().url(),
  /** The public client of the web app. */
  clientId: z.string(),
  /** The role every page and call requires: `${PRODUCT_ID}_USER`. */
  userRole: z.string(),
  /** Dot path of the roles array in access tokens, for example `realm_access.roles`. */
  rolesClaim: z.string(),
  /** True when the embedded provider serves sign-in (it offers sign-up). */
  isEmbeddedIdp: z.boolean(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

export const appConfigEndpoint = { method: 'GET', path: '/app-config.json' } as const;
