export {
  CONSUMER_SEED,
  type DemoSandboxes,
  type DemoSandboxesOptions,
  PROVIDER_SEED,
  startDemoSandboxes,
} from './demo';
export {
  DEFAULT_STEP_DELAY_MS,
  type ManagementApiVersion,
  type Sandbox,
  type SandboxAddresses,
  type SandboxOptions,
  type SandboxSeed,
  startSandbox,
} from './start-sandbox';
export * from './states';
