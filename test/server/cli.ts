// Command line of the local Bitbucket-compatible server:
//
//   node out/test/server/cli.js [--port N] [--host H] [--context-path /bitbucket] [--data FILE]
//                               [--demo] [--tls] [--latency MS]
//
// Prints `listening on <base url>` once ready (and `ca <path>` with --tls, the certificate a
// client must trust), then serves until SIGINT or SIGTERM. Other programs wait for that first
// line, so nothing else is printed to stdout.

import { parseArgs } from 'node:util';
import { DEFAULT_PORT, startServer, type ServerOptions } from './server';
import { generateSelfSignedCertificate, type GeneratedCertificate } from './tls';

const USAGE = 'usage: cli.js [--port N] [--host H] [--context-path PATH] [--data FILE] [--demo] [--tls] [--latency MS]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string' },
      'context-path': { type: 'string' },
      data: { type: 'string' },
      demo: { type: 'boolean', default: false },
      tls: { type: 'boolean', default: false },
      latency: { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }

  let certificate: GeneratedCertificate | undefined;
  if (values.tls) certificate = await generateSelfSignedCertificate();
  const options: ServerOptions = {
    port: wholeNumber('--port', values.port),
    host: values.host,
    contextPath: values['context-path'],
    dataFile: values.data,
    demo: values.demo,
    latencyMs: wholeNumber('--latency', values.latency),
    tls: certificate && { key: certificate.key, cert: certificate.cert },
  };
  const server = await startServer(options);
  console.log(`listening on ${server.url}`);
  if (certificate) console.log(`ca ${certificate.certPath}`);

  // Every change is already on disk (state.ts writes after each one); stopping only has to
  // end connections and remove the temporary certificate.
  const stop = async (): Promise<void> => {
    await server.close();
    await certificate?.remove();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new Error(`${flag} needs a whole number, not "${text}"\n${USAGE}`);
  return Number(text);
}

main().catch((error: unknown) => {
  console.error(`local Bitbucket server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
