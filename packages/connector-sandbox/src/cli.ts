// `npm start -w @dsm/connector-sandbox`: the two demo connectors on their own, for trying the connector client or a
// marketplace that is not started in the embedded mode. Ports and the API key come from the environment.
import { startDemoSandboxes } from './demo';

const port = (name: string): number => {
  const value = Number(process.env[name] ?? 0);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    process.stderr.write(`${name} must be a port number (0 picks a free one)\n`);
    process.exit(2);
  }
  return value;
};

const sandboxes = await startDemoSandboxes({
  host: process.env.SANDBOX_HOST ?? '127.0.0.1',
  providerPort: port('SANDBOX_PROVIDER_PORT'),
  consumerPort: port('SANDBOX_CONSUMER_PORT'),
  ...(process.env.SANDBOX_API_KEY ? { apiKey: process.env.SANDBOX_API_KEY } : {}),
});
for (const sandbox of [sandboxes.provider, sandboxes.consumer]) {
  const { management, version } = sandbox.addresses;
  process.stdout.write(`${sandbox.participantId}: ${sandbox.url} (management ${management}, version API ${version})\n`);
}
process.stdout.write('Sandbox connectors for tests and demos only. Ctrl-C stops them.\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    sandboxes.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
