// A live view of one session of the combat rules service: no build step, no dependencies.
//
//   index.html?session=ID&api=http://127.0.0.1:8000
//
// `api` defaults to the page's own origin (page and API behind the same host or proxy).
// The page reads the session (GET /v1/sessions/{id}), draws it, then follows
// `sessionUpdated` over graphql-transport-ws at /graphql, after the version it drew (so a
// version written in between comes first), and redraws on each new version.
"use strict";

(() => {
  const params = new URLSearchParams(location.search);
  const sessionId = params.get("session") || "";
  const api = (params.get("api") || location.origin).replace(/\/+$/, "");
  const wsUrl = api.replace(/^http/, "ws") + "/graphql";
  const SVG = "http://www.w3.org/2000/svg";

  const SUBSCRIPTION = `subscription Live($sessionId: ID!, $after: Int) {
  sessionUpdated(sessionId: $sessionId, after: $after) {
    __typename
    ... on SessionUpdate { id version document }
    ... on NotFound { message }
    ... on Unavailable { message retryAfter }
  }
}`;

  const $ = (id) => document.getElementById(id);
  let shownVersion = 0;
  let ended = false;
  let retryDelay = 1000;

  // ---- state shown to the reader (and to tests: body[data-state], body[data-version])

  function setState(state, text) {
    document.body.dataset.state = state;
    $("status").textContent = text;
  }

  function showError(message) {
    const box = $("error");
    box.hidden = !message;
    box.textContent = message || "";
  }

  // ---- drawing

  const SIDE_COLOURS = ["#6fa8dc", "#e06666", "#93c47d", "#f6b26b", "#8e7cc3", "#76a5af"];
  const SQUARE_EXTENT = { large: 2, huge: 3, gargantuan: 4, colossal: 4 };
  const sideColours = new Map();

  function colourOf(side) {
    if (!sideColours.has(side)) {
      sideColours.set(side, SIDE_COLOURS[sideColours.size % SIDE_COLOURS.length]);
    }
    return sideColours.get(side);
  }

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const key = (cell) => `${cell.x},${cell.y}`;

  // Geometry of the drawn rectangle. Squares: x column, y row. Hexes: axial (q, r) stored as
  // (x, y), drawn in offset layout: odd-r rows for pointy-top, odd-q columns for flat-top.
  function geometry(grid) {
    const kind = grid.kind || "square";
    const width = grid.width;
    const height = grid.height;
    if (kind === "square") {
      const s = 40;
      return {
        kind,
        size: [width * s, height * s],
        cells: () => rectangle(width, height, (c, r) => ({ x: c, y: r })),
        centre: (cell) => [cell.x * s + s / 2, cell.y * s + s / 2],
        outline: (cell) => ({ tag: "rect", x: cell.x * s, y: cell.y * s, width: s, height: s }),
        radius: s * 0.42,
        step: s,
      };
    }
    const R = 22;
    const w = Math.sqrt(3) * R;
    const flat = grid.hexOrientation === "flat";
    const toOffset = flat
      ? (cell) => [cell.x, cell.y + (cell.x - (cell.x & 1)) / 2]
      : (cell) => [cell.x + (cell.y - (cell.y & 1)) / 2, cell.y];
    const fromOffset = flat
      ? (c, r) => ({ x: c, y: r - (c - (c & 1)) / 2 })
      : (c, r) => ({ x: c - (r - (r & 1)) / 2, y: r });
    const centre = (cell) => {
      const [c, r] = toOffset(cell);
      return flat
        ? [1.5 * R * c + R, w * (r + 0.5 * (c & 1)) + w / 2]
        : [w * (c + 0.5 * (r & 1)) + w / 2, 1.5 * R * r + R];
    };
    return {
      kind,
      size: flat
        ? [1.5 * R * (width - 1) + 2 * R, w * (height + 0.5)]
        : [w * (width + 0.5), 1.5 * R * (height - 1) + 2 * R],
      cells: () => rectangle(width, height, fromOffset),
      centre,
      outline: (cell) => {
        const [cx, cy] = centre(cell);
        const points = [];
        for (let i = 0; i < 6; i++) {
          const angle = (Math.PI / 180) * (60 * i - (flat ? 0 : 30));
          points.push(`${(cx + R * Math.cos(angle)).toFixed(1)},${(cy + R * Math.sin(angle)).toFixed(1)}`);
        }
        return { tag: "polygon", points: points.join(" ") };
      },
      radius: R * 0.8,
      step: 0,
    };
  }

  function rectangle(width, height, cellAt) {
    const cells = [];
    for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) cells.push(cellAt(c, r));
    return cells;
  }

  function drawGrid(encounter) {
    const grid = encounter.grid || { width: 1, height: 1 };
    const geo = geometry(grid);
    const marks = new Map();
    for (const [field, cls] of [["difficult", "difficult"], ["swim", "water"], ["climb", "climb"], ["blocked", "blocked"]]) {
      for (const cell of grid[field] || []) marks.set(key(cell), cls);
    }
    const pad = 2;
    const [w, h] = geo.size;
    const svg = el("svg", {
      viewBox: `${-pad} ${-pad} ${w + 2 * pad} ${h + 2 * pad}`,
      width: Math.ceil(w + 2 * pad),
      height: Math.ceil(h + 2 * pad),
      "data-kind": geo.kind,
    });
    for (const cell of geo.cells()) {
      const { tag, ...attrs } = geo.outline(cell);
      const mark = marks.get(key(cell));
      const shape = el(tag, { ...attrs, class: mark ? `cell ${mark}` : "cell", "data-cell": key(cell) });
      shape.appendChild(el("title", {}, `(${key(cell)})${mark ? " " + mark : ""}`));
      svg.appendChild(shape);
    }
    for (const c of encounter.combatants || []) svg.appendChild(token(c, geo, encounter.turnOf));
    $("board").replaceChildren(svg);
  }

  function token(c, geo, turnOf) {
    const down = c.dead || (c.hp ?? 0) <= 0;
    const g = el("g", {
      class: `token${c.id === turnOf ? " turn" : ""}${down ? " down" : ""}`,
      "data-id": c.id,
    });
    const fill = colourOf(c.side || "");
    let cx, cy, label;
    if (geo.kind === "square") {
      // The anchor is the top-left cell of the creature's space.
      const extent = c.footprint ? 1 : SQUARE_EXTENT[c.size] || 1;
      const s = geo.step;
      const x = c.position.x * s;
      const y = c.position.y * s;
      g.appendChild(el("rect", {
        x: x + 3, y: y + 3, width: extent * s - 6, height: extent * s - 6, rx: 10, fill,
      }));
      cx = x + (extent * s) / 2;
      cy = y + (extent * s) / 2;
      label = extent > 1 ? c.name : initials(c.name);
    } else {
      [cx, cy] = geo.centre(c.position);
      g.appendChild(el("circle", { cx, cy, r: geo.radius, fill }));
      label = initials(c.name);
    }
    g.appendChild(el("text", { x: cx, y: cy - 2, class: "name" }, label));
    g.appendChild(el("text", { x: cx, y: cy + 11, class: "hp" }, `${c.hp}`));
    g.appendChild(el("title", {}, `${c.name}: ${c.hp}/${c.maxHp} HP`));
    return g;
  }

  function initials(name) {
    const words = String(name || "?").split(/\s+/).filter(Boolean);
    return words.length > 1 ? words.map((w) => w[0]).join("").slice(0, 3) : String(name).slice(0, 4);
  }

  function drawInitiative(encounter) {
    const byId = new Map((encounter.combatants || []).map((c) => [c.id, c]));
    const items = (encounter.order || []).map((entry) => {
      const li = document.createElement("li");
      const c = byId.get(entry.combatantId);
      li.dataset.id = entry.combatantId;
      li.textContent = `${c ? c.name : entry.combatantId} (${entry.initiative})`;
      if (entry.combatantId === encounter.turnOf) {
        li.className = "current";
        li.textContent = "▶ " + li.textContent;
        li.setAttribute("aria-current", "true");
      }
      return li;
    });
    $("initiative").replaceChildren(...items);
    $("no-initiative").hidden = items.length > 0;
  }

  function drawRoster(encounter) {
    const rows = (encounter.combatants || []).map((c) => {
      const tr = document.createElement("tr");
      tr.dataset.id = c.id;
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = colourOf(c.side || "");
      const name = document.createElement("td");
      name.append(swatch, c.name);
      const temp = c.tempHp ? ` +${c.tempHp}` : "";
      const state = c.dead ? " dead" : (c.hp ?? 0) <= 0 ? " down" : "";
      tr.append(
        name,
        cell(c.side || ""),
        cell(`${c.hp}/${c.maxHp}${temp}${state}`, "hp"),
        cell(`${c.position.x},${c.position.y}`),
      );
      return tr;
    });
    $("roster").replaceChildren(...rows);
  }

  function cell(text, cls) {
    const td = document.createElement("td");
    td.textContent = text;
    if (cls) td.className = cls;
    return td;
  }

  function render(version, encounter) {
    if (version < shownVersion) return; // an older read arriving late
    shownVersion = version;
    document.body.dataset.version = String(version);
    $("version").textContent = String(version);
    $("round").textContent = String(encounter.round ?? 0);
    $("ruleset").textContent = encounter.ruleset || "";
    drawGrid(encounter);
    drawInitiative(encounter);
    drawRoster(encounter);
  }

  // ---- REST read

  async function readSession() {
    const response = await fetch(`${api}/v1/sessions/${encodeURIComponent(sessionId)}`, {
      headers: { accept: "application/json" },
      cache: "no-store",
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const detail = body && (body.detail || body.title);
      throw new Error(`GET session: ${response.status}${detail ? " " + detail : ""}`);
    }
    render(body.version, body.encounter);
  }

  // ---- graphql-transport-ws: connection_init → connection_ack → subscribe → next…

  function connect() {
    const ws = new WebSocket(wsUrl, "graphql-transport-ws");
    const send = (message) => ws.send(JSON.stringify(message));
    let acked = false;
    const subscribe = () =>
      send({
        id: "session",
        type: "subscribe",
        payload: { query: SUBSCRIPTION, variables: { sessionId, after: shownVersion } },
      });
    ws.onopen = () => send({ type: "connection_init", payload: {} });
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      switch (message.type) {
        case "connection_ack":
          acked = true;
          // Read, then follow after the version drawn: whatever is written in between (or
          // while the connection was lost) comes first on the subscription.
          readSession().then(
            () => {
              subscribe();
              retryDelay = 1000;
              showError("");
              setState("live", "live");
            },
            (error) => {
              showError(String(error.message || error));
              subscribe(); // it answers NotFound, which ends the page, or follows once back
            },
          );
          break;
        case "next":
          onNext(message.payload || {}, ws);
          break;
        case "error":
          showError("subscription error: " + JSON.stringify(message.payload));
          setState("error", "subscription error");
          break;
        case "complete":
          ended = true;
          setState("ended", "session ended");
          ws.close(1000);
          break;
        case "ping":
          send({ type: "pong" });
          break;
      }
    };
    ws.onclose = (event) => {
      if (ended) return;
      const why = acked ? "connection lost" : `cannot connect (${event.code})`;
      setState("reconnecting", `${why}; retrying in ${Math.round(retryDelay / 1000)}s`);
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 15000);
    };
  }

  function onNext(payload, ws) {
    if (payload.errors && payload.errors.length) {
      showError(payload.errors.map((e) => e.message).join("\n"));
      return;
    }
    const result = payload.data && payload.data.sessionUpdated;
    if (!result) return;
    if (result.__typename === "SessionUpdate") {
      if (result.document) {
        render(result.version, result.document);
      } else if (result.version > shownVersion) {
        // An earlier version whose state the session no longer keeps: read the current one.
        readSession().catch((error) => showError(String(error.message || error)));
      }
    } else if (result.__typename === "NotFound") {
      ended = true;
      showError(result.message);
      setState("ended", "session not found");
      ws.close(1000);
    } else if (result.__typename === "Unavailable") {
      // The subscription ended and updates may have been missed: subscribe and read again.
      showError(result.message);
      retryDelay = Math.max(1000, (result.retryAfter || 1) * 1000);
      ws.close(1000);
    }
  }

  // ---- start

  $("session-id").textContent = sessionId;
  if (!sessionId) {
    setState("error", "no session");
    showError("Open this page with ?session=<session id>&api=<service URL>.");
    return;
  }
  readSession().catch((error) => {
    showError(String(error.message || error));
    setState("error", "cannot read the session");
  });
  connect();
})();
