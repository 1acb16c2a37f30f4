"""The Lua scripts of the store.

Each runs atomically on the node that holds the slot of its keys: every key a session
script names shares the session's hash tag, every key a ledger script names the tenant
ledger's (see :mod:`service.store.keys`).

A session is

- a hash ``session``: ``version``, ``document``, ``created``, ``updated``, ``bytes`` (what the
  session holds in Redis: document, events, history and idempotency records, in bytes) and
  ``origin`` (the key of the idempotency record of its creation, if it had one);
- a list ``events`` (JSON events, oldest first);
- a list ``history`` (JSON snapshots ``{"version": v, "document": d}`` of the documents
  before each action, newest first);
- a sorted set ``records``: one member ``<bytes>:<digest>`` per idempotency record
  ``idempotency:<digest>`` of the session, scored by the time it expires (ms), so that a
  write can drop the expired ones from ``bytes`` and a delete can delete them all;
- a list ``steps`` (the replay log, oldest first): one JSON record per version, of what made
  it: ``{"version": 1, "document": d}`` (the creation), then the writer's record with its
  ``version`` first. Kept only for sessions created with it; never trimmed.

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
    "CLAIM",
    "COMPLETE",
    "CREATE",
    "DELETE",
    "EVENTS",
    "LEDGER",
    "READ",
    "RELEASE",
    "RESUME",
    "TRANSCRIPT",
    "WRITE",
    "Script",
]

Client = Redis | RedisCluster


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
-- Answers {version, document, created, updated, events, snapshot, bytes, document bytes}.
local s = redis.call('HMGET', KEYS[1], 'version', 'document', 'created', 'updated', 'bytes')
if not s[1] then return false end
local head = false
if ARGV[1] == '1' then head = redis.call('LINDEX', KEYS[3], 0) end
local document = s[2]
if s[1] == ARGV[2] then document = false end
return {s[1], document, s[3], s[4], redis.call('LLEN', KEYS[2]), head, s[5] or #s[2], #s[2]}
"""
)

CREATE = Script(
    """
-- KEYS: session, steps. ARGV: document, now (ms), idle ttl (ms), origin (a record key, or
-- ''), '1' to start the replay log with the document.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local size = #ARGV[1]
if ARGV[5] == '1' then
  local first = '{"version":1,"document":' .. ARGV[1] .. '}'
  redis.call('DEL', KEYS[2])
  redis.call('RPUSH', KEYS[2], first)
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  size = size + #first
end
redis.call('HSET', KEYS[1], 'version', '1', 'document', ARGV[1],
           'created', ARGV[2], 'updated', ARGV[2], 'bytes', size)
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'origin', ARGV[4]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""
)

WRITE = Script(
    """
-- The compare-and-set of one action.
-- KEYS: session, events, history, records, steps[, idempotency record].
-- ARGV: 1 version read, 2 new version, 3 new document, 4 now (ms),
--       5 history op ('push' | 'pop'), 6 history limit, 7 idle ttl (ms),
--       8 channel, 9 and 14 the published message before and after the document,
--       10 claim, 11 record, 12 record ttl (ms), 13 record digest,
--       15 the step's replay record (or ''), 16.. events.
-- Answers {'ok', bytes}, {'missing'}, {'conflict', current version} or {'claim_lost'}.
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {'missing'} end
if current ~= ARGV[1] then return {'conflict', current} end
if KEYS[6] and redis.call('GET', KEYS[6]) ~= ARGV[10] then return {'claim_lost'} end
local old = redis.call('HGET', KEYS[1], 'document')
local size = tonumber(redis.call('HGET', KEYS[1], 'bytes') or #old) - #old + #ARGV[3]
if ARGV[5] == 'push' then
  local snapshot = '{"version":' .. current .. ',"document":' .. old .. '}'
  redis.call('LPUSH', KEYS[3], snapshot)
  size = size + #snapshot
  local limit = tonumber(ARGV[6])
  while redis.call('LLEN', KEYS[3]) > limit do
    size = size - #redis.call('RPOP', KEYS[3])
  end
elseif ARGV[5] == 'pop' then
  local popped = redis.call('LPOP', KEYS[3])
  if popped then size = size - #popped end
end
local now = tonumber(ARGV[4])
local expired = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now)
for _, member in ipairs(expired) do
  size = size - tonumber(string.match(member, '^(%d+):'))
end
if #expired > 0 then redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now) end
for i = 16, #ARGV do
  redis.call('RPUSH', KEYS[2], ARGV[i])
  size = size + #ARGV[i]
end
if ARGV[15] ~= '' then
  redis.call('RPUSH', KEYS[5], ARGV[15])
  size = size + #ARGV[15]
end
if KEYS[6] then
  redis.call('SET', KEYS[6], ARGV[11], 'PX', ARGV[12])
  redis.call('ZADD', KEYS[4], now + tonumber(ARGV[12]), #ARGV[11] .. ':' .. ARGV[13])
  size = size + #ARGV[11]
end
if size < 0 then size = 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'document', ARGV[3], 'updated', ARGV[4],
           'bytes', size)
for i = 1, 5 do redis.call('PEXPIRE', KEYS[i], ARGV[7]) end
redis.call('PUBLISH', ARGV[8], ARGV[9] .. ARGV[3] .. ARGV[14])
return {'ok', size}
"""
)

DELETE = Script(
    """
-- KEYS: session, events, history, records, steps.
-- ARGV: channel, message, the name of the session's records without their digest.
-- Deletes the session with its idempotency records (named by the session's hash tag, so
-- in its slot); answers {found (0/1), origin (the key of its creation's record) or false}.
local origin = redis.call('HGET', KEYS[1], 'origin')
local found = redis.call('DEL', KEYS[1])
for _, member in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do
  redis.call('DEL', ARGV[3] .. string.match(member, '^%d+:(.+)$'))
end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4], KEYS[5])
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
    """
-- KEYS: session, events, history, steps. Everything a replay checks, at one version:
-- {version, document, created, updated, events, history (newest first), steps}.
local s = redis.call('HMGET', KEYS[1], 'version', 'document', 'created', 'updated')
if not s[1] then return false end
return {s[1], s[2], s[3], s[4], redis.call('LRANGE', KEYS[2], 0, -1),
        redis.call('LRANGE', KEYS[3], 0, -1), redis.call('LRANGE', KEYS[4], 0, -1)}
"""
)

RESUME = Script(
    """
-- KEYS: session, events, history. ARGV: a version.
-- Answers {version, document, created, updated, the index of the first event written after
-- that version (events are in version order: a binary search), the log's length, the undo
-- snapshots of versions after it (newest first)}.
local s = redis.call('HMGET', KEYS[1], 'version', 'document', 'created', 'updated')
if not s[1] then return false end
local after = tonumber(ARGV[1])
local n = redis.call('LLEN', KEYS[2])
local lo, hi = 0, n
while lo < hi do
  local mid = math.floor((lo + hi) / 2)
  local item = redis.call('LINDEX', KEYS[2], mid)
  if tonumber(string.match(item, '"version":(%d+)')) > after then hi = mid else lo = mid + 1 end
end
local snapshots = {}
for _, item in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
  if tonumber(string.match(item, '^{"version":(%d+)')) <= after then break end
  table.insert(snapshots, item)
end
return {s[1], s[2], s[3], s[4], lo, n, snapshots}
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

LEDGER = Script(
    """
-- A tenant's quotas. KEYS: sessions (zset), sizes (hash), bytes (string).
-- ARGV: 1 op ('admit' a new session | 'charge' a write | 'drop' a deleted session),
--       2 session id, 3 its bytes (absolute), 4 idle ttl (ms),
--       5 most sessions (0: no cap), 6 most bytes (0: no cap).
-- Forgets expired sessions first. Answers {'ok', total}, {'exists'} (admit of a known id),
-- {'sessions', count} or {'bytes', total} (a cap would be passed: nothing changed).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
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
redis.call('ZADD', KEYS[1], now + ttl, id)
return keep({'ok', total})
"""
)
