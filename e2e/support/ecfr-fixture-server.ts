/*
 * Runs the eCFR stand-in (src/server/test/ecfr-fixture.ts) as its own process for the
 * end-to-end spec, whose loader cannot import the fixture's JSON data. Prints
 * `listening on <url>`; a line `mode <name>` on stdin switches what it serves.
 */
import { createInterface } from 'node:readline';
import { startEcfrFixture, type FixtureMode } from '../../src/server/test/ecfr-fixture';

const fixture = await startEcfrFixture((process.argv[2] as FixtureMode | undefined) ?? 'baseline');
console.log(`listening on ${fixture.url}`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, mode] = line.trim().split(/\s+/);
  if (command === 'mode' && mode) {
    fixture.mode = mode as FixtureMode;
    console.log(`mode ${mode}`);
  }
});
process.stdin.on('end', () => void fixture.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void fixture.close().then(() => process.exit(0)));
