"""Live updates: one pub/sub connection per store carrying every subscription's channel
(:class:`Hub`)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Coroutine
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import RedisClusterException, RedisError

from service.store._codec import as_text
from service.store._lua import Client
from service.store.errors import (
    QuotaExceeded,
    StoreUnavailable,
)

log = logging.getLogger("service.store")

_HEARTBEAT = 5.0
_SUBSCRIBER_BACKLOG = 64


def unavailable(exc: BaseException, retry_after: int) -> StoreUnavailable:
    """The StoreUnavailable of a Redis failure: its kind, never its address."""
    reason = "timed out" if isinstance(exc, TimeoutError) else type(exc).__name__
    return StoreUnavailable(f"the session store is unavailable: {reason}", retry_after)


class Subscriber:
    """One subscription's mailbox on the hub: the channel's messages, or why it ended."""

    def __init__(self, tenant: str, channel: str) -> None:
        self.tenant = tenant
        self.channel = channel
        self.queue: asyncio.Queue[bytes | str | StoreUnavailable] = asyncio.Queue(
            _SUBSCRIBER_BACKLOG
        )

    def deliver(self, data: bytes | str) -> bool:
        """Queue a message; False (and the subscription is lost) if it is too far behind."""
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self.lose(StoreUnavailable("the subscriber fell too far behind: updates were lost"))
            return False
        return True

    def lose(self, error: StoreUnavailable) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(error)

    async def next(self) -> bytes | str:
        item = await self.queue.get()
        if isinstance(item, StoreUnavailable):
            self.queue.put_nowait(item)
            raise item
        return item


@dataclass(slots=True)
class Channel:
    subscribers: set[Subscriber] = field(default_factory=set)
    subscribing: bool = False
    """Its SUBSCRIBE is sent."""
    active: bool = False
    """Redis has confirmed it, and every command on the channel before it."""
    waiters: list[asyncio.Future[None]] = field(default_factory=list)


class Hub:
    """One pub/sub connection carrying the channels of every subscription of a store.

    A subscription joins its channel: the first one sends ``SUBSCRIBE`` and every joiner
    waits until Redis has confirmed the newest ``SUBSCRIBE`` of the channel, so nothing
    published after :meth:`join` returns is missed. The last to leave sends
    ``UNSUBSCRIBE``. Replies come in order, so each channel counts the commands it has in
    flight; a channel is live when none is. Commands are written by one task in the order
    they were decided; one task reads the connection and hands each message to the
    channel's subscribers; another pings it every few seconds. If the
    connection fails or stops answering, every subscriber gets :class:`StoreUnavailable` and
    the next :meth:`join` opens a new connection.
    """

    def __init__(self, redis: Client, *, timeout: float, per_tenant: int) -> None:
        self.redis = redis
        self.timeout = timeout
        self.per_tenant = per_tenant
        self._connection: AbstractConnection | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._connecting: asyncio.Lock | None = None
        self._channels: dict[str, Channel] = {}
        self._in_flight: Counter[str] = Counter()
        self._tenants: Counter[str] = Counter()
        self._pinged: float | None = None
        self._outbox: asyncio.Queue[tuple[str, ...]] = asyncio.Queue()
        self._background: set[asyncio.Task[None]] = set()

    @property
    def subscriptions(self) -> int:
        """Subscriptions open or opening."""
        return sum(self._tenants.values())

    @property
    def live(self) -> int:
        """Subscriptions whose channel Redis has confirmed."""
        return sum(len(entry.subscribers) for entry in self._channels.values() if entry.active)

    async def join(self, tenant: str, channel: str) -> Subscriber:
        if self.per_tenant and self._tenants[tenant] >= self.per_tenant:
            raise QuotaExceeded("subscriptions", self.per_tenant)
        subscriber = Subscriber(tenant, channel)
        self._tenants[tenant] += 1
        try:
            async with asyncio.timeout(self.timeout):
                connection = await self._connect()
                entry = self._channels.setdefault(channel, Channel())
                entry.subscribers.add(subscriber)
                if entry.active:
                    return subscriber
                waiter = asyncio.get_running_loop().create_future()
                entry.waiters.append(waiter)
                if not entry.subscribing:
                    entry.subscribing = True
                    self._command(connection, "SUBSCRIBE", channel)
                await waiter
            return subscriber
        except BaseException as exc:
            self.leave(subscriber)
            if isinstance(exc, RedisError | RedisClusterException | OSError):
                raise unavailable(exc, 1) from exc
            raise

    def leave(self, subscriber: Subscriber) -> None:
        if subscriber.tenant not in self._tenants:
            return
        self._tenants[subscriber.tenant] -= 1
        if not self._tenants[subscriber.tenant]:
            del self._tenants[subscriber.tenant]
        entry = self._channels.get(subscriber.channel)
        if entry is not None and subscriber in entry.subscribers:
            entry.subscribers.discard(subscriber)
            self._unsubscribe_if_idle(subscriber.channel, entry)

    def _unsubscribe_if_idle(self, channel: str, entry: Channel) -> None:
        if entry.subscribers or self._channels.get(channel) is not entry:
            return
        del self._channels[channel]
        for waiter in entry.waiters:
            if not waiter.done():
                waiter.cancel()
        connection = self._connection
        if connection is not None and entry.subscribing:
            self._command(connection, "UNSUBSCRIBE", channel)

    async def aclose(self) -> None:
        connection, self._connection = self._connection, None
        tasks, self._tasks = self._tasks, []
        for task in tasks:
            task.cancel()
        for task in tasks:
            with suppress(BaseException):
                await task
        # The disconnects of lost connections run to their end (each is bounded by the
        # connection's timeout): cancelled, they would leave a socket open.
        await asyncio.gather(*self._background, return_exceptions=True)
        if connection is not None:
            with suppress(Exception):
                await connection.disconnect()
        self._fail(StoreUnavailable("the session store is closing"))

    async def _connect(self) -> AbstractConnection:
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            if self._connection is not None:
                return self._connection
            connection = await self._new_connection()
            await connection.connect()  # type: ignore[no-untyped-call]
            self._connection = connection
            self._pinged = None
            self._outbox = asyncio.Queue()
            self._tasks = [
                asyncio.create_task(self._read(connection)),
                asyncio.create_task(self._write(connection, self._outbox)),
                asyncio.create_task(self._heartbeat(connection)),
            ]
            return connection

    async def _new_connection(self) -> AbstractConnection:
        """A connection of its own, to a node of the cluster or to the server, that blocks
        on reads (the heartbeat watches it instead of a socket timeout)."""
        connection_class: type[AbstractConnection]
        if isinstance(self.redis, RedisCluster):
            await self.redis.initialize()
            node = self.redis.get_default_node()
            kwargs = dict(node.connection_kwargs)
            connection_class = node.connection_class
        else:
            pool = self.redis.connection_pool
            kwargs = dict(pool.connection_kwargs)
            connection_class = pool.connection_class
        kwargs["socket_timeout"] = None
        connection: AbstractConnection = connection_class(**kwargs)
        return connection

    async def _read(self, connection: AbstractConnection) -> None:
        try:
            while True:
                reply = await connection.read_response(push_request=True)
                self._handle(reply)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if self._connection is connection:
                log.warning("live updates lost their Redis connection: %s", type(exc).__name__)
                self._reset(connection, unavailable(exc, 1))

    def _handle(self, reply: Any) -> None:
        if not isinstance(reply, list) or not reply:
            if isinstance(reply, bytes | str) and as_text(reply).lower() == "pong":
                self._pinged = None
            return
        kind = as_text(reply[0]).lower()
        if kind == "message" and len(reply) >= 3:
            channel = as_text(reply[1])
            entry = self._channels.get(channel)
            if entry is not None:
                for subscriber in list(entry.subscribers):
                    if not subscriber.deliver(reply[2]):
                        entry.subscribers.discard(subscriber)
                self._unsubscribe_if_idle(channel, entry)
        elif kind in ("subscribe", "unsubscribe") and len(reply) >= 2:
            channel = as_text(reply[1])
            self._in_flight[channel] -= 1
            if self._in_flight[channel] > 0:
                return
            del self._in_flight[channel]
            entry = self._channels.get(channel)
            if entry is not None and entry.subscribing:
                entry.active = True
                for waiter in entry.waiters:
                    if not waiter.done():
                        waiter.set_result(None)
                entry.waiters.clear()
        elif kind == "pong":
            self._pinged = None

    async def _heartbeat(self, connection: AbstractConnection) -> None:
        while self._connection is connection:
            await asyncio.sleep(_HEARTBEAT)
            now = time.monotonic()
            if self._pinged is not None and now - self._pinged > self.timeout:
                log.warning("live updates: Redis stopped answering on the pub/sub connection")
                self._reset(connection, StoreUnavailable("the session store is unavailable"))
                return
            if self._pinged is None:
                self._pinged = now
                self._command(connection, "PING")

    def _command(self, connection: AbstractConnection, command: str, *args: str) -> None:
        """Queue a command for the connection: they are written in the order queued, which
        is the order their replies come back in."""
        if self._connection is not connection:
            return
        if command != "PING":
            self._in_flight[args[0]] += 1
        self._outbox.put_nowait((command, *args))

    async def _write(
        self, connection: AbstractConnection, outbox: asyncio.Queue[tuple[str, ...]]
    ) -> None:
        try:
            while True:
                command = await outbox.get()
                async with asyncio.timeout(self.timeout):
                    await connection.send_command(*command)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if self._connection is connection:
                self._reset(connection, unavailable(exc, 1))

    def _reset(self, connection: AbstractConnection, error: StoreUnavailable) -> None:
        if self._connection is not connection:
            return
        self._connection = None
        for task in self._tasks:
            if task is not asyncio.current_task():
                task.cancel()
        self._tasks = []
        self._spawn(connection.disconnect())
        self._fail(error)

    def _fail(self, error: StoreUnavailable) -> None:
        channels, self._channels = self._channels, {}
        self._in_flight.clear()
        for entry in channels.values():
            for subscriber in entry.subscribers:
                subscriber.lose(error)
            for waiter in entry.waiters:
                if not waiter.done():
                    waiter.set_exception(error)

    def _spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        async def run() -> None:
            with suppress(Exception):
                await coroutine

        def done(task: asyncio.Task[None]) -> None:
            self._background.discard(task)
            coroutine.close()  # a no-op unless the task was cancelled before it ran

        task = asyncio.get_running_loop().create_task(run())
        self._background.add(task)
        task.add_done_callback(done)
