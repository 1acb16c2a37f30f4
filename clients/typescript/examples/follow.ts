// Follow a session until it ends, through lost connections: each version once, in order.
//   node dist/examples/follow.js <session id> [last event id]
// COMBAT_RULES_URL (default http://127.0.0.1:8000); RECONNECT_ATTEMPTS, RECONNECT_DELAY_MS (the
// first wait), RECONNECT_MAX_DELAY_MS and RECONNECT_SILENCE_MS tune the reconnection,
// RECONNECT=off turns it off.
import { createClient, followSession, ProblemError } from '../src/index.js';

const [id, lastEventId] = process.argv.slice(2);
if (id === undefined) throw new Error('usage: follow.js <session id> [last event id]');
const client = createClient({ baseUrl: process.env.COMBAT_RULES_URL ?? 'http://127.0.0.1:8000' });
const reconnect =
  process.env.RECONNECT === 'off'
    ? false
    : {
        attempts: Number(process.env.RECONNECT_ATTEMPTS ?? 10),
        initialDelayMs: Number(process.env.RECONNECT_DELAY_MS ?? 500),
        maxDelayMs: Number(process.env.RECONNECT_MAX_DELAY_MS ?? 30_000),
        silenceMs: Number(process.env.RECONNECT_SILENCE_MS ?? 45_000),
      };

try {
  for await (const update of followSession({ client, path: { id }, lastEventId, reconnect })) {
    if (update.event === 'version') {
      const hp = update.data.encounter?.combatants.map((c) => c.hp).join(',');
      console.log(`version ${update.id} hp ${hp}`);
    } else {
      console.log(update.event);
    }
  }
  console.log('ended');
} catch (error) {
  if (error instanceof ProblemError) console.log(`threw ${error.status} ${error.code}`);
  else console.log(`threw ${error instanceof Error ? error.message : String(error)}`);
}
