export * from './auth';
export * from './catalogue';
export * from './errors';
export * from './health';
export * from './licence';
export * from './offer';
export * from './search';
