// A client that waits when the service says so: three sessions on a rate-limited service,
// each created once; a client without retries is refused. Run against a service with
// CRS_RATE_LIMIT=60 CRS_RATE_BURST=1 (COMBAT_RULES_URL defaults to http://127.0.0.1:8000).
import {
  createClient,
  createSession,
  type Encounter,
  listSessions,
  ProblemError,
  retryingFetch,
} from '../src/index.js';

const encounter: Encounter = {
  ruleset: 'd20',
  grid: { kind: 'square', width: 10, height: 10 },
  combatants: [
    { id: 'aria', name: 'Aria', side: 'party', position: { x: 1, y: 1 }, hp: 9, maxHp: 9, ac: 12 },
    { id: 'gob', name: 'Gob', side: 'monsters', position: { x: 3, y: 1 }, hp: 9, maxHp: 9, ac: 12 },
  ],
};

const baseUrl = process.env.COMBAT_RULES_URL ?? 'http://127.0.0.1:8000';
const patient = createClient({ baseUrl, fetch: retryingFetch(5) });
const before = (await listSessions({ client: patient })).data.items.length;
const ids = new Set<string>();
for (let i = 0; i < 3; i += 1) {
  const { data } = await createSession({ client: patient, body: { encounter } });
  ids.add(data.id);
}
console.log(`created ${ids.size}`);

const hasty = createClient({ baseUrl });
try {
  for (let i = 0; i < 3; i += 1) await createSession({ client: hasty, body: { encounter } });
  console.log('never refused');
} catch (error) {
  if (!(error instanceof ProblemError)) throw error;
  console.log(`refused ${error.status} ${error.code} ${error.retryAfter !== undefined}`);
}
const { data: page } = await listSessions({ client: patient });
console.log(`stored ${page.items.length - before}`);
