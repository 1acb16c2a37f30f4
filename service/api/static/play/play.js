// The battle map (GET /play): run a fight on a session of the combat rules service.
//
// Plain JavaScript on fetch, no build step, no dependency: the page reads and writes the
// session over REST (every write with If-Match, so two browsers never overwrite each other
// silently), previews moves and attacks with the session's queries (path-cost, attack-odds,
// cover, flanking), and follows the session live (live.js). Its settings come from the
// #play-config data block (see service/api/play.py). The page runs under a strict
// Content-Security-Policy: no inline script or style, every request to the service itself.

import { geometry, key } from "./grid.js";
import { follow } from "./live.js";
import { mountBuilder } from "./builder.js";

const config = JSON.parse(document.getElementById("play-config").textContent);
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const DEDICATED = new Set([
  "resolve-attack",
  "move-combatant",
  "resolve-choice",
  "next-turn",
  "roll-dice",
]);
const ACTOR_FIELD = /^(combatant|attacker|grappler|source|initiator|actor|mover)Id$/;
const TARGET_FIELD = /^(target|defender|victim|patient)Id$/;
const MAX_LOG_VERSIONS = 300;
const FALLBACK_POLL_SECONDS = 3; // the proposals, while no stream tells of them
const MAX_SAID_VERSIONS = 3; // the versions another window wrote, said at once
const HOVER_DELAY = 120;
const ACT_HINT = (verb) => `Click to ${verb} (on a touch screen: tap again).`;
const TERRAIN = {
  difficult: "difficult terrain",
  water: "water",
  climb: "climbing",
  blocked: "blocked",
};
// The keyboard cursor's steps: one drawn column or row (grid.js: offset, at).
const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const MAP_KEYS = new Set([...Object.keys(STEPS), "Home", "End", "Enter", " ", "Escape"]);
let hoverTimer = null;

const state = {
  sessionId: null,
  version: 0,
  encounter: null,
  selected: null, // the creature the player acts with (defaults to whose turn it is)
  target: null, // the last creature hovered or attacked
  attackName: null,
  busy: false,
  hoverKey: null,
  cursor: null, // the keyboard cursor's cell, while the map is driven by keys
  unsaid: false, // the cursor's spot is not said yet
  stopLive: null,
  rules: new Map(),
  seat: null, // a player's view (opened from a seat link): {id, combatants, approval}
  told: false, // an SSE stream is open: it tells of new proposals (event: proposal)
  own: new Set(), // versions this page wrote (said by act), not said again from the log
  proposals: null, // the ids of the proposals listed, once they are
  pending: new Map(), // a player's proposals waiting for the DM: id -> the action's words
  saveDc: "", // the DC typed for saving throws, kept across renders
};

// ---- small helpers

function html(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("data-")) node.dataset[camel(k.slice(5))] = v;
    else if (k in node && typeof v !== "string") node[k] = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

const camel = (s) => s.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const pct = (p) => `${(p * 100).toFixed(1)}%`;
const byId = (id) => (state.encounter?.combatants || []).find((c) => c.id === id) || null;
const nameOf = (id) => byId(id)?.name || id;
const down = (c) => c.dead || (c.hp ?? 0) <= 0;
const clamp = (v, low, high) => Math.max(low, Math.min(high, v));

function notice(text, kind) {
  const box = $("notice");
  box.replaceChildren(...(Array.isArray(text) ? text : [text || ""]));
  box.className = kind || "info";
  box.hidden = !text;
}

// Said by a screen reader (the visually hidden live region): what the keyboard cursor is on,
// what a write did. The same words again (an arrow at the map's edge) get a no-break space
// to be a change, which is what a live region says.
function announce(text) {
  const region = $("announce");
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

function ruleButton(ruleId) {
  if (!ruleId) return html("span", { class: "rule none" }, "no rule");
  return html("button", { type: "button", class: "rule", "data-rule": ruleId }, ruleId);
}

// ---- the service

class ApiError extends Error {
  constructor(status, problem) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
  }
}

function authHeaders() {
  const k = sessionStorage.getItem("crs-api-key");
  return k ? { authorization: `Bearer ${k}` } : {};
}

async function api(method, path, body, ifMatch) {
  const headers = { accept: "application/json", ...authHeaders() };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (ifMatch) headers["if-match"] = `"${ifMatch}"`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const sessionPath = (rest) => `v1/sessions/${encodeURIComponent(state.sessionId)}${rest || ""}`;
const query = (slug, body) => api("POST", sessionPath(`/${slug}`), body);

let specPromise = null;
// The request schema of an action in session mode, from the OpenAPI document.
function requestSchema(slug) {
  specPromise =
    specPromise ||
    api("GET", "openapi.json").catch((error) => {
      specPromise = null;
      throw error;
    });
  return specPromise.then((spec) => {
    const path = Object.keys(spec.paths).find(
      (p) => /^\/v1\/sessions\/\{[^}]+\}\/([a-z-]+)$/.exec(p)?.[1] === slug,
    );
    const schema = spec.paths[path]?.post?.requestBody?.content?.["application/json"]?.schema;
    return { spec, schema: schema ? resolve(spec, schema) : { properties: {} } };
  });
}

function resolve(spec, schema) {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (s.$ref)
      s = s.$ref
        .split("/")
        .slice(1)
        .reduce((o, part) => o[part], spec);
    else if (s.anyOf) s = s.anyOf.find((x) => x.type !== "null") || s.anyOf[0];
    else break;
  }
  return s || {};
}

function startLive() {
  stopLive();
  const status = $("live-status");
  status.hidden = false;
  status.textContent = "connecting…";
  document.body.dataset.live = config.live;
  const options = { headers: authHeaders, version: state.version };
  state.stopLive = follow(config.live, state.sessionId, options, {
    open: (text) => {
      status.textContent = text;
      status.className = "live on";
      readSession(); // a version written while (re)connecting is not missed
      setTold(config.live === "sse");
      pullProposals(); // nor a proposal: its notice is not resumed
    },
    version: (version, encounter) => {
      if (version <= state.version) return;
      if (encounter) render(version, encounter);
      else readSession();
    },
    proposal: () => pullProposals(),
    rejected: (told) => rejected(told.proposal),
    lost: (delay) => {
      status.textContent = `reconnecting in ${Math.round(delay / 1000)} s`;
      status.className = "live off";
      setTold(false);
    },
    gone: (why) => {
      status.textContent = why;
      status.className = "live off";
      setTold(false);
    },
  });
}

function stopLive() {
  if (state.stopLive) state.stopLive();
  state.stopLive = null;
  setTold(false);
  $("live-status").textContent = "not following";
  $("live-status").className = "live off";
}

// ---- reading and writing the session

async function readSession() {
  try {
    const s = await api("GET", sessionPath());
    // The version on show again (the stream's opening read) changes nothing: not redrawn,
    // so the preview under the pointer or the keyboard cursor stays.
    if (s.version === state.version && state.encounter) return;
    render(s.version, s.encounter);
  } catch (error) {
    const why = error.status === 401 ? " (the service wants an API key: New fight → API key)" : "";
    notice(`Cannot read the session: ${error.message}${why}`, "error");
  }
}

function takeSeed() {
  const raw = $("seed").value.trim();
  if (!raw) return null;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647) {
    throw new Error("the seed is a whole number from 0 to 2147483647");
  }
  return Number(raw);
}

// A write: the action's body plus the seed field's value, on the version shown.
async function act(slug, body, path) {
  if (state.busy) return null;
  let seed;
  try {
    seed = takeSeed();
  } catch (error) {
    notice(error.message, "error");
    return null;
  }
  const payload = seed === null || path ? body : { ...body, seed };
  setBusy(true);
  try {
    const proposing = state.seat?.approval === "dm" && !path;
    const action = config.actions.find((a) => a.slug === slug)?.name;
    const result = proposing
      ? await api("POST", sessionPath("/proposals"), { action, params: payload }, state.version)
      : await api("POST", sessionPath(path || `/${slug}`), payload, state.version);
    $("seed").value = "";
    if (result && result.seatId && !result.session) {
      notice(`${slug}: proposed to the DM, waiting for approval`, "info");
      document.body.dataset.proposed = result.id;
      state.pending.set(result.id, proposalWords(result).replace(/^Proposed/, "your proposal"));
      return result;
    }
    const seedText = result.seed !== undefined ? ` · seed ${result.seed}` : "";
    notice(`${slug}: version ${result.session.version}${seedText}`, "info");
    state.own.add(result.session.version);
    render(result.session.version, result.encounter);
    announce(outcomeWords(slug, result));
    return result;
  } catch (error) {
    if (error.status === 412) {
      await readSession();
      notice(
        `Not done: the session changed in another window (it is at version ${error.problem.currentVersion ?? "?"} now, shown here). Check the map and try again.`,
        "conflict",
      );
    } else {
      const p = error.problem || {};
      notice([`${slug}: ${error.message} `, p.rule ? ruleButton(p.rule) : ""], "error");
    }
    return null;
  } finally {
    setBusy(false);
  }
}

// What a write did, in the words of its log entries.
const outcomeWords = (slug, result) =>
  (result.events || [])
    .map((e) => e.message)
    .filter(Boolean)
    .join(". ") || `${slug}: done`;

function setBusy(busy) {
  state.busy = busy;
  if (!busy) sayOthers([]);
  document.body.dataset.busy = busy ? "1" : "";
  for (const b of document.querySelectorAll("#table button"))
    b.disabled = busy && !b.classList.contains("rule");
}

async function createSession(encounter) {
  try {
    const s = await api("POST", "v1/sessions", { encounter });
    openSession(s.id, s);
  } catch (error) {
    const errors = (error.problem?.errors || []).map((e) => `${e.path}: ${e.message}`).join("; ");
    notice(`Cannot start it: ${error.message}${errors ? ` (${errors})` : ""}`, "error");
  }
}

function openSession(id, initial) {
  stopLive();
  Object.assign(state, {
    sessionId: id,
    version: 0,
    encounter: null,
    selected: null,
    target: null,
    attackName: null,
    cursor: null,
    own: new Set(),
    proposals: null,
  });
  resetLog();
  pendingNews = [];
  const url = new URL(location.href);
  url.search = `?session=${encodeURIComponent(id)}`;
  history.replaceState(null, "", url);
  $("session-link").href = url.href;
  $("session-link").textContent = id;
  $("session-info").hidden = false;
  $("follow-label").hidden = false;
  $("setup").hidden = true;
  $("table").hidden = false;
  document.body.dataset.state = "table";
  if (initial) render(initial.version, initial.encounter);
  else readSession();
  if ($("follow").checked) startLive();
}

function spaceOf(c, geo) {
  if (c.footprint && c.footprint.length) return c.footprint;
  const extent = (config.extents[state.encounter.ruleset] || {})[c.size] || 1;
  return geo.shape(extent).map(([dx, dy]) => ({ x: c.position.x + dx, y: c.position.y + dy }));
}

// ---- seats: a player's view, the DM's invitations and the proposals waiting

const mine = (id) => !state.seat || state.seat.combatants.includes(id);

// A seat link is /play?session=<id>#seat=<token>: the token (in the fragment, which no
// request carries) becomes this tab's key, and the page shows only the seat's creatures'
// controls.
function takeSeatLink() {
  const token = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (token) sessionStorage.setItem("crs-api-key", token);
  return token;
}

async function loadSeat() {
  try {
    const found = await api("GET", sessionPath("/seats"));
    state.seat = found.items[0] || null;
  } catch (error) {
    return notice(`Cannot read the seat: ${error.message}`, "error");
  }
  if (!state.seat) return;
  document.body.dataset.view = "player";
  for (const id of ["undo", "new-fight", "seats"]) $(id).hidden = true;
  drawSeatTag();
  if (state.encounter) render(state.version, state.encounter);
}

// Drawn on every render: the seat may be read before the encounter that names its creatures.
function drawSeatTag() {
  if (!state.seat) return;
  const names = state.seat.combatants.map(nameOf).join(", ");
  $("seat-tag").textContent = `playing ${names}${state.seat.approval === "dm" ? " (the DM approves)" : ""}`;
  $("seat-tag").hidden = false;
}

async function invite() {
  const c = byId(state.selected);
  if (!c) return;
  try {
    const made = await api("POST", sessionPath("/seats"), {
      combatants: [c.id],
      label: `${c.name}'s player`,
      approval: $("seat-approval").checked ? "dm" : "none",
    });
    const url = new URL(location.href);
    url.search = `?session=${encodeURIComponent(state.sessionId)}`;
    url.hash = `seat=${made.token}`;
    $("seat-link").value = url.href;
    $("seat-out").hidden = false;
    notice(`A seat for ${c.name}: send the link to their player.`, "info");
  } catch (error) {
    notice(`Cannot invite: ${error.message}`, "error");
  }
}

let proposalsPulled = 0;
async function pullProposals() {
  if (state.seat || !state.sessionId) return;
  const pulled = ++proposalsPulled;
  let found;
  try {
    found = (await api("GET", sessionPath("/proposals"))).items;
  } catch {
    return;
  }
  if (pulled !== proposalsPulled) return;
  const known = state.proposals;
  state.proposals = new Set(found.map((p) => p.id));
  const fresh = known ? found.filter((p) => !known.has(p.id)) : [];
  if (fresh.length) announce(fresh.map(proposalWords).join(". "));
  $("proposals").hidden = found.length === 0;
  $("proposal-list").replaceChildren(
    ...found.map((p) =>
      html(
        "li",
        { "data-proposal-id": p.id },
        html("p", {}, `${p.action} `, html("code", {}, JSON.stringify(p.params))),
        html(
          "div",
          { class: "buttons" },
          html("button", { type: "button", "data-approve": p.id }, "Approve"),
          html("button", { type: "button", "data-reject": p.id }, "Reject"),
        ),
      ),
    ),
  );
}

// The DM rejected a proposal (the stream's `event: rejected`): the DM's pages list the rest;
// the player who proposed it is told, in the notice and the live region.
function rejected({ id, seatId }) {
  pullProposals();
  if (!state.seat || seatId !== state.seat.id) return;
  const words = `The DM rejected ${state.pending.get(id) || "your proposal"}`;
  state.pending.delete(id);
  if (document.body.dataset.proposed === id) delete document.body.dataset.proposed;
  notice(words, "conflict");
  announce(words);
}

// A proposal in words: "Proposed for Aria: dodge".
function proposalWords(p) {
  const actor = Object.entries(p.params || {}).find(([k]) => ACTOR_FIELD.test(k))?.[1];
  const label = config.actions.find((a) => a.name === p.action)?.slug || p.action;
  return `Proposed${actor ? ` for ${nameOf(actor)}` : ""}: ${label.replaceAll("-", " ")}`;
}

// The DM's page lists the proposals when its stream tells of a new one and when the stream
// (re)opens; this poll is the fallback: every FALLBACK_POLL_SECONDS while no SSE stream is
// open (not following, following over GraphQL, reconnecting), else every
// config.proposalPollSeconds (0: never). A hidden page does not poll.
let pollTimer = null;
function setTold(told) {
  if (told === state.told && pollTimer !== null) return;
  state.told = told;
  schedulePoll();
}

function schedulePoll() {
  clearTimeout(pollTimer);
  pollTimer = null;
  const seconds = state.told ? config.proposalPollSeconds : FALLBACK_POLL_SECONDS;
  if (!(seconds > 0)) return;
  pollTimer = setTimeout(() => {
    if (state.sessionId && !state.seat && !document.hidden) pullProposals();
    schedulePoll();
  }, seconds * 1000);
}

async function decide(id, verdict) {
  if (state.busy) return;
  setBusy(true);
  try {
    const result = await api("POST", sessionPath(`/proposals/${id}/${verdict}`));
    if (result && result.session) {
      notice(`approved: version ${result.session.version}`, "info");
      state.own.add(result.session.version);
      render(result.session.version, result.encounter);
      announce(`Approved: ${outcomeWords("the proposal", result)}`);
    } else pullProposals();
  } catch (error) {
    notice(`Not done: ${error.message}`, "error");
    pullProposals();
  } finally {
    setBusy(false);
  }
}

// ---- drawing

const sides = new Map();
const sideClass = (side) => {
  if (!sides.has(side)) sides.set(side, sides.size % 6);
  return `side-${sides.get(side)}`;
};

function render(version, encounter) {
  if (version < state.version) return; // an older read arriving late
  state.version = version;
  state.encounter = encounter;
  document.body.dataset.version = String(version);
  $("version").textContent = String(version);
  $("ruleset").textContent = encounter.ruleset;
  $("ruleset").hidden = false;
  $("round").textContent = String(encounter.round ?? 0);
  if (!byId(state.selected) || state.lastTurnOf !== encounter.turnOf)
    state.selected = encounter.turnOf || state.selected;
  state.lastTurnOf = encounter.turnOf;
  if (!byId(state.selected)) state.selected = encounter.combatants[0]?.id || null;
  if (state.seat && !mine(state.selected))
    state.selected = state.seat.combatants.find((id) => byId(id)) || null;
  if (state.target && !byId(state.target)) state.target = null;
  state.hoverKey = null;
  drawBoard();
  drawInitiative();
  drawActor();
  drawRoster();
  drawChoices();
  drawActionButtons();
  drawSeatTag();
  clearPreview();
  if (state.cursor && state.unsaid) aimCursor();
  syncLog();
  pullProposals();
}

function drawBoard() {
  const enc = state.encounter;
  const geo = (state.geo = geometry(enc.grid));
  const marks = new Map();
  for (const [field, cls] of [
    ["difficult", "difficult"],
    ["swim", "water"],
    ["climb", "climb"],
    ["blocked", "blocked"],
  ]) {
    for (const cell of enc.grid[field] || []) marks.set(key(cell), cls);
  }
  state.marks = marks;
  if (state.cursor && !onGrid(state.cursor)) state.cursor = null;
  const [w, h] = geo.size;
  const tiles = geo.kind === "hex" ? "hexes" : "squares";
  const root = svg("svg", {
    viewBox: `-2 -16 ${w + 4} ${h + 18}`,
    width: Math.ceil(w + 4),
    height: Math.ceil(h + 18),
    "data-kind": geo.kind,
    "data-orientation": enc.grid.hexOrientation || "pointy",
    role: "group",
    "aria-label": `${enc.grid.width} by ${enc.grid.height} ${tiles}`,
  });
  const cells = svg("g", { class: "cells" });
  for (const cell of geo.cells()) {
    const { tag, ...attrs } = geo.outline(cell);
    const mark = marks.get(key(cell));
    const shape = svg(tag, {
      ...attrs,
      class: mark ? `cell ${mark}` : "cell",
      "data-cell": key(cell),
    });
    shape.appendChild(svg("title", {}, `(${key(cell)})${mark ? " " + mark : ""}`));
    cells.appendChild(shape);
  }
  root.appendChild(cells);
  state.occupant = new Map();
  const spaces = svg("g", { class: "spaces" });
  const tokens = svg("g", { class: "tokens" });
  for (const c of enc.combatants) {
    const space = spaceOf(c, geo);
    for (const cell of space) {
      state.occupant.set(key(cell), c.id);
      const { tag, ...attrs } = geo.outline(cell);
      spaces.appendChild(
        svg(tag, {
          ...attrs,
          class: `space ${sideClass(c.side)}`,
          "data-id": c.id,
          "data-space": key(cell),
        }),
      );
    }
    tokens.appendChild(token(c, space, geo));
  }
  root.append(spaces, tokens, svg("g", { id: "overlay" }), svg("g", { id: "cursor" }));
  $("board").replaceChildren(root);
  drawCursor();
}

function onGrid(cell) {
  const [c, r] = state.geo.offset(cell);
  const { width, height } = state.encounter.grid;
  return c >= 0 && r >= 0 && c < width && r < height;
}

// The keyboard cursor: an outline on its cell. While it is on the map the live region
// speaks for the preview box (which would say it all again).
function drawCursor() {
  const layer = document.getElementById("cursor");
  if (layer) layer.replaceChildren();
  $("preview").setAttribute("aria-live", state.cursor ? "off" : "polite");
  if (!layer || !state.cursor) return;
  const { tag, ...attrs } = state.geo.outline(state.cursor);
  layer.appendChild(svg(tag, { ...attrs, class: "cursor", "data-cursor": key(state.cursor) }));
}

function token(c, space, geo) {
  const centres = space.map((cell) => geo.centre(cell));
  const cx = centres.reduce((s, p) => s + p[0], 0) / centres.length;
  const cy = centres.reduce((s, p) => s + p[1], 0) / centres.length;
  const extent = Math.max(1, Math.round(Math.sqrt(space.length)));
  const r = geo.step * (0.36 + 0.3 * (extent - 1));
  const cls = ["token", sideClass(c.side)];
  if (c.id === state.encounter.turnOf) cls.push("turn");
  if (c.id === state.selected) cls.push("selected");
  if (c.id === state.target) cls.push("targeted");
  if (down(c)) cls.push("down");
  const g = svg("g", {
    class: cls.join(" "),
    role: "img",
    "aria-label": creatureWords(c),
    "data-id": c.id,
    "data-cx": cx.toFixed(1),
    "data-cy": cy.toFixed(1),
  });
  g.appendChild(svg("circle", { cx, cy, r, class: "disc" }));
  g.appendChild(svg("text", { x: cx, y: cy + 4, class: "name" }, initials(c.name, extent)));
  const barW = Math.max(geo.step * 0.8, r * 1.6);
  const ratio = Math.max(0, Math.min(1, (c.hp ?? 0) / (c.maxHp || 1)));
  g.appendChild(
    svg("rect", { x: cx - barW / 2, y: cy + r - 6, width: barW, height: 5, class: "hpbar-bg" }),
  );
  g.appendChild(
    svg("rect", {
      x: cx - barW / 2,
      y: cy + r - 6,
      width: (barW * ratio).toFixed(1),
      height: 5,
      class: `hpbar ${ratio > 0.5 ? "ok" : ratio > 0.25 ? "hurt" : "low"}`,
    }),
  );
  (c.conditions || []).slice(0, 3).forEach((cond, i) => {
    const label = cond.name.slice(0, 12);
    const width = label.length * 5 + 8;
    const by = cy - r - 2 - i * 11;
    g.appendChild(
      svg("rect", { x: cx - width / 2, y: by - 8, width, height: 10, rx: 3, class: "badge" }),
    );
    g.appendChild(
      svg("text", { x: cx, y: by - 0.5, class: "badge-text", "data-condition": cond.name }, label),
    );
  });
  g.appendChild(
    svg(
      "title",
      {},
      `${c.name}: ${c.hp}/${c.maxHp} HP, AC ${c.ac}${(c.conditions || []).length ? ", " + c.conditions.map((x) => x.name).join(", ") : ""}`,
    ),
  );
  return g;
}

// A creature in words: its name, its side as the selected creature sees it, its hit points,
// its conditions.
function creatureWords(c) {
  const actor = byId(state.selected);
  const side = !actor
    ? c.side
    : c.id === actor.id
      ? "selected"
      : c.side === actor.side
        ? "ally"
        : "enemy";
  return [
    c.name,
    side,
    `${c.hp} of ${c.maxHp} HP`,
    `AC ${c.ac}`,
    c.dead ? "dead" : down(c) ? "down" : null,
    ...(c.conditions || []).map((x) => x.name),
    c.id === state.encounter.turnOf ? "their turn" : null,
  ]
    .filter(Boolean)
    .join(", ");
}

// A cell in words: its coordinates (as the log writes them), its terrain, who is on it.
function where(cell) {
  const c = byId(state.occupant.get(key(cell)));
  const what = [TERRAIN[state.marks.get(key(cell))], c && creatureWords(c)].filter(Boolean);
  return `(${cell.x}, ${cell.y}): ${what.join(", ") || "empty"}`;
}

function initials(name, extent) {
  if (extent > 1) return name.slice(0, 10);
  const words = name.split(/\s+/).filter(Boolean);
  return words.length > 1
    ? words
        .map((w) => w[0])
        .join("")
        .slice(0, 3)
    : name.slice(0, 4);
}

function drawInitiative() {
  const enc = state.encounter;
  const items = (enc.order || []).map((entry) => {
    const c = byId(entry.combatantId);
    const current = entry.combatantId === enc.turnOf;
    return html(
      "li",
      {
        "data-id": entry.combatantId,
        class: [current ? "current" : "", c && down(c) ? "down" : ""].join(" ").trim(),
        "aria-current": current ? "true" : null,
      },
      html(
        "button",
        { type: "button", class: "select", "data-select": entry.combatantId },
        current ? html("span", { "aria-hidden": "true" }, "▶ ") : null,
        c ? c.name : entry.combatantId,
      ),
      html("span", { class: "init" }, ` ${entry.initiative}`),
    );
  });
  $("initiative").replaceChildren(...items);
  $("no-initiative").hidden = items.length > 0;
}

function drawActor() {
  const c = byId(state.selected);
  const box = $("actor");
  if (!c) return box.replaceChildren();
  const attacks = c.attacks || [];
  if (!attacks.some((a) => a.name === state.attackName))
    state.attackName = attacks[0]?.name || null;
  const b = c.budget || {};
  const select = html(
    "select",
    { id: "attack-name", "aria-label": "attack" },
    ...attacks.map((a) =>
      html(
        "option",
        { value: a.name, selected: a.name === state.attackName },
        `${a.name} (${a.bonus >= 0 ? "+" : ""}${a.bonus}, ${a.damage}${a.kind === "ranged" ? `, ${a.range} ft` : ""})`,
      ),
    ),
  );
  const flags = [
    ["action", b.action],
    ["bonus action", b.bonusAction],
    ["reaction", b.reaction],
  ].map(([n, ok]) => html("span", { class: `flag ${ok ? "yes" : "no"}` }, n));
  box.replaceChildren(
    html("h2", {}, `${c.name}${c.id === state.encounter.turnOf ? " (their turn)" : ""}`),
    html(
      "p",
      {},
      `${c.hp}/${c.maxHp} HP${c.tempHp ? ` +${c.tempHp} temp` : ""} · AC ${c.ac} · movement ${b.movement ?? c.speed} of ${c.speed} ft`,
    ),
    html("p", { class: "flags" }, ...flags),
    attacks.length
      ? html("label", {}, "Attack with ", select)
      : html("p", { class: "muted" }, "no attacks"),
    ...quickControls(c),
  );
  select.addEventListener("change", () => {
    state.attackName = select.value;
    clearPreview();
  });
}

// One click for what a table does most: the DM puts a condition on a creature or takes it
// off (update-combatant: a condition set by hand lasts until taken off so), and a
// creature's player rolls its saving throws (roll-save, against the DC typed).
function quickControls(c) {
  const parts = [];
  if (!state.seat) {
    const has = new Set((c.conditions || []).map((x) => x.name));
    parts.push(
      html(
        "div",
        { class: "quick", role: "group", "aria-label": `conditions of ${c.name}` },
        html("span", { class: "muted" }, "Conditions"),
        ...config.conditions.map((name) =>
          html(
            "button",
            {
              type: "button",
              class: "toggle",
              "data-toggle-condition": name,
              "aria-pressed": String(has.has(name)),
              title: `${has.has(name) ? "take off" : "put on"} ${name}`,
            },
            name,
          ),
        ),
      ),
    );
  }
  const save = config.actions.find((a) => a.slug === "roll-save");
  const ruleset = state.encounter.ruleset;
  if (save && (!save.rulesets || save.rulesets.includes(ruleset)) && mine(c.id)) {
    const dc = html("input", {
      id: "save-dc",
      inputmode: "numeric",
      size: 3,
      value: state.saveDc,
      "aria-label": "the save's DC",
    });
    dc.addEventListener("input", () => (state.saveDc = dc.value.trim()));
    parts.push(
      html(
        "div",
        { class: "quick", role: "group", "aria-label": `saving throws of ${c.name}` },
        html("span", { class: "muted" }, "Saving throw"),
        html("label", {}, "DC ", dc),
        ...config.abilities.map((ability) =>
          html(
            "button",
            { type: "button", "data-save": ability, title: `${c.name}'s ${ability} save` },
            ability.slice(0, 3).toUpperCase(),
          ),
        ),
      ),
    );
  }
  return parts;
}

function toggleCondition(name) {
  const c = byId(state.selected);
  if (!c) return;
  const conditions = c.conditions || [];
  const next = conditions.some((x) => x.name === name)
    ? conditions.filter((x) => x.name !== name)
    : [...conditions, { name }];
  act("update-combatant", { combatantId: c.id, conditions: next });
}

function rollSave(ability) {
  const c = byId(state.selected);
  if (!c) return;
  if (!/^-?\d{1,4}$/.test(state.saveDc))
    return notice("Type the save's DC (a whole number) first", "error");
  act("roll-save", { combatantId: c.id, ability, dc: Number(state.saveDc) });
}

// The table's free dice roller (roll-dice): the DM rolls as the DM, a player as its
// selected creature; the roll is in the session's log like any other.
async function rollFreeDice(event) {
  event.preventDefault();
  const expression = $("dice-expression").value.trim();
  const purpose = $("dice-purpose").value.trim();
  if (!expression) return notice("Type the dice to roll (2d6+3, 4d6kh3...)", "error");
  const body = { expression, ...(purpose ? { purpose } : {}) };
  if (state.seat && state.selected) body.combatantId = state.selected;
  const result = await act("roll-dice", body);
  if (result?.outcome) {
    const o = result.outcome;
    $("dice-out").textContent = `${o.expression}${purpose ? ` (${purpose})` : ""}: ${o.total}`;
  }
}

function drawRoster() {
  const rows = state.encounter.combatants.map((c) =>
    html(
      "li",
      { "data-id": c.id, class: down(c) ? "down" : "" },
      html(
        "button",
        {
          type: "button",
          class: `select swatch ${sideClass(c.side)}`,
          "data-select": c.id,
          title: `select ${c.name}`,
        },
        c.name,
      ),
      html("progress", {
        max: c.maxHp,
        value: Math.max(0, c.hp),
        title: `${c.hp}/${c.maxHp} HP`,
      }),
      html(
        "span",
        { class: "hp" },
        `${c.hp}/${c.maxHp}${c.dead ? " dead" : c.hp <= 0 ? " down" : ""}`,
      ),
      ...(c.conditions || []).map((x) =>
        html("span", { class: "badge", "data-condition": x.name }, x.name),
      ),
    ),
  );
  $("roster").replaceChildren(...rows);
}

function drawChoices() {
  const choices = state.encounter.pendingChoices || [];
  $("choices").hidden = choices.length === 0;
  $("choice-list").replaceChildren(
    ...choices.map((ch) => {
      const detail =
        ch.owner === "dm"
          ? html("input", {
              class: "detail",
              placeholder: "the DM's answer (optional)",
              "aria-label": "detail",
            })
          : null;
      const buttons = ch.options.map((o) =>
        html("button", { type: "button", "data-choice": ch.id, "data-decision": o }, o),
      );
      return html(
        "li",
        { "data-choice-id": ch.id },
        html(
          "p",
          {},
          html("b", {}, ch.owner === "dm" ? "The DM" : nameOf(ch.owner)),
          ` decides${ch.source ? ` (${ch.source})` : ""}: ${ch.prompt}`,
        ),
        detail,
        html("div", { class: "buttons" }, ...buttons),
      );
    }),
  );
}

function drawActionButtons() {
  const ruleset = state.encounter.ruleset;
  const buttons = config.actions
    .filter(
      (a) =>
        !a.query &&
        !DEDICATED.has(a.slug) &&
        !(state.seat && a.dm) &&
        (!a.rulesets || a.rulesets.includes(ruleset)),
    )
    .map((a) =>
      html(
        "button",
        { type: "button", "data-action": a.slug, title: a.summary },
        a.slug.replace(/-/g, " "),
      ),
    );
  $("action-buttons").replaceChildren(...buttons);
  const form = $("action-form");
  if (form.dataset.slug && !buttons.some((b) => b.dataset.action === form.dataset.slug))
    closeForm();
  if (!(state.encounter.order || []).length && !form.dataset.slug && !state.seat)
    openForm("roll-initiative");
}

// ---- generic action forms, from the request schema in /openapi.json

async function openForm(slug) {
  const spec = config.actions.find((a) => a.slug === slug);
  const form = $("action-form");
  form.dataset.slug = slug;
  let doc, schema;
  try {
    ({ spec: doc, schema } = await requestSchema(slug));
  } catch (error) {
    if (form.dataset.slug === slug) delete form.dataset.slug;
    return notice(`Cannot read the form of ${slug}: ${error.message}`, "error");
  }
  if (form.dataset.slug !== slug || !state.encounter) return;
  const required = new Set(schema.required || []);
  const fields = Object.entries(schema.properties || {})
    .filter(([name]) => name !== "seed")
    .map(([name, raw]) => field(name, resolve(doc, raw), raw, required.has(name)));
  const run = html(
    "button",
    { type: "button", class: "run", "data-run": slug },
    `Run ${slug.replace(/-/g, " ")}`,
  );
  const cancel = html("button", { type: "button", class: "cancel" }, "Cancel");
  form.replaceChildren(
    html("h3", {}, slug),
    html("p", { class: "muted" }, spec?.summary || ""),
    ...fields,
    html("div", { class: "buttons" }, run, cancel),
  );
  form.hidden = false;
  cancel.addEventListener("click", closeForm);
  run.addEventListener("click", () => runForm(slug));
}

function closeForm() {
  const form = $("action-form");
  form.hidden = true;
  form.replaceChildren();
  delete form.dataset.slug;
}

function field(name, s, raw, required) {
  const label = `${name}${required ? "" : " (optional)"}`;
  const def = raw.default ?? s.default;
  let input;
  const combatants = state.encounter.combatants;
  if (s.enum) {
    input = html(
      "select",
      {},
      ...(required || def !== undefined ? [] : [html("option", { value: "" }, "—")]),
      ...s.enum.map((v) => html("option", { value: v, selected: v === def }, v)),
    );
  } else if (s.type === "boolean") {
    input = html("input", { type: "checkbox", checked: def === true });
  } else if (s.type === "integer" || s.type === "number") {
    input = html("input", { type: "number", value: def ?? "", min: s.minimum, max: s.maximum });
  } else if (s.type === "string" && name === "choiceId") {
    input = html(
      "select",
      {},
      ...(state.encounter.pendingChoices || []).map((c) =>
        html("option", { value: c.id }, c.prompt.slice(0, 60)),
      ),
    );
  } else if (s.type === "string" && /Id$/.test(name)) {
    const pick = !required
      ? null
      : ACTOR_FIELD.test(name)
        ? state.selected
        : TARGET_FIELD.test(name)
          ? defaultTarget()
          : allyOf(state.selected);
    input = html(
      "select",
      {},
      ...(required ? [] : [html("option", { value: "" }, "—")]),
      ...combatants.map((c) => html("option", { value: c.id, selected: c.id === pick }, c.name)),
    );
  } else if (s.type === "string") {
    input = html("input", {
      type: "text",
      value: name === "attackName" ? state.attackName || "" : (def ?? ""),
    });
  } else if (s.type === "object" && s.properties?.x && s.properties?.y) {
    input = html("input", { type: "text", placeholder: "x,y", "data-cell": "1" });
  } else if (s.type === "array" && s.items && resolveItems(s).type === "string") {
    input = html("input", {
      type: "text",
      placeholder: "ids, separated by commas",
      "data-list": "1",
    });
  } else {
    input = html("textarea", { rows: 2, placeholder: "JSON", "data-json": "1" });
  }
  input.name = name;
  input.dataset.kind = s.type || (s.enum ? "string" : "json");
  input.dataset.required = required ? "1" : "";
  return html(
    "label",
    { class: "field", title: raw.description || s.description || "" },
    label,
    input,
  );
}

const resolveItems = (s) => (s.items.anyOf ? s.items.anyOf[0] : s.items);
const defaultTarget = () => {
  const me = byId(state.selected);
  return (
    state.target ||
    state.encounter.combatants.find((c) => me && c.side !== me.side && !down(c))?.id ||
    null
  );
};
const allyOf = (id) => {
  const me = byId(id);
  return (
    state.encounter.combatants.find((c) => me && c.id !== id && c.side === me.side)?.id || null
  );
};

function runForm(slug) {
  const body = {};
  try {
    for (const input of $("action-form").querySelectorAll("[name]")) {
      const v = input.type === "checkbox" ? input.checked : input.value.trim();
      if (v === "" && !input.dataset.required) continue;
      if (input.type === "checkbox") body[input.name] = v;
      else if (input.dataset.kind === "integer" || input.dataset.kind === "number")
        body[input.name] = Number(v);
      else if (input.dataset.cell) {
        const [x, y] = v.split(",").map((n) => Number(n.trim()));
        if (!Number.isInteger(x) || !Number.isInteger(y))
          throw new Error(`${input.name}: write a cell as x,y`);
        body[input.name] = { x, y };
      } else if (input.dataset.list)
        body[input.name] = v
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean);
      else if (input.dataset.json) body[input.name] = JSON.parse(v);
      else body[input.name] = v;
    }
  } catch (error) {
    return notice(error.message, "error");
  }
  act(slug, body).then((r) => r && closeForm());
}

// ---- previews: hover a cell (path and cost) or an enemy (odds, cover, flanking)

function clearPreview() {
  const overlay = document.getElementById("overlay");
  if (overlay) overlay.replaceChildren();
  const box = $("preview");
  box.dataset.kind = "";
  box.dataset.key = "";
  box.dataset.legal = "";
  box.replaceChildren(
    html("p", { class: "muted" }, "Hover the map (or tap it once) for a preview."),
  );
}

function hovered(event) {
  const creature = event.target.closest?.("[data-id]");
  if (creature) return { id: creature.dataset.id };
  const cell = event.target.closest?.("[data-cell]");
  if (!cell) return null;
  const [x, y] = cell.dataset.cell.split(",").map(Number);
  return spotAt({ x, y });
}

// What is on a cell: the creature there, else the cell.
function spotAt(cell) {
  const id = state.occupant.get(key(cell));
  return id ? { id } : { cell: { x: cell.x, y: cell.y } };
}

const hoverKeyOf = (what) =>
  what ? `${state.version}|${state.selected}|${state.attackName}|${what.id || key(what.cell)}` : null;

function onHover(event) {
  if (!state.encounter || state.busy) return;
  const what = hovered(event);
  const hoverKey = hoverKeyOf(what);
  if (hoverKey === state.hoverKey) return;
  state.hoverKey = hoverKey;
  clearTimeout(hoverTimer);
  // Ask once the pointer rests: a sweep across the map is not a request per cell.
  hoverTimer = setTimeout(() => preview(what, hoverKey), HOVER_DELAY);
  if (!what || !byId(state.selected)) clearPreview();
}

// Shows the preview of a spot; what it says in a few words (null: nothing to preview, or the
// spot is not the one aimed at any more).
async function preview(what, hoverKey) {
  const actor = byId(state.selected);
  if (hoverKey !== state.hoverKey || !what || !actor) return null;
  const other = what.id && byId(what.id);
  if (what.cell) return previewPath(actor, what.cell, hoverKey);
  if (other && other.side !== actor.side) return previewAttack(actor, other, hoverKey);
  clearPreview();
  return null;
}

// What the preview on show says of the spot it is for: null while none is shown for it.
function previewed(hoverKey) {
  const box = $("preview");
  return box.dataset.key === hoverKey ? box.dataset.legal : null;
}

const previews = new Map();
function cached(k, make) {
  if (!previews.has(k)) {
    if (previews.size > 200) previews.clear();
    previews.set(
      k,
      make().catch((error) => ({ error })),
    );
  }
  return previews.get(k);
}

async function previewPath(actor, cell, hoverKey) {
  const r = await cached(hoverKey, () => query("path-cost", { combatantId: actor.id, to: cell }));
  if (hoverKey !== state.hoverKey) return null;
  const box = $("preview");
  const overlay = document.getElementById("overlay");
  overlay.replaceChildren();
  box.dataset.kind = "path";
  box.dataset.key = hoverKey;
  box.dataset.legal = String(!r.error && r.outcome.legal);
  if (r.error) {
    box.replaceChildren(
      html(
        "p",
        { class: "bad" },
        `Can't move there: ${r.error.message} `,
        ruleButton(r.error.problem?.rule),
      ),
    );
    return `can't move there: ${r.error.message}`;
  }
  const o = r.outcome;
  box.dataset.cost = String(o.cost ?? "");
  box.dataset.provokes = (o.provokes || []).join(",");
  const geo = state.geo;
  if (o.path && o.path.length) {
    const points = o.path
      .map((p) =>
        geo
          .centre(p)
          .map((v) => v.toFixed(1))
          .join(","),
      )
      .join(" ");
    overlay.appendChild(
      svg("polyline", { points, class: `path ${o.legal ? "legal" : "illegal"}` }),
    );
    const [ex, ey] = geo.centre(o.path[o.path.length - 1]);
    overlay.appendChild(svg("text", { x: ex, y: ey - 14, class: "cost" }, `${o.cost} ft`));
  }
  for (const id of o.provokes || []) ring(id, "provoker", "OA");
  const lines = [
    html(
      "p",
      {},
      html("b", { class: "cost" }, `${o.cost} ft`),
      ` to (${key(cell)})${o.legal ? `, ${o.movementLeft} ft of movement left before` : ""}`,
    ),
  ];
  if (!o.legal)
    lines.push(html("p", { class: "bad" }, `Not legal: ${o.reason || "?"} `, ruleButton(o.rule)));
  lines.push(
    (o.provokes || []).length
      ? html(
          "p",
          { class: "bad provokes" },
          `Provokes opportunity attacks from ${o.provokes.map(nameOf).join(", ")}`,
        )
      : html("p", { class: "provokes" }, "Provokes no opportunity attack"),
  );
  if (o.legal) lines.push(html("p", { class: "muted" }, ACT_HINT("move")));
  box.replaceChildren(...lines);
  const provokes = (o.provokes || []).length
    ? `; provokes opportunity attacks from ${o.provokes.map(nameOf).join(", ")}`
    : "";
  return o.legal
    ? `move here costs ${o.cost} ft, ${o.movementLeft - o.cost} ft left${provokes}`
    : `can't move there: ${o.reason || "not legal"}`;
}

async function previewAttack(actor, target, hoverKey) {
  const pair = { attackerId: actor.id, targetId: target.id };
  const [odds, cover, flank] = await Promise.all([
    cached(hoverKey, () =>
      query("attack-odds", { ...pair, attackName: state.attackName || undefined }),
    ),
    cached(hoverKey + "|cover", () => query("cover", pair)),
    cached(hoverKey + "|flanking", () => query("flanking", pair)),
  ]);
  if (hoverKey !== state.hoverKey) return null;
  const box = $("preview");
  const overlay = document.getElementById("overlay");
  overlay.replaceChildren();
  box.dataset.kind = "attack";
  box.dataset.target = target.id;
  box.dataset.key = hoverKey;
  box.dataset.legal = String(!odds.error);
  const from = tokenCentre(actor.id);
  const to = tokenCentre(target.id);
  const degree = cover.error ? "unknown" : cover.outcome.degree;
  overlay.appendChild(
    svg("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: `aim cover-${degree}` }),
  );
  ring(target.id, "aimed", degree === "none" ? "" : `${degree} cover`);
  const lines = [];
  if (odds.error) {
    box.dataset.hit = "";
    lines.push(
      html(
        "p",
        { class: "bad" },
        `${target.name}: ${odds.error.message} `,
        ruleButton(odds.error.problem?.rule),
      ),
    );
  } else {
    const o = odds.outcome;
    Object.assign(box.dataset, {
      hit: String(o.hit),
      critical: String(o.critical),
      meanDamage: String(o.meanDamage),
      drop: String(o.drop),
    });
    lines.push(
      html("p", {}, html("b", {}, `${o.attackName} against ${target.name}`), ` (AC ${o.targetAc})`),
      html(
        "dl",
        { class: "odds" },
        html("dt", {}, "hit"),
        html("dd", { class: "hit" }, pct(o.hit)),
        html("dt", {}, "critical"),
        html("dd", { class: "critical" }, pct(o.critical)),
        html("dt", {}, "expected damage"),
        html("dd", { class: "mean-damage" }, o.meanDamage.toFixed(2)),
        html("dt", {}, "drops it"),
        html("dd", { class: "drop" }, pct(o.drop)),
      ),
    );
    const sources = [
      ...(o.advantageSources || []).map((s) => `advantage: ${s}`),
      ...(o.disadvantageSources || []).map((s) => `disadvantage: ${s}`),
    ];
    if (sources.length) lines.push(html("p", { class: "muted" }, sources.join("; ")));
  }
  box.dataset.cover = degree;
  lines.push(
    html(
      "p",
      { class: "cover" },
      cover.error
        ? `cover: ${cover.error.message}`
        : `cover: ${degree}${cover.outcome.acBonus ? ` (+${cover.outcome.acBonus} AC)` : ""}`,
    ),
  );
  if (!flank.error) {
    const f = flank.outcome;
    box.dataset.flanks = String(f.flanks);
    for (const partner of f.partners || []) {
      const p = tokenCentre(partner);
      overlay.appendChild(
        svg("line", { x1: p[0], y1: p[1], x2: to[0], y2: to[1], class: "flank" }),
      );
      ring(partner, "partner", "flank");
    }
    lines.push(
      html(
        "p",
        { class: "flanking" },
        f.flanks
          ? `flanking with ${f.partners.map(nameOf).join(", ")}`
          : `not flanking${f.reason ? `: ${f.reason}` : ""}`,
      ),
    );
  }
  lines.push(
    odds.error
      ? html("p", { class: "bad refused" }, "The service would refuse this attack.")
      : html("p", { class: "muted" }, ACT_HINT("attack")),
  );
  box.replaceChildren(...lines);
  if (odds.error) return `attack ${target.name} refused: ${odds.error.message}`;
  const o = odds.outcome;
  return [
    `attack ${target.name} with ${o.attackName}: ${pct(o.hit)} to hit`,
    `${o.meanDamage.toFixed(1)} damage expected`,
    ["half", "three-quarters", "total"].includes(degree) ? `${degree} cover` : null,
    !flank.error && flank.outcome.flanks ? "flanking" : null,
  ]
    .filter(Boolean)
    .join(", ");
}

function tokenCentre(id) {
  const g = document.querySelector(`#board .token[data-id="${CSS.escape(id)}"]`);
  return g ? [Number(g.dataset.cx), Number(g.dataset.cy)] : [0, 0];
}

function ring(id, cls, label) {
  const [cx, cy] = tokenCentre(id);
  const r =
    Number(
      document
        .querySelector(`#board .token[data-id="${CSS.escape(id)}"] .disc`)
        ?.getAttribute("r") || 16,
    ) + 5;
  const overlay = document.getElementById("overlay");
  overlay.appendChild(svg("circle", { cx, cy, r, class: `ring ${cls}`, "data-ring": id }));
  if (label)
    overlay.appendChild(svg("text", { x: cx, y: cy - r - 3, class: `ring-label ${cls}` }, label));
}

// A click acts; a tap (touch or pen: no hover came before it) on a spot not previewed yet
// previews it, and a second tap acts. An act the preview on show says is illegal is not
// sent: the preview says why.
function onMapClick(event) {
  if (!state.encounter || state.busy) return;
  const tap = event.pointerType === "touch" || event.pointerType === "pen";
  actOn(hovered(event), tap ? preview : null);
}

// Acts on a spot: selects an ally, attacks anyone else, moves to a cell. `previewFirst`
// (a tap, a key) previews a spot whose preview is not on show instead of acting on it.
function actOn(what, previewFirst) {
  const actor = byId(state.selected);
  if (!what) return;
  const other = what.id && byId(what.id);
  // An ally is selected (in a player's view, only one of the seat's; the others are left
  // alone); anyone else is attacked.
  if (other && (!actor || other.side === actor.side)) {
    if (mine(other.id) && other.id !== actor?.id) select(other.id);
    return;
  }
  if (!actor) return;
  const hoverKey = hoverKeyOf(what);
  const shown = previewed(hoverKey);
  if (shown === null && previewFirst) {
    clearTimeout(hoverTimer);
    state.hoverKey = hoverKey;
    return previewFirst(what, hoverKey);
  }
  if (shown === "false") return notice("Not allowed: the preview says why.", "error");
  if (other) {
    state.target = other.id;
    act("resolve-attack", {
      attackerId: actor.id,
      targetId: other.id,
      attackName: state.attackName || undefined,
    });
  } else if (what.cell) {
    act("move-combatant", { combatantId: actor.id, to: what.cell });
  }
}

function select(id) {
  if (state.seat && !mine(id)) return;
  state.selected = id;
  state.hoverKey = null;
  drawBoard();
  drawActor();
  clearPreview();
  announce(`${nameOf(id)} selected`);
}

// ---- the keyboard: the map is one tab stop; the arrow keys move a cursor over its cells
// (one drawn column or row; Home and End: the row's first and last cell), previewed as a
// hover is and said in the live region; Enter or Space acts there as a tap does (a spot
// not previewed yet is previewed first, a refused one is not sent); Escape takes the
// cursor off.

function onMapKey(event) {
  const k = event.key;
  if (!state.encounter || !MAP_KEYS.has(k) || event.altKey || event.ctrlKey || event.metaKey)
    return;
  if (k === "Escape" && !state.cursor) return;
  event.preventDefault();
  if (state.busy) return;
  if (k === "Escape") return clearCursor();
  if (!state.cursor) return placeCursor(startCell());
  if (k === "Enter" || k === " ") return actOn(spotAt(state.cursor), sayPreview);
  const [c, r] = state.geo.offset(state.cursor);
  const { width, height } = state.encounter.grid;
  const [dc, dr] = STEPS[k] || [k === "Home" ? -c : width - 1 - c, 0];
  placeCursor(state.geo.at(clamp(c + dc, 0, width - 1), clamp(r + dr, 0, height - 1)));
}

// Where the cursor starts: on the selected creature.
function startCell() {
  const p = byId(state.selected)?.position;
  return p ? { x: p.x, y: p.y } : state.geo.at(0, 0);
}

function placeCursor(cell) {
  state.cursor = cell;
  drawCursor();
  aimCursor();
}

// Previews the cursor's spot once it rests there (as a hover waits), then says it.
function aimCursor() {
  const what = spotAt(state.cursor);
  const hoverKey = hoverKeyOf(what);
  state.hoverKey = hoverKey;
  state.unsaid = true;
  clearTimeout(hoverTimer);
  hoverTimer = setTimeout(() => sayPreview(what, hoverKey), HOVER_DELAY);
}

// Previews the cursor's spot, then says where it is and what the preview says. A redraw
// before that (a new version) aims again (render).
async function sayPreview(what, hoverKey) {
  state.unsaid = true;
  const said = await preview(what, hoverKey);
  if (hoverKey !== state.hoverKey || !state.cursor) return;
  state.unsaid = false;
  announce([where(state.cursor), said].filter(Boolean).join("; "));
}

function clearCursor() {
  clearTimeout(hoverTimer);
  state.cursor = null;
  state.unsaid = false;
  state.hoverKey = null;
  drawCursor();
  clearPreview();
  announce("Cursor and preview cleared");
}

// ---- the log: the session's event log, one block per version, newest first

let logNext = 0;
let logStarted = false;
let logChain = Promise.resolve();
let logGeneration = 0;

function resetLog() {
  logNext = 0;
  logStarted = false;
  logGeneration += 1;
  $("log").replaceChildren();
}

function syncLog() {
  const generation = logGeneration;
  logChain = logChain
    .then(() => pullLog(generation))
    .catch((error) => notice(`Cannot read the log: ${error.message}`, "error"));
}

async function pullLog(generation) {
  const history = !logStarted; // the log as the page opened: not said
  if (!logStarted) {
    const first = await api("GET", sessionPath("/events?offset=0&limit=1"));
    logNext = Math.max(0, first.total - 200);
    logStarted = true;
  }
  const news = [];
  for (let i = 0; i < 50; i++) {
    const page = await api("GET", sessionPath(`/events?offset=${logNext}&limit=200`));
    if (generation !== logGeneration) return;
    for (const item of page.items) {
      addLogEntry(item);
      if (!history) news.push(item);
    }
    logNext = page.offset + page.items.length;
    if (page.nextOffset === null || page.nextOffset === undefined || !page.items.length) break;
  }
  sayOthers(news);
}

// What another window (a player, the DM) wrote, said in the live region from the new
// versions' events: those this page wrote are said as it writes them (act). While a write of
// this page is on its way, the events wait: its version may stream before its answer.
let pendingNews = [];
function sayOthers(items) {
  pendingNews.push(...items);
  if (state.busy) return;
  const versions = new Map();
  for (const item of pendingNews.splice(0)) {
    if (state.own.has(item.version)) continue;
    const words = eventWords(item.data || {});
    if (!versions.has(item.version)) versions.set(item.version, []);
    if (words) versions.get(item.version).push(words);
  }
  const said = [...versions.values()].filter((w) => w.length).map((w) => w.join(". "));
  if (!said.length) return;
  const more = said.length - MAX_SAID_VERSIONS;
  const last = said.slice(-MAX_SAID_VERSIONS).join(". ");
  announce(more > 0 ? `${more} more changes, then: ${last}` : last);
}

function eventWords(e) {
  if (e.type === "undo") {
    const reverted = e.revertedVersion ?? e.reverted_version;
    const restored = e.restoredVersion ?? e.restored_version;
    return `Undo: version ${reverted} reverted, back to the state of version ${restored}`;
  }
  return e.message || "";
}

function addLogEntry(item) {
  const log = $("log");
  let block = log.querySelector(`li.version[data-version="${item.version}"]`);
  if (!block) {
    block = html(
      "li",
      { class: "version", "data-version": String(item.version) },
      html("h3", {}, `version ${item.version}`),
      html("ol", {}),
    );
    log.prepend(block);
    while (log.children.length > MAX_LOG_VERSIONS) log.lastElementChild.remove();
  }
  const e = item.data || {};
  const entry = html("li", {
    class: `event ${e.type || ""}`,
    "data-index": String(item.index),
    "data-type": e.type || "",
    "data-rule": e.rule || "",
  });
  if (e.type === "undo") {
    entry.append(html("span", { class: "message" }, eventWords(e)));
  } else {
    entry.append(
      html("span", { class: "message" }, e.message || e.type || "?"),
      " ",
      ruleButton(e.rule),
    );
    if (e.roll) entry.append(html("div", { class: "dice" }, diceText(e.roll)));
  }
  block.querySelector("ol").append(entry);
}

function diceText(roll) {
  const dice = (roll.dice || [])
    .map((d) => (d.kept === false ? `(${d.value})` : `${d.value}`))
    .join(" ");
  const mod = roll.modifier
    ? roll.modifier > 0
      ? ` + ${roll.modifier}`
      : ` − ${-roll.modifier}`
    : "";
  return `${roll.purpose ? roll.purpose + ": " : ""}${roll.expression}: [${dice}]${mod} = ${roll.total}`;
}

async function showRule(ruleId) {
  const box = $("rule");
  box.hidden = false;
  box.dataset.rule = ruleId;
  box.replaceChildren(html("p", { class: "muted" }, `Looking up ${ruleId}…`));
  try {
    if (!state.rules.has(ruleId))
      state.rules.set(ruleId, await api("GET", `v1/rules/${encodeURIComponent(ruleId)}`));
    const r = state.rules.get(ruleId);
    box.replaceChildren(
      html(
        "h2",
        {},
        r.id,
        " ",
        html("button", { type: "button", class: "close", "aria-label": "close" }, "×"),
      ),
      html(
        "p",
        { class: "muted" },
        `${r.ruleset} · ${r.section}${r.seedSection ? ` · from “${r.seedSection}”` : ""}`,
      ),
      html("p", { class: "rule-text" }, r.text),
      r.decision
        ? html("p", { class: "decision" }, html("b", {}, "Decision: "), r.decision)
        : html("p", { class: "muted decision" }, "No decision: the source says it."),
    );
  } catch (error) {
    box.replaceChildren(html("p", { class: "bad" }, `${ruleId}: ${error.message}`));
  }
}

// ---- setup

function showSetup() {
  $("setup").hidden = false;
  document.body.dataset.state = state.sessionId ? "table" : "setup";
  $("samples").replaceChildren(
    ...config.samples.map((s) =>
      html(
        "li",
        {},
        html("button", { type: "button", "data-sample": s.id }, s.title),
        html(
          "span",
          { class: "muted" },
          ` ${s.ruleset} · ${s.grid}${s.grid === "hex" ? ` (${s.orientation}-top)` : ""}`,
        ),
      ),
    ),
  );
  $("api-key").value = sessionStorage.getItem("crs-api-key") || "";
}

async function startSample(id) {
  const sample = config.samples.find((s) => s.id === id);
  try {
    const response = await fetch(sample.url, { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    await createSession((await response.json()).encounter);
  } catch (error) {
    notice(`Cannot load ${sample.title}: ${error.message}`, "error");
  }
}

function startPasted() {
  let doc;
  try {
    doc = JSON.parse($("paste").value);
  } catch (error) {
    return notice(`That is not JSON: ${error.message}`, "error");
  }
  createSession(doc && doc.encounter ? doc.encounter : doc);
}

// ---- wiring

document.addEventListener("click", (event) => {
  const t = event.target.closest("button");
  if (!t) return;
  if (t.dataset.rule) showRule(t.dataset.rule);
  else if (t.classList.contains("close")) $("rule").hidden = true;
  else if (t.dataset.sample) startSample(t.dataset.sample);
  else if (t.dataset.select) select(t.dataset.select);
  else if (t.dataset.action) openForm(t.dataset.action);
  else if (t.dataset.toggleCondition) toggleCondition(t.dataset.toggleCondition);
  else if (t.dataset.save) rollSave(t.dataset.save);
  else if (t.dataset.approve) decide(t.dataset.approve, "approve");
  else if (t.dataset.reject) decide(t.dataset.reject, "reject");
  else if (t.dataset.choice) {
    const detail = t.closest("li").querySelector("input.detail")?.value.trim();
    act("resolve-choice", {
      choiceId: t.dataset.choice,
      decision: t.dataset.decision,
      ...(detail ? { detail } : {}),
    });
  }
});
$("board").addEventListener("pointermove", onHover);
// A finger leaves the board with every tap (before its click): only a mouse leaving it ends
// the preview.
$("board").addEventListener("pointerleave", (event) => {
  if (event.pointerType !== "mouse") return;
  state.hoverKey = null;
  clearPreview();
});
$("board").addEventListener("click", onMapClick);
$("board").addEventListener("keydown", onMapKey);
// Tabbing to the map says where its cursor is, first put on the selected creature (a click
// focuses the map too, and does neither).
$("board").addEventListener("focus", () => {
  if (state.encounter && $("board").matches(":focus-visible"))
    placeCursor(state.cursor || startCell());
});
$("next-turn").addEventListener("click", () => act("next-turn", {}));
$("undo").addEventListener("click", () => act("undo", undefined, "/undo"));
$("new-fight").addEventListener("click", showSetup);
$("paste-start").addEventListener("click", startPasted);
$("api-key").addEventListener("change", () => {
  sessionStorage.setItem("crs-api-key", $("api-key").value.trim());
  if (!state.sessionId) return;
  readSession();
  if ($("follow").checked) startLive();
});
$("follow").addEventListener("change", () => {
  if ($("follow").checked) startLive();
  else stopLive();
});

$("invite").addEventListener("click", invite);
$("dice-form").addEventListener("submit", rollFreeDice);
schedulePoll();

// The encounter builder on the start screen (builder.js): it starts a session as a sample does.
mountBuilder($("builder"), { config, api, open: openSession });

const initial = new URLSearchParams(location.search).get("session");
const seatToken = takeSeatLink();
if (initial) {
  openSession(initial);
  if (seatToken) loadSeat();
} else showSetup();
