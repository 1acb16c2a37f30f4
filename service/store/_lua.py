"""The Lua scripts of the session store.

Each runs atomically on the node that holds the session's slot: every key it names shares
the session's hash tag (see :mod:`service.store.keys`).

A session is a hash ``session`` (``version``, ``document``, ``created``, ``updated``), a list
``events`` (JSON events, oldest first) and a list ``history`` (JSON snapshots
``{"version": v, "document": d}`` of the documents before each action, newest first).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError

__all__ = ["CLAIM", "COMPLETE", "CREATE", "DELETE", "EVENTS", "READ", "RELEASE", "WRITE", "Script"]

Client = Redis | RedisCluster


class Script:
    """A Lua script run with EVALSHA, falling back to EVAL on a node that lacks it."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()

    async def __call__(
        self, client: Client, keys: Sequence[str], args: Sequence[str | int] = ()
    ) -> Any:
        try:
            return await client.evalsha(self.sha, len(keys), *keys, *args)
        except NoScriptError:
            return await client.eval(self.source, len(keys), *keys, *args)


READ = Script(
    """
-- KEYS: session, events, history. ARGV: '1' to include the newest history snapshot.
local s = redis.call('HMGET', KEYS[1], 'version', 'document', 'created', 'updated')
if not s[1] then return false end
local head = false
if ARGV[1] == '1' then head = redis.call('LINDEX', KEYS[3], 0) end
return {s[1], s[2], s[3], s[4], redis.call('LLEN', KEYS[2]), head}
"""
)

CREATE = Script(
    """
-- KEYS: session. ARGV: document, now (ms), idle ttl (ms).
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', '1', 'document', ARGV[1],
           'created', ARGV[2], 'updated', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
"""
)

WRITE = Script(
    """
-- The compare-and-set of one action.
-- KEYS: session, events, history[, idempotency record].
-- ARGV: 1 version read, 2 new version, 3 new document, 4 now (ms),
--       5 history op ('push' | 'pop'), 6 history limit, 7 idle ttl (ms),
--       8 channel, 9 message, 10 claim, 11 record, 12 record ttl (ms), 13.. events.
local current = redis.call('HGET', KEYS[1], 'version')
if not current then return {'missing'} end
if current ~= ARGV[1] then return {'conflict', current} end
if KEYS[4] and redis.call('GET', KEYS[4]) ~= ARGV[10] then return {'claim_lost'} end
if ARGV[5] == 'push' then
  local document = redis.call('HGET', KEYS[1], 'document')
  redis.call('LPUSH', KEYS[3], '{"version":' .. current .. ',"document":' .. document .. '}')
  redis.call('LTRIM', KEYS[3], 0, tonumber(ARGV[6]) - 1)
elseif ARGV[5] == 'pop' then
  redis.call('LPOP', KEYS[3])
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'document', ARGV[3], 'updated', ARGV[4])
for i = 13, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[7]) end
if KEYS[4] then redis.call('SET', KEYS[4], ARGV[11], 'PX', ARGV[12]) end
redis.call('PUBLISH', ARGV[8], ARGV[9])
return {'ok'}
"""
)

DELETE = Script(
    """
-- KEYS: session, events, history. ARGV: channel, message.
local found = redis.call('DEL', KEYS[1])
redis.call('DEL', KEYS[2], KEYS[3])
if found == 1 then redis.call('PUBLISH', ARGV[1], ARGV[2]) end
return found
"""
)

EVENTS = Script(
    """
-- KEYS: session, events. ARGV: first index, last index.
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return {redis.call('LLEN', KEYS[2]), redis.call('LRANGE', KEYS[2], ARGV[1], ARGV[2])}
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
-- KEYS: idempotency record. ARGV: claim.
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
