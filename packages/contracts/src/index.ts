export * from './auth';
export * from './catalogue';
export * from './connector';
export * from './errors';
export * from './health';
export * from './licence';
export * from './offer';
export * from './search';
