"""The Lua scripts of the store.

Each runs atomically on the node that holds the slot of its keys: every key a session
script names shares the session's hash tag, every key a ledger script names the tenant
ledger's (see :mod:`service.store.keys`).

A session is

- a hash ``session``: ``version``, ``document``, ``created``, ``updated``, ``bytes`` (what the
  session holds in Redis: document, events, history and idempotency records, in bytes),
  ``origin`` (the key of the idempotency record of its creation, if it had one),
  ``marked`` (see ``marks``) and, for a session created with fair dice, ``dice`` (the
  secret its seeds derive from, hex: no script answers it but :data:`REVEAL`),
  ``commitment`` (the SHA-256 of the secret, hex) and ``line`` (1 at creation, one more
  with each action, one less with each undo);
- a list ``reveals`` (JSON ``{"secret", "commitment", "line", "version"}`` of each secret
  revealed, oldest first, with the line and the version the session was at);
- a list ``events`` (JSON events, oldest first);
- a list ``history`` (JSON snapshots ``{"version": v, "document": d}`` of the documents
  before each action, newest first), and beside it a list ``marks`` of the same length and
  order: ``<version>:<bytes>`` of each snapshot, so that a script finds the snapshot of a
  version, or its size, without reading the others. The session's ``marked`` is the version
  they were written at: a script that finds another (a session of an earlier release, or
  written by one) rebuilds them from the history, once; every snapshot read is checked
  against its mark;
- a hash ``refs``: version to the ``records`` member of the idempotency record that answers
  with it (see :data:`WRITE`);
- a sorted set ``records``: one member ``<bytes>:<digest>`` per idempotency record
  ``idempotency:<digest>`` of the session, scored by the time it expires (ms), so that a
  write can drop the expired ones from ``bytes`` and a delete can delete them all;
- a list ``steps`` (the replay log, oldest first): one JSON record per version, of what made
  it: ``{"version": 1, "document": d}`` (the creation), then the writer's record with its
  ``version`` first. Kept only for sessions created with it; never trimmed.

No script reads a list or a document it does not answer or need: the event log is searched
by halving (:data:`RESUME`), the undo snapshots are found by their marks, and a replay's
transcript is read a page at a time (:data:`TRANSCRIPT`), each page at most
:data:`PAGE_BYTES` of documents (one document, however large, when one is more).

A tenant's ledger (for its quotas) is a sorted set ``sessions`` (session id, scored by the
time it expires, ms), a hash ``sizes`` (session id to its ``bytes``) and a string ``bytes``
(their sum).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError

__all__ = [
    "CHARGED_WRITE",
    "CLAIM",
    "COMPLETE",
    "CREATE",
    "DELETE",
    "DOCUMENT",
    "EVENTS",
    "LEDGER",
    "LIST",
    "PAGE_BYTES",
    "PROPOSALS",
    "PROPOSE",
    "READ",
    "RELEASE",
    "RESUME",
    "RETITLE",
    "REVEAL",
    "REVEALS",
    "SEATS",
    "SEAT_ADD",
    "SEAT_REVOKE",
    "TRANSCRIPT",
    "WRITE",
    "Script",
]

Client = Redis | RedisCluster

PAGE_BYTES = 524_288
"""The most bytes of documents one page of a transcript holds (beyond its first version)."""

_EVENT_VERSION = """
-- The version an event of the log (a JSON object the store wrote) belongs to; an event that
-- names none is damaged (the store answers session-damaged, not a script error).
local function event_version(item, events_key)
  local v = string.match(item, '"version":%s*(%d+)')
  if not v then error('DAMAGED event ' .. events_key) end
  return tonumber(v)
end
"""

_MARKS = """
-- The undo snapshots' marks, newest first: {{version, bytes}, ...}. They are rebuilt from
-- the history when the session was written without them (its ``marked`` is not its
-- version: a session of an earlier release, or one such a process wrote since).
local function marks_of(session, history, marks)
  local s = redis.call('HMGET', session, 'version', 'marked')
  if s[1] ~= s[2] or redis.call('LLEN', marks) ~= redis.call('LLEN', history) then
    redis.call('DEL', marks)
    for _, item in ipairs(redis.call('LRANGE', history, 0, -1)) do
      local v = string.match(item, '^{"version":(%d+),"document":')
      if not v then error('DAMAGED snapshot ' .. session) end
      redis.call('RPUSH', marks, v .. ':' .. #item)
    end
    local ttl = redis.call('PTTL', history)
    if ttl > 0 then redis.call('PEXPIRE', marks, ttl) end
    if s[1] then redis.call('HSET', session, 'marked', s[1]) end
  end
  local out = {}
  for _, mark in ipairs(redis.call('LRANGE', marks, 0, -1)) do
    local v, b = string.match(mark, '^(%d+):(%d+)$')
    table.insert(out, {tonumber(v), tonumber(b)})
  end
  return out
end
-- The document of the snapshot of version v (false if the history keeps none): one item
-- read, checked against its mark (a mismatch rebuilds the marks and looks again).
local function snapshot_of(session, history, marks, v)
  for attempt = 1, 2 do
    local found = false
    for i, mark in ipairs(marks_of(session, history, marks)) do
      if mark[1] == v then found = i break end
    end
    if not found then return false end
    local item = redis.call('LINDEX', history, found - 1)
    if item and tonumber(string.match(item, '^{"version":(%d+)')) == v then
      return string.sub(item, #('{"version":' .. v .. ',"document":') + 1, -2)
    end
    redis.call('HDEL', session, 'marked')
  end
  return false
end
"""


class Script:
    """A Lua script run with EVALSHA, falling back to EVAL on a node that lacks it."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()

    async def __call__(
        self, client: Client, keys: Sequence[str], args: Sequence[str | int | bytes] = ()
    ) -> Any:
        try:
            return await client.evalsha(self.sha, len(keys), *keys, *args)
        except NoScriptError:
            return await client.eval(self.source, len(keys), *keys, *args)


READ = Script(
    """
-- KEYS: session, events, history. ARGV: '1' to include the newest history snapshot; the
-- version the caller knows (or ''): its document is then not sent (false in its place).
-- Answers {version, document, created, updated, events, snapshot, bytes, document bytes,
-- title (or false), line (or false), commitment (or false), dice secret (or false)}.
local s = redis.call('HMGET', KEYS[1], 'version', 'document', 'created', 'updated', 'bytes',
                     'title', 'line', 'commitment', 'dice')
if not s[1] then return false end
local head = false
if ARGV[1] == '1' then head = redis.call('LINDEX', KEYS[3], 0) end
local document = s[2]
if s[1] == ARGV[2] then document = false end
return {s[1], document, s[3], s[4], redis.call('LLEN', KEYS[2]), head, s[5] or #s[2], #s[2],
        s[6], s[7], s[8], s[9]}
"""
)

CREATE = Script(
    """
-- KEYS: session, steps. ARGV: document, now (ms), idle ttl (ms), origin (a record key, or
-- ''), '1' to start the replay log with the document, title (or ''), facts (or ''),
-- origin (the JSON object the log's first record names before its document, or ''),
-- the dice secret (hex, or ''), its commitment (or ''): the session starts at line 1.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local size = #ARGV[1]
if ARGV[5] == '1' then
  local first = '{"version":1,"document":' .. ARGV[1] .. '}'
  if ARGV[8] ~= '' then
    first = '{"version":1,"origin":' .. ARGV[8] .. ',"document":' .. ARGV[1] .. '}'
  end
  redis.call('DEL', KEYS[2])
  redis.call('RPUSH', KEYS[2], first)
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  size = size + #first
end
redis.call('HSET', KEYS[1], 'version', '1', 'document', ARGV[1],
           'created', ARGV[2], 'updated', ARGV[2], 'bytes', size)
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'origin', ARGV[4]) end
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'title', ARGV[6]) end
if ARGV[7] ~= '' then redis.call('HSET', KEYS[1], 'facts', ARGV[7]) end
if ARGV[9] ~= '' then
  redis.call('HSET', KEYS[1], 'dice', ARGV[9], 'commitment', ARGV[10], 'line', '1')
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""
)

_WRITE = """
-- The compare-and-set of one action.
-- KEYS: session, events, history, records, steps, marks, refs, reveals
--       [, idempotency record].
-- ARGV: 1 version read, 2 new version, 3 new document, 4 now (ms),
--       5 history op ('push' | 'pop'), 6 history limit, 7 idle ttl (ms),
--       8 channel, 9 and 14 the published message before and after the document,
--       10 claim, 11 record, 12 record ttl (ms), 13 record digest,
--       15 the step's replay record (or ''), 16 the name of the session's records without
--       their digest, 17 the version's facts (or '': the last ones stay), 18 the new line
--       (or '': a session without one), 19 the commitment the action's dice came from (or
--       ''): another one now (a reveal came between) answers {'stale'}, 20.. events.
-- An idempotency record keeps no document: it names the version it answers with (``refs``).
-- A document that leaves the session (an undone version's, a snapshot trimmed or popped)
-- while a live record names its version is appended to that record, after a newline.
-- Answers {'ok', bytes}, {'missing'}, {'conflict', current version}, {'stale'} or
-- {'claim_lost'}.
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {'missing'} end
if current ~= ARGV[1] then return {'conflict', current} end
if ARGV[19] ~= '' and redis.call('HGET', KEYS[1], 'commitment') ~= ARGV[19] then
  return {'stale'}
end
if KEYS[9] and redis.call('GET', KEYS[9]) ~= ARGV[10] then return {'claim_lost'} end
local old = redis.call('HGET', KEYS[1], 'document')
local size = tonumber(redis.call('HGET', KEYS[1], 'bytes') or #old) - #old + #ARGV[3]
local function keep(version, document)
  local member = redis.call('HGET', KEYS[7], version)
  if not member then return end
  redis.call('HDEL', KEYS[7], version)
  local digest = string.match(member, '^%d+:(.+)$')
  local name = ARGV[16] .. digest
  local record = redis.call('GET', name)
  local expires = redis.call('ZSCORE', KEYS[4], member)
  local ttl = redis.call('PTTL', name)
  if not record or not expires or ttl <= 0 then return end
  record = record .. '\\n' .. document
  redis.call('SET', name, record, 'PX', ttl)
  redis.call('ZREM', KEYS[4], member)
  redis.call('ZADD', KEYS[4], expires, #record .. ':' .. digest)
  size = size + #document + 1
end
-- A snapshot leaves the history (its mark already popped): read only if a record needs it.
local function dropped(mark, pop)
  local v, bytes = string.match(mark, '^(%d+):(%d+)$')
  size = size - tonumber(bytes)
  if redis.call('HEXISTS', KEYS[7], v) == 0 then
    if pop == 'RPOP' then redis.call('LTRIM', KEYS[3], 0, -2)
    else redis.call('LTRIM', KEYS[3], 1, -1) end
    return
  end
  local item = redis.call(pop, KEYS[3])
  keep(v, string.sub(item, #('{"version":' .. v .. ',"document":') + 1, -2))
end
marks_of(KEYS[1], KEYS[3], KEYS[6])
if ARGV[5] == 'push' then
  local snapshot = '{"version":' .. current .. ',"document":' .. old .. '}'
  redis.call('LPUSH', KEYS[3], snapshot)
  redis.call('LPUSH', KEYS[6], current .. ':' .. #snapshot)
  size = size + #snapshot
  local limit = tonumber(ARGV[6])
  while redis.call('LLEN', KEYS[3]) > limit do dropped(redis.call('RPOP', KEYS[6]), 'RPOP') end
elseif ARGV[5] == 'pop' then
  keep(current, old)
  local mark = redis.call('LPOP', KEYS[6])
  if mark then dropped(mark, 'LPOP') end
end
local now = tonumber(ARGV[4])
local expired = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now)
for _, member in ipairs(expired) do
  size = size - tonumber(string.match(member, '^(%d+):'))
end
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now) end
for i = 20, #ARGV do
  redis.call('RPUSH', KEYS[2], ARGV[i])
  size = size + #ARGV[i]
end
if ARGV[15] ~= '' then
  redis.call('RPUSH', KEYS[5], ARGV[15])
  size = size + #ARGV[15]
end
if KEYS[9] then
  local member = #ARGV[11] .. ':' .. ARGV[13]
  redis.call('SET', KEYS[9], ARGV[11], 'PX', ARGV[12])
  redis.call('ZADD', KEYS[4], now + tonumber(ARGV[12]), member)
  redis.call('HSET', KEYS[7], ARGV[2], member)
  size = size + #ARGV[11]
end
if size < 0 then size = 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'document', ARGV[3], 'updated', ARGV[4],
           'bytes', size, 'marked', ARGV[2])
if ARGV[17] ~= '' then redis.call('HSET', KEYS[1], 'facts', ARGV[17]) end
if ARGV[18] ~= '' then redis.call('HSET', KEYS[1], 'line', ARGV[18]) end
for i = 1, 8 do redis.call('PEXPIRE', KEYS[i], ARGV[7]) end
redis.call('PUBLISH', ARGV[8], ARGV[9] .. ARGV[3] .. ARGV[14])
return {'ok', size}
"""

WRITE = Script(_MARKS + _WRITE)

DELETE = Script(
    """
-- KEYS: session, events, history, records, steps, marks, refs, reveals.
-- ARGV: channel, message, the name of the session's records without their digest.
-- Deletes the session with its idempotency records (named by the session's hash tag, so
-- in its slot); answers {found (0/1), origin (the key of its creation's record) or false}.
local origin = redis.call('HGET', KEYS[1], 'origin')
local found = redis.call('DEL', KEYS[1])
for _, member in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do
  redis.call('DEL', ARGV[3] .. string.match(member, '^%d+:(.+)$'))
end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8])
if found == 1 then redis.call('PUBLISH', ARGV[1], ARGV[2]) end
return {found, origin or false}
"""
)

EVENTS = Script(
    """
-- KEYS: session, events. ARGV: first index, last index.
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return {redis.call('LLEN', KEYS[2]), redis.call('LRANGE', KEYS[2], ARGV[1], ARGV[2])}
"""
)

TRANSCRIPT = Script(
    _MARKS
    + _EVENT_VERSION
    + """
-- One page of what a replay checks. KEYS: session, events, history, steps, marks.
-- ARGV: 1 the page's first version, 2 the most versions it may hold, 3 the index of the
-- first event not read yet, 4 the last version of the transcript (0: the current one),
-- 5 the most bytes of documents past its first version.
-- Answers {current version, created, updated, the page's last version, the replay log's
-- length, its records of the page's versions, the index after the page's events, those
-- events, then version and document of each state the session keeps among them}.
local s = redis.call('HMGET', KEYS[1], 'version', 'created', 'updated')
if not s[1] then return false end
local current = tonumber(s[1])
if not current then return {s[1]} end
local first, most, cursor = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local upto = tonumber(ARGV[4])
if upto == 0 then upto = current end
local sizes, at = {}, {}
for i, mark in ipairs(marks_of(KEYS[1], KEYS[3], KEYS[5])) do
  sizes[mark[1]] = mark[2]
  at[mark[1]] = i - 1
end
if current <= upto then sizes[current] = redis.call('HSTRLEN', KEYS[1], 'document') end
local last = math.min(upto, first + most - 1)
local used = sizes[first] or 0
if first == 1 then used = used + redis.call('HSTRLEN', KEYS[1], 'document') end
for v = first + 1, last do
  if used + (sizes[v] or 0) > tonumber(ARGV[5]) then last = v - 1 break end
  used = used + (sizes[v] or 0)
end
local steps = {}
if last >= first then steps = redis.call('LRANGE', KEYS[4], first - 1, last - 1) end
local lo, hi = cursor, redis.call('LLEN', KEYS[2])
while lo < hi do
  local mid = math.floor((lo + hi) / 2)
  local item = redis.call('LINDEX', KEYS[2], mid)
  if event_version(item, KEYS[2]) > last then hi = mid else lo = mid + 1 end
end
local events = {}
if lo > cursor then events = redis.call('LRANGE', KEYS[2], cursor, lo - 1) end
local out = {s[1], s[2], s[3], last, redis.call('LLEN', KEYS[4]), steps, lo, events}
for v = first, last do
  if sizes[v] then
    local document
    if v == current then document = redis.call('HGET', KEYS[1], 'document')
    else
      local item = redis.call('LINDEX', KEYS[3], at[v])
      local prefix = '{"version":' .. v .. ',"document":'
      if item and string.sub(item, 1, #prefix) == prefix then
        document = string.sub(item, #prefix + 1, -2)
      else
        document = snapshot_of(KEYS[1], KEYS[3], KEYS[5], v)
      end
    end
    if document then
      table.insert(out, v)
      table.insert(out, document)
    end
  end
end
return out
"""
)

RESUME = Script(
    _MARKS
    + _EVENT_VERSION
    + """
-- KEYS: session, events, history, marks. ARGV: a version.
-- Answers {version, created, updated, the index of the first event written after that
-- version (events are in version order: a binary search), the log's length, the versions
-- after it whose documents the session keeps (the current one's and its undo snapshots')}.
-- No document: the follower reads each with DOCUMENT when it sends it.
local s = redis.call('HMGET', KEYS[1], 'version', 'created', 'updated')
if not s[1] then return false end
if not tonumber(s[1]) then return {s[1]} end
local after = tonumber(ARGV[1])
local n = redis.call('LLEN', KEYS[2])
local lo, hi = 0, n
while lo < hi do
  local mid = math.floor((lo + hi) / 2)
  local item = redis.call('LINDEX', KEYS[2], mid)
  if event_version(item, KEYS[2]) > after then hi = mid else lo = mid + 1 end
end
local kept = {}
if tonumber(s[1]) > after then
  table.insert(kept, s[1])
  for _, mark in ipairs(marks_of(KEYS[1], KEYS[3], KEYS[4])) do
    if mark[1] <= after then break end
    table.insert(kept, mark[1])
  end
end
return {s[1], s[2], s[3], lo, n, kept}
"""
)

DOCUMENT = Script(
    _MARKS
    + """
-- KEYS: session, history, marks. ARGV: a version.
-- The document of that version if the session keeps it (current, or an undo snapshot),
-- else false; false too when there is no such session.
local s = redis.call('HMGET', KEYS[1], 'version')
if not s[1] then return false end
if s[1] == ARGV[1] then return redis.call('HGET', KEYS[1], 'document') end
return snapshot_of(KEYS[1], KEYS[2], KEYS[3], tonumber(ARGV[1]))
"""
)

CLAIM = Script(
    """
-- KEYS: idempotency record. ARGV: claim, lease (ms).
-- Returns the record already there, or claims the key and returns nil.
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
"""
)

RELEASE = Script(
    """
-- KEYS: idempotency record. ARGV: the value it must still hold to be deleted.
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
)

COMPLETE = Script(
    """
-- KEYS: idempotency record. ARGV: claim, record, record ttl (ms).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return 1
"""
)

_LEDGER = """
-- A tenant's quotas. KEYS: sessions (zset: id -> when it expires, in ms to the microsecond,
-- so that it orders the tenant's list of sessions), sizes (hash), bytes (string).
-- ARGV: 1 op ('admit' a new session | 'charge' a write | 'drop' a deleted session),
--       2 session id, 3 its bytes (absolute), 4 idle ttl (ms),
--       5 most sessions (0: no cap), 6 most bytes (0: no cap).
-- Forgets expired sessions first. Answers {'ok', total}, {'exists'} (admit of a known id),
-- {'sessions', count} or {'bytes', total} (a cap would be passed: nothing changed).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local precise = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local ttl = tonumber(ARGV[4])
local total = tonumber(redis.call('GET', KEYS[3]) or '0')
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
for _, id in ipairs(expired) do
  total = total - tonumber(redis.call('HGET', KEYS[2], id) or '0')
  redis.call('HDEL', KEYS[2], id)
end
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now) end
if total < 0 then total = 0 end
local function keep(answer)
  if redis.call('ZCARD', KEYS[1]) == 0 then
    redis.call('DEL', KEYS[2], KEYS[3])
    return answer
  end
  redis.call('SET', KEYS[3], string.format('%d', total), 'PX', ttl + 60000)
  for i = 1, 2 do redis.call('PEXPIRE', KEYS[i], ttl + 60000) end
  return answer
end
local op, id, size = ARGV[1], ARGV[2], tonumber(ARGV[3])
local old = tonumber(redis.call('HGET', KEYS[2], id) or '-1')
if op == 'drop' then
  if old >= 0 then
    total = total - old
    redis.call('HDEL', KEYS[2], id)
  end
  redis.call('ZREM', KEYS[1], id)
  return keep({'ok', total})
end
if op == 'admit' then
  if old >= 0 then return keep({'exists'}) end
  local cap = tonumber(ARGV[5])
  local count = redis.call('ZCARD', KEYS[1])
  if cap > 0 and count >= cap then return keep({'sessions', count}) end
end
if old < 0 then old = 0 end
local most = tonumber(ARGV[6])
if most > 0 and size > old and total - old + size > most then
  return keep({'bytes', total})
end
total = total - old + size
redis.call('HSET', KEYS[2], id, size)
redis.call('ZADD', KEYS[1], precise + ttl, id)
return keep({'ok', total})
"""

LEDGER = Script(_LEDGER)

CHARGED_WRITE = Script(
    "local function ledger(KEYS, ARGV)\n"
    + _LEDGER
    + "end\n"
    + _MARKS
    + "local function write(KEYS, ARGV)\n"
    + _WRITE
    + "end\n"
    + """
-- LEDGER's 'charge', then WRITE, in one script: one round trip per write where the tenant's
-- ledger and the session may be named in one script (standalone Redis, not Cluster).
-- KEYS: LEDGER's 3, then WRITE's. ARGV: LEDGER's 6, then WRITE's.
-- Answers {'quota', LEDGER's answer...} when the charge is refused (nothing written), else
-- WRITE's answer.
local lk, la, wk, wa = {}, {}, {}, {}
for i = 1, 3 do lk[i] = KEYS[i] end
for i = 4, #KEYS do wk[i - 3] = KEYS[i] end
for i = 1, 6 do la[i] = ARGV[i] end
for i = 7, #ARGV do wa[i - 6] = ARGV[i] end
local charged = ledger(lk, la)
if charged[1] ~= 'ok' then return {'quota', charged[1], charged[2]} end
return write(wk, wa)
"""
)

LIST = Script(
    """
-- A page of a tenant's live sessions, the last written first. KEYS: its ledger's sessions
-- (zset: id -> when it expires, ms). ARGV: 1 the score of the cursor's session ('': from
-- the top), 2 its id, 3 most ids.
-- Answers {id, score, id, score, ...}: the sessions after the cursor's (a lower score, or
-- the same score and a lower id: the order of ZREVRANGEBYSCORE) that have not expired.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local most = tonumber(ARGV[3])
local out = {}
local top = '+inf'
if ARGV[1] ~= '' then
  top = '(' .. ARGV[1]
  if tonumber(ARGV[1]) > now then
    local same = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1])
    for i = #same, 1, -1 do
      if #out >= 2 * most then break end
      if same[i] < ARGV[2] then
        table.insert(out, same[i])
        table.insert(out, ARGV[1])
      end
    end
  end
end
if #out < 2 * most then
  local rest = redis.call('ZREVRANGEBYSCORE', KEYS[1], top, '(' .. now, 'WITHSCORES',
                          'LIMIT', 0, most - #out / 2)
  for _, item in ipairs(rest) do table.insert(out, item) end
end
return out
"""
)

RETITLE = Script(
    """
-- A session's title, which is metadata: no new version, nothing logged or published.
-- KEYS: session. ARGV: 1 the version it must be at ('': any), 2 the title ('': none).
-- Answers {'ok', version}, {'missing'} or {'conflict', version}.
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return {'missing'} end
if ARGV[1] ~= '' and ARGV[1] ~= version then return {'conflict', version} end
if ARGV[2] == '' then redis.call('HDEL', KEYS[1], 'title')
else redis.call('HSET', KEYS[1], 'title', ARGV[2]) end
return {'ok', version}
"""
)

REVEAL = Script(
    """
-- Publish a session's dice secret and commit to a fresh one; no new version, nothing
-- logged or published. KEYS: session, reveals. ARGV: 1 the fresh secret (hex), 2 its
-- commitment, 3 the most reveals the session keeps.
-- Answers {'ok', secret, commitment, line, version}, {'missing'}, {'none'} (the session
-- has no commitment) or {'full'} (it has been revealed the most times it may).
local s = redis.call('HMGET', KEYS[1], 'version', 'dice', 'commitment', 'line', 'bytes')
if not s[1] then return {'missing'} end
if not s[2] or not s[3] then return {'none'} end
if redis.call('LLEN', KEYS[2]) >= tonumber(ARGV[3]) then return {'full'} end
local item = '{"secret":"' .. s[2] .. '","commitment":"' .. s[3] .. '","line":'
  .. (s[4] or '0') .. ',"version":' .. s[1] .. '}'
redis.call('RPUSH', KEYS[2], item)
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('HSET', KEYS[1], 'dice', ARGV[1], 'commitment', ARGV[2],
           'bytes', tonumber(s[5] or '0') + #item)
return {'ok', s[2], s[3], s[4] or '0', s[1]}
"""
)

REVEALS = Script(
    """
-- KEYS: session, reveals. ARGV: the most to read.
-- Answers false (no such session), or {whether it has a commitment (0/1), reveals...}.
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local out = {redis.call('HEXISTS', KEYS[1], 'commitment')}
for _, item in ipairs(redis.call('LRANGE', KEYS[2], 0, tonumber(ARGV[1]) - 1)) do
  table.insert(out, item)
end
return out
"""
)

_SEAT_FIELDS = """
local function seat_fields(session)
  local out = {}
  for _, name in ipairs(redis.call('HKEYS', session)) do
    if string.sub(name, 1, 5) == 'seat:' then table.insert(out, name) end
  end
  return out
end
local function resize(session, by)
  local bytes = redis.call('HGET', session, 'bytes')
  if bytes then redis.call('HSET', session, 'bytes', math.max(0, tonumber(bytes) + by)) end
end
-- A proposal's field: 'proposal:<version>:<seat>:<id>'. Drop those of another version
-- (stale: they could never apply) or of one seat (revoked).
local function drop_proposals(session, version, seat)
  for _, name in ipairs(redis.call('HKEYS', session)) do
    local v, s = string.match(name, '^proposal:(%d+):(%x+):')
    if v and (v ~= version or s == seat) then
      local record = redis.call('HGET', session, name)
      redis.call('HDEL', session, name)
      resize(session, -#record)
    end
  end
end
local function proposal_fields(session)
  local out = {}
  for _, name in ipairs(redis.call('HKEYS', session)) do
    if string.sub(name, 1, 9) == 'proposal:' then table.insert(out, name) end
  end
  return out
end
"""

SEAT_ADD = Script(
    _SEAT_FIELDS
    + """
-- A new seat of a session, a field of its hash (it ends with the session).
-- KEYS: session. ARGV: 1 the seat's field, 2 its record, 3 the most seats a session holds.
-- Answers 'ok', 'missing' or 'full'.
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
if #seat_fields(KEYS[1]) >= tonumber(ARGV[3]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
resize(KEYS[1], #ARGV[2])
return 'ok'
"""
)

SEATS = Script(
    _SEAT_FIELDS
    + """
-- KEYS: session. Answers false (no such session) or the records of its seats.
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local fields = seat_fields(KEYS[1])
if #fields == 0 then return {} end
return redis.call('HMGET', KEYS[1], unpack(fields))
"""
)

SEAT_REVOKE = Script(
    _SEAT_FIELDS
    + """
-- KEYS: session. ARGV: 1 the seat's field, 2 its id: its proposals go with it.
-- Answers false (no such session), 0 (no such seat) or 1 (revoked).
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local record = redis.call('HGET', KEYS[1], ARGV[1])
if not record then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
resize(KEYS[1], -#record)
drop_proposals(KEYS[1], redis.call('HGET', KEYS[1], 'version'), ARGV[2])
return 1
"""
)

PROPOSE = Script(
    _SEAT_FIELDS
    + """
-- A seat's proposal, waiting for the DM; the stale ones (of another version) are dropped.
-- KEYS: session. ARGV: 1 the version it was made on, 2 the seat's id, 3 its field, 4 its
-- record, 5 the most proposals a session holds, 6 the session's channel, 7 the notice
-- published there (the DM's page learns of the proposal from its stream).
-- Answers 'ok', 'missing', 'conflict' (the session moved on), 'revoked' or 'full'.
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return 'missing' end
drop_proposals(KEYS[1], version, '')
if version ~= ARGV[1] then return 'conflict' end
if redis.call('HEXISTS', KEYS[1], 'seat:' .. ARGV[2]) == 0 then return 'revoked' end
if #proposal_fields(KEYS[1]) >= tonumber(ARGV[5]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[4])
resize(KEYS[1], #ARGV[4])
redis.call('PUBLISH', ARGV[6], ARGV[7])
return 'ok'
"""
)

PROPOSALS = Script(
    _SEAT_FIELDS
    + """
-- KEYS: session. ARGV: 1 a proposal's id ('': every proposal of the current version),
-- 2 'drop' to remove it. The stale ones are dropped after they are read (so one asked for
-- by id is answered once more, to tell it is stale). Answers false (no such session), or
-- the records.
local version = redis.call('HGET', KEYS[1], 'version')
if not version then return false end
local out = {}
for _, name in ipairs(proposal_fields(KEYS[1])) do
  local current = string.match(name, '^proposal:(%d+):') == version
  if (ARGV[1] == '' and current) or string.sub(name, -#ARGV[1] - 1) == ':' .. ARGV[1] then
    local record = redis.call('HGET', KEYS[1], name)
    table.insert(out, record)
    if ARGV[2] == 'drop' then
      redis.call('HDEL', KEYS[1], name)
      resize(KEYS[1], -#record)
    end
  end
end
drop_proposals(KEYS[1], version, '')
return out
"""
)
