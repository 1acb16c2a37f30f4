// Create a session, roll initiative, attack, and read the event log.
// Run: npm run example (COMBAT_RULES_URL defaults to http://127.0.0.1:8000).
import {
  createClient,
  createSession,
  type Encounter,
  getSessionEvents,
  ProblemError,
  sessionResolveAttack,
  sessionRollInitiative,
} from '../src/index.js';

const encounter: Encounter = {
  ruleset: 'd20',
  grid: { kind: 'square', width: 12, height: 8 },
  combatants: [
    {
      id: 'aria', name: 'Aria', side: 'party', kind: 'pc',
      position: { x: 2, y: 3 }, hp: 24, maxHp: 24, ac: 16, initiativeBonus: 3,
      attacks: [{ name: 'longsword', bonus: 5, damage: '1d8+3' }],
    },
    {
      id: 'goblin', name: 'Goblin', side: 'monsters',
      position: { x: 3, y: 3 }, hp: 7, maxHp: 7, ac: 15, initiativeBonus: 2,
      attacks: [{ name: 'scimitar', bonus: 4, damage: '1d6+2' }],
    },
  ],
};

// A problem the service answers (RFC 9457) rejects with a ProblemError, and `data` is typed
// as the success body, every field of which is always there.
const client = createClient({ baseUrl: process.env.COMBAT_RULES_URL ?? 'http://127.0.0.1:8000' });

const { data: session } = await createSession({ client, body: { encounter } });
console.log(`session ${session.id} at version ${session.version}`);

const path = { id: session.id };
const { data: rolled } = await sessionRollInitiative({
  client, path, body: { seed: 7 },
});
console.log('order:', rolled.outcome.order.map((entry) => entry.combatantId));
console.log(`round ${rolled.encounter.round}, turn of ${rolled.encounter.turnOf}`);

const { data: attack, response } = await sessionResolveAttack({
  client, path, body: { attackerId: 'aria', targetId: 'goblin', seed: 7 },
});
const outcome = attack.outcome;
console.log(
  `attack: ${outcome.hit ? 'hit' : 'miss'} (total ${outcome.total}), damage ${outcome.damage}` +
    ` (version ${response.headers.get('etag')})`,
);

try {
  await sessionResolveAttack({
    client, path, body: { attackerId: 'aria', targetId: 'nobody' },
  });
} catch (error) {
  if (!(error instanceof ProblemError)) throw error;
  console.log(`refused: ${error.status} ${error.code} at ${error.errors?.map((e) => e.path)}`);
}

const { data: log } = await getSessionEvents({ client, path });
for (const entry of log.items) {
  // A log entry is an engine event or an undo, told apart by `type`.
  const said =
    entry.data.type === 'undo' ? `back to v${entry.data.restoredVersion}` : entry.data.message;
  console.log(`v${entry.version} #${entry.index} ${entry.data.type}: ${said}`);
}
