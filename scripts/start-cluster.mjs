// `npm run start:cluster -- --instances N --port P`: N app processes on PostgreSQL (DATABASE_URL) behind nginx on
// port P (README, "Running at scale"). Ctrl-C or SIGTERM stops everything it started.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import './load-env.mjs';
import { startCluster } from './cluster.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'app-port': { type: 'string' },
    'run-dir': { type: 'string', default: 'data/cluster' },
    'tls-certificate': { type: 'string' },
    'tls-key': { type: 'string' },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
const appPort = values['app-port'] ? Number(values['app-port']) : port + 1;
const tlsFiles = [values['tls-certificate'], values['tls-key']];
if (
  !Number.isInteger(instances) ||
  instances < 1 ||
  ![port, appPort].every(Number.isInteger) ||
  tlsFiles.filter(Boolean).length === 1
) {
  console.error(
    'Usage: npm run start:cluster -- --instances N --port P [--host ADDRESS] [--app-port FIRST] [--run-dir DIR] ' +
      '[--tls-certificate PEM --tls-key PEM]',
  );
  process.exit(2);
}
const runDir = path.resolve(values['run-dir']);
mkdirSync(runDir, { recursive: true });

let cluster;
try {
  const tls = tlsFiles[0] ? { certificate: path.resolve(tlsFiles[0]), key: path.resolve(tlsFiles[1]) } : undefined;
  cluster = await startCluster({ instances, port, host: values.host, appPort, runDir, tls });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`Sopka: ${instances} instance(s) on ports ${appPort}–${appPort + instances - 1}, nginx on ${cluster.url}`);

let stopping = false;
async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster…');
  const exits = await cluster.stop();
  process.exit(exitCode || (exits.every(({ code }) => code === 0) ? 0 : 1));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const { index, child } of cluster.instances)
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`app ${index + 1} exited (${code ?? signal}); nginx sends its requests to the others`);
  });
cluster.nginx.on('exit', (code) => {
  if (!stopping) {
    console.error(`nginx exited (${code}); stopping`);
    stop(1);
  }
});
