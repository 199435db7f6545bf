/**
 * Runs a transparency-log witness (c2sp.org/tlog-witness):
 * `npm run witness -- --data <dir> --name <key name> [--port 7380] [--host 127.0.0.1] [--log <vkey>]...`
 *
 * The data directory holds the witness key (created on first start), the state of every log and
 * `logs.txt`, one log verifier key per line, read on each request. Exits 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { NoteFormatError } from '../src/shared/ledger/note';
import { createWitness } from '../src/witness/server';

const USAGE = `usage: npm run witness -- --data <dir> --name <key name> [--port <port>] [--host <host>] [--log <vkey>]...

  --data <dir>     data directory: witness-key.pem, state.json, logs.txt (default ./witness-data)
  --name <name>    the witness key name, e.g. witness.example.com/w1 (required)
  --port <port>    port to listen on (default $WITNESS_PORT or 7380)
  --host <host>    address to listen on (default 127.0.0.1)
  --log <vkey>     verifier key of a log to witness (Ed25519, type 0x01); repeatable;
                   more can be added to <dir>/logs.txt, one per line, without a restart`;

class UsageError extends Error {}

function readOptions(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        data: { type: 'string', default: './witness-data' },
        name: { type: 'string' },
        port: { type: 'string', default: process.env.WITNESS_PORT || '7380' },
        host: { type: 'string', default: '127.0.0.1' },
        log: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return null;
  if (!values.name) throw new UsageError('--name is required');
  const port = Number(values.port);
  if (!/^[0-9]+$/.test(values.port) || port > 65535) {
    throw new UsageError(`the port ${JSON.stringify(values.port)} is not a number from 0 to 65535`);
  }
  return { dataDir: values.data, name: values.name, port, host: values.host, logs: values.log };
}

async function main(): Promise<number> {
  let options;
  let witness;
  try {
    options = readOptions(process.argv.slice(2));
    if (!options) {
      console.log(USAGE);
      return 0;
    }
    witness = createWitness(options);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof NoteFormatError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const url = await witness.listen(options.port, options.host);
  console.log(`witness ${witness.name}`);
  console.log(`vkey ${witness.vkey}`);
  console.log(`listening on ${url}`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log(`${signal}: closing`);
  await witness.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
