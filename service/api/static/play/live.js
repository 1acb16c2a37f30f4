// Following a session live: one function, follow(), over the transport the page is told
// (service/api/play.py): "sse" for GET /v1/sessions/{id}/stream, "graphql" for the
// subscription sessionUpdated over graphql-transport-ws. Both call
//   on.open(text)              connected (then read the session: nothing written while
//                              connecting is missed)
//   on.version(v, encounter)   a new version; encounter is null when the transport does
//                              not carry it (read it over REST)
//   on.proposal(notice)        a seat proposed an action (SSE only: `event: proposal`,
//                              {session: {id, version}, proposal: {id, seatId}}; no version)
//   on.rejected(notice)        the DM rejected a proposal (SSE only: `event: rejected`, the
//                              same data; no version)
//   on.lost(delayMs)           disconnected, retrying after delayMs
//   on.gone(why)               the session is gone: no more updates
// and answer a function that stops following.

export function follow(transport, sessionId, options, on) {
  return (transport === "sse" ? followSse : followGraphql)(sessionId, options, on);
}

const MAX_DELAY = 15000;

// The stream read with fetch, not EventSource, so that it can send the API key. Each
// message is `id: <version>`, `event: version`, `data: {"session", "encounter", "events"}`;
// a seat's new proposal is `event: proposal` (no id: it is no version, and is not resumed,
// so on.open lists the proposals again); a last `event: deleted` ends it; `Last-Event-ID`
// resumes after a reconnection.
function followSse(sessionId, { headers, version }, on) {
  let stopped = false;
  let controller = null;
  let lastId = version ? String(version) : null;
  let delay = 1000;
  const dispatch = (block) => {
    let event = "message";
    const data = [];
    for (const line of block.split(/\r?\n/)) {
      const at = line.indexOf(":");
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "id") lastId = value;
      else if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (event === "deleted") {
      stopped = true;
      on.gone("the session was deleted");
    } else if (event === "version" && data.length) {
      const message = JSON.parse(data.join("\n"));
      on.version(message.session.version, message.encounter || null);
    } else if (event === "proposal" && data.length) {
      on.proposal?.(JSON.parse(data.join("\n")));
    } else if (event === "rejected" && data.length) {
      on.rejected?.(JSON.parse(data.join("\n")));
    }
  };
  (async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const sent = { ...headers(), accept: "text/event-stream" };
        if (lastId) sent["last-event-id"] = lastId;
        const url = `v1/sessions/${encodeURIComponent(sessionId)}/stream`;
        const response = await fetch(url, {
          headers: sent,
          signal: controller.signal,
          cache: "no-store",
        });
        if (response.status === 404) return on.gone("session not found");
        if (!response.ok || !response.body) throw new Error(`stream: HTTP ${response.status}`);
        on.open("live (SSE)");
        delay = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end;
          while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
            dispatch(block);
            if (stopped) return;
          }
        }
      } catch {
        if (stopped) return;
      }
      if (stopped) return;
      on.lost(delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, MAX_DELAY);
    }
  })();
  return () => {
    stopped = true;
    controller?.abort();
  };
}

const SUBSCRIPTION = `subscription Play($sessionId: ID!, $after: Int) {
  sessionUpdated(sessionId: $sessionId, after: $after) {
    __typename
    ... on SessionUpdate { id version }
    ... on Error { message }
  }
}`;

// As examples/web/live.js: connection_init (with the key, if any), subscribe after the last
// version seen (the versions written since come first), next... Each update names the new
// version; the page reads it over REST.
function followGraphql(sessionId, { headers, version }, on) {
  let stopped = false;
  let ws = null;
  let after = version ?? null;
  let delay = 1000;
  const connect = () => {
    if (stopped) return;
    const url = new URL("graphql", location.href).href.replace(/^http/, "ws");
    ws = new WebSocket(url, "graphql-transport-ws");
    const send = (message) => ws.send(JSON.stringify(message));
    ws.onopen = () => {
      const key = headers().authorization;
      send({ type: "connection_init", payload: key ? { Authorization: key } : {} });
    };
    ws.onmessage = (event) => {
      const m = JSON.parse(event.data);
      if (m.type === "connection_ack") {
        const variables = { sessionId, after };
        send({ id: "play", type: "subscribe", payload: { query: SUBSCRIPTION, variables } });
        delay = 1000;
        on.open("live (GraphQL)");
      } else if (m.type === "next") {
        const r = m.payload?.data?.sessionUpdated;
        if (r?.__typename === "SessionUpdate") {
          after = Math.max(after ?? 0, r.version);
          on.version(r.version, null);
        }
        else if (r?.__typename === "NotFound") {
          stopped = true;
          on.gone(r.message);
          ws.close(1000);
        } else if (r) ws.close(1000); // Unavailable: subscribe (and read) again
      } else if (m.type === "complete") {
        stopped = true;
        on.gone("the session was deleted");
        ws.close(1000);
      } else if (m.type === "ping") send({ type: "pong" });
    };
    ws.onclose = () => {
      if (stopped) return;
      on.lost(delay);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_DELAY);
    };
  };
  connect();
  return () => {
    stopped = true;
    ws?.close(1000);
  };
}
