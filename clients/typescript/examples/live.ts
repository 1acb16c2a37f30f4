// Send back what the service answered, write with a version, follow a session live.
// Run against a service (COMBAT_RULES_URL defaults to http://127.0.0.1:8000).
import {
  createClient,
  createSession,
  deleteSession,
  type Encounter,
  followSession,
  ifMatch,
  ProblemError,
  resolveAttack,
  rollInitiative,
  sessionApplyDamage,
  typedEvent,
} from '../src/index.js';

const encounter: Encounter = {
  ruleset: 'd20',
  grid: { kind: 'square', width: 6, height: 6 },
  combatants: [
    {
      id: 'a', name: 'A', side: 'x', position: { x: 0, y: 0 }, hp: 10, maxHp: 10, ac: 10,
      attacks: [{ name: 'fist' }],
    },
    {
      id: 'b', name: 'B', side: 'y', position: { x: 1, y: 0 }, hp: 10, maxHp: 10, ac: 10,
      attacks: [{ name: 'fist' }],
    },
  ],
};
const client = createClient({ baseUrl: process.env.COMBAT_RULES_URL ?? 'http://127.0.0.1:8000' });

// Stateless: an answer's encounter (an EncounterOutput) goes into the next call as it is.
const { data: rolled } = await rollInitiative({ client, body: { encounter, seed: 3 } });
const attacker = rolled.encounter.turnOf ?? 'a';
const { data: attack } = await resolveAttack({
  client,
  body: {
    encounter: rolled.encounter,
    attackerId: attacker,
    targetId: attacker === 'a' ? 'b' : 'a',
    seed: 3,
  },
});
console.log(`stateless round ${attack.encounter.round}, ${attack.outcome.hit ? 'hit' : 'miss'}`);
// Each event's data, typed by its type: an attack roll's `advantage` is a string[], no cast.
for (const event of attack.events) {
  if (event.type === 'attack-roll' && event.data.advantage !== undefined) {
    console.log(`roll advantage [${event.data.advantage.join(',')}]`);
  }
}
// `typedEvent`, kept for earlier code, gives the event as it is.
const damage = attack.events.map(typedEvent).find((e) => e.type === 'damage');
if (damage?.type === 'damage') console.log(`absorbed ${damage.data.tempHpAbsorbed ?? 0}`);

// A write computed on a version: the number is quoted as the ETag it is.
const { data: session } = await createSession({ client, body: { encounter } });
const path = { id: session.id };
const { response } = await sessionApplyDamage({
  client, path, body: { targetId: 'b', amount: 2 }, headers: ifMatch(session.version),
});
console.log(`written ${response.headers.get('etag')}`);
try {
  await sessionApplyDamage({
    client, path, body: { targetId: 'b', amount: 2 }, headers: ifMatch(session.version),
  });
} catch (error) {
  if (!(error instanceof ProblemError)) throw error;
  console.log(`stale ${error.status} ${error.code} ${error.currentVersion}`);
}

// Following: typed events; a signal ends it (here after 2 s), and so does the deletion.
const started = Date.now();
for await (const update of followSession({
  client, path, lastEventId: 0, signal: AbortSignal.timeout(2000),
})) {
  if (update.event === 'version') {
    const hp = update.data.encounter?.combatants.map((c) => c.hp).join(',');
    const types = update.data.events.map(({ data }) => data.type).join(',');
    // Each entry's data is an event or an undo, narrowed by `type`: a damage's keys are typed.
    for (const { data } of update.data.events) {
      if (data.type === 'damage' && data.data.tempHpAbsorbed) {
        console.log(`temporary HP absorbed ${data.data.tempHpAbsorbed}`);
      }
    }
    console.log(`version ${update.id} ${update.data.session.version} hp ${hp} [${types}]`);
  }
}
console.log(`stopped ${Date.now() - started < 10_000}`);
setTimeout(() => void deleteSession({ client, path }), 500);
for await (const update of followSession({ client, path, lastEventId: 2 })) {
  console.log(`${update.event}${update.event === 'deleted' ? ` ${update.data.session.id === session.id}` : ''}`);
}
try {
  for await (const update of followSession({ client, path })) console.log(update.event);
} catch (error) {
  if (!(error instanceof ProblemError)) throw error;
  console.log(`gone ${error.status} ${error.code}`);
}
