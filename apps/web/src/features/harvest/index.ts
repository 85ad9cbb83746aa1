/**
 * No other feature uses anything of this one. Its pages are routed by app/router.tsx, which loads them from
 * their own files so that each stays in a chunk of its own; what another feature comes to need is exported here.
 */
export {};
