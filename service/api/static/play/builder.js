// The encounter builder of the battle map (GET /play): the DM draws a fight before any
// session exists (ruleset, squares or hexes, terrain, creatures and where they stand), and
// "Start session" sends it as POST /v1/sessions takes it, as a sample is started.
//
// The creature form (its fields, its attack rows, their checks) is builder-form.js; a
// creature in the list can be edited in it (its id stays what it was made);
// everything is checked here before anything is sent (HP at least 1, a creature on the map,
// on no wall and on no other creature); what the service still refuses (a 422) is shown
// with the field's path. The map is one tab stop: the arrow keys move a cursor over the
// cells and Enter or Space does what a click does (grid.js gives the cells, as play.js
// draws them). "Save encounter" downloads what Start session would send, "Load encounter"
// reads such a file back, and every change is kept in localStorage ("Clear" empties it):
// builder-file.js reads and writes them. mountBuilder(root, {config, api, open}) is the
// only entry: play.js calls it with its own api() (the API key, the JSON) and openSession().

import { geometry, key } from "./grid.js";
import { creatureForm, html, labelled, numberInput } from "./builder-form.js";
import {
  MAX_FILE_BYTES,
  TERRAIN,
  download,
  keepDraft,
  readEncounter,
  storedDraft,
} from "./builder-file.js";

const SVG = "http://www.w3.org/2000/svg";
const MAX_SIDE = 60;
const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const GRIDS = {
  square: { label: "Squares", grid: { kind: "square" } },
  pointy: { label: "Hexes, pointy-top", grid: { kind: "hex", hexOrientation: "pointy" } },
  flat: { label: "Hexes, flat-top", grid: { kind: "hex", hexOrientation: "flat" } },
};
const TOOLS = {
  place: "Place and move creatures",
  blocked: "Wall brush",
  difficult: "Difficult terrain brush",
  swim: "Water (swim) brush",
  climb: "Climb brush",
};
// The grid's terrain lists (TERRAIN: grid.blocked...), in the order a cell's words say
// them, with the class play.css draws each with. A wall is alone in its cell; water and
// climb exclude each other; difficult terrain may lie on either (in d10 it adds its 5 ft to
// the swim or the climb: d10.turn.speeds).
const TERRAIN_WORDS = {
  blocked: "wall",
  swim: "water (swim)",
  climb: "climb",
  difficult: "difficult terrain",
};
const TERRAIN_CLASS = { blocked: "blocked", swim: "water", climb: "climb", difficult: "difficult" };
const EXCLUDES = {
  blocked: ["swim", "climb", "difficult"],
  swim: ["blocked", "climb"],
  climb: ["blocked", "swim"],
  difficult: ["blocked"],
};
// Only d10 prices water and climbs (d10.turn.speeds); the other rulesets take them as open.
const PRICED = { swim: ["d10"], climb: ["d10"] };

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null) node.setAttribute(k, v);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

export function mountBuilder(root, { config, api, open }) {
  const rulesets = Object.keys(config.extents);
  // what Clear goes back to: the map and what is on it
  const fresh = () => ({
    ruleset: rulesets.includes("d20") ? "d20" : rulesets[0],
    gridKind: "square",
    width: 12,
    height: 8,
    terrain: Object.fromEntries(TERRAIN.map((t) => [t, new Set()])),
    creatures: [], // {id, name, side, kind, hp, ac, speed, size, attacks, position|null}
  });
  const b = {
    ...fresh(),
    selected: null,
    editing: null, // the id of the creature the form edits, or null: the form adds one
    stash: null, // what the form held before an edit began, given back after it
    tool: "place",
    cursor: null,
    drag: null,
  };
  const $ = (id) => root.querySelector(`#${id}`);

  // ---- the markup

  const rulesetSelect = html(
    "select",
    { id: "b-ruleset" },
    ...rulesets.map((r) => html("option", { value: r }, r)),
  );
  const gridSelect = html(
    "select",
    { id: "b-grid" },
    ...Object.entries(GRIDS).map(([v, g]) => html("option", { value: v }, g.label)),
  );
  const creature = creatureForm();
  const form = creature.form;
  root.replaceChildren(
    html("h2", { id: "builder-title" }, "Build an encounter"),
    html(
      "p",
      {},
      "Draw the fight yourself: the map, its walls, difficult terrain, water and climbs, the " +
        "creatures and where they stand. Start session makes it a session, as a sample does.",
    ),
    html(
      "fieldset",
      { class: "b-map" },
      html("legend", {}, "Map"),
      labelled("Ruleset", rulesetSelect),
      labelled("Grid", gridSelect),
      labelled("Width", numberInput("b-width", b.width, 1, MAX_SIDE)),
      labelled("Height", numberInput("b-height", b.height, 1, MAX_SIDE)),
      html("p", { id: "b-map-error", class: "bad", role: "alert" }),
    ),
    html(
      "fieldset",
      { class: "b-creature" },
      html("legend", { id: "b-form-title" }, "Add a creature"),
      form,
    ),
    html(
      "div",
      { class: "b-tools buttons", role: "toolbar", "aria-label": "map tools" },
      ...Object.entries(TOOLS).map(([tool, label]) =>
        html("button", { type: "button", "data-tool": tool, "aria-pressed": "false" }, label),
      ),
    ),
    html("p", { id: "b-status", "aria-live": "polite" }),
    html("div", {
      id: "b-board",
      tabindex: "0",
      role: "application",
      "aria-label": "encounter map",
      "aria-describedby": "b-keys",
    }),
    html(
      "p",
      { id: "b-keys", class: "hint" },
      "Click a cell, or Tab to the map and use the arrow keys and Enter or Space: with " +
        "“Place and move creatures” on, it puts the selected creature there, or selects the " +
        "one there (a token can be dragged too); with a brush on, it paints that terrain or " +
        "clears it.",
    ),
    html("h3", {}, "Creatures"),
    html("ul", { id: "b-list" }),
    html("p", { id: "b-error", class: "bad", role: "alert" }),
    html(
      "div",
      { class: "buttons b-file" },
      html("button", { type: "button", id: "b-start" }, "Start session"),
      html("button", { type: "button", id: "b-save-file" }, "Save encounter"),
      labelled(
        "Load encounter",
        html("input", { type: "file", id: "b-load", accept: ".json,application/json" }),
      ),
      html("button", { type: "button", id: "b-clear", "aria-describedby": "b-kept" }, "Clear"),
    ),
    html(
      "p",
      { id: "b-kept", class: "hint" },
      "What you build is kept in this browser (localStorage) until Clear, so a reload loses " +
        "nothing. Save encounter downloads it as a file (the JSON Start session sends); Load " +
        "encounter reads such a file back.",
    ),
  );
  rulesetSelect.value = b.ruleset;

  // ---- the state's words and checks

  const geo = () => geometry({ ...GRIDS[b.gridKind].grid, width: b.width, height: b.height });
  const byId = (id) => b.creatures.find((c) => c.id === id) || null;
  const extent = (c) => (config.extents[b.ruleset] || {})[c.size] || 1;
  const cellWords = (cell) => `(${cell.x}, ${cell.y})`;

  function onGrid(g, cell) {
    const [c, r] = g.offset(cell);
    return c >= 0 && r >= 0 && c < b.width && r < b.height;
  }

  function spaceAt(c, position, g) {
    return g.shape(extent(c)).map(([dx, dy]) => ({ x: position.x + dx, y: position.y + dy }));
  }

  // Who stands on each cell (every cell of each placed creature's space), but `except`.
  function occupants(g, except) {
    const out = new Map();
    for (const c of b.creatures) {
      if (!c.position || c.id === except) continue;
      for (const cell of spaceAt(c, c.position, g)) out.set(key(cell), c);
    }
    return out;
  }

  // Why `c` can't stand at `position`, or "".
  function whyNot(c, position, g) {
    const taken = occupants(g, c.id);
    for (const cell of spaceAt(c, position, g)) {
      if (!onGrid(g, cell)) return `${c.name} doesn't fit there: ${cellWords(cell)} is off the map`;
      if (b.terrain.blocked.has(key(cell)))
        return `${c.name} can't stand there: ${cellWords(cell)} is a wall`;
      const other = taken.get(key(cell));
      if (other) return `${c.name} can't stand there: ${other.name} is on ${cellWords(cell)}`;
    }
    return "";
  }

  function say(text) {
    const status = $("b-status");
    status.textContent = status.textContent === text ? `${text}\u00a0` : text;
  }

  function uniqueId(name) {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 40) || "creature";
    let id = base;
    for (let n = 2; byId(id); n++) id = `${base}-${n}`;
    return id;
  }

  // ---- the form

  function drawSizes() {
    creature.setSizes(Object.keys(config.extents[b.ruleset] || { medium: 1 }));
  }

  // A creature as the form shows it (text, as values() gives it).
  function valuesOf(c) {
    const { name, side, kind, hp, ac, speed, size, attacks } = c;
    return { name, side, kind, hp, ac, speed, size, attacks };
  }

  // "Add creature" or "Save changes": the same checks, then a new creature or the edited one.
  function submitForm(event) {
    event.preventDefault();
    const error = $("b-form-error");
    let fields;
    try {
      fields = creature.read();
    } catch (e) {
      error.textContent = e.message;
      return;
    }
    error.textContent = "";
    if (b.editing) saveEdit(fields);
    else addCreature(fields);
  }

  function addCreature(fields) {
    const c = { id: uniqueId(fields.name), ...fields, position: null };
    b.creatures.push(c);
    b.selected = c.id;
    setTool("place");
    $("b-name").value = "";
    draw();
    say(`${c.name} added: click a cell of the map (or Enter on it) to place it`);
  }

  // ---- editing a creature of the list (its id stays: requests name it)

  function showFormMode() {
    const c = byId(b.editing);
    $("b-form-title").textContent = c ? `Edit ${c.name}` : "Add a creature";
    $("b-add").hidden = Boolean(c);
    $("b-save").hidden = !c;
    $("b-cancel").hidden = !c;
  }

  function startEdit(c) {
    if (!b.editing) b.stash = creature.values();
    b.editing = c.id;
    b.selected = c.id;
    creature.setValues(valuesOf(c));
    $("b-form-error").textContent = "";
    showFormMode();
    draw();
    $("b-name").focus();
    say(`Editing ${c.name}: change its fields, then “Save changes” (or “Cancel”)`);
  }

  // The form back to adding, holding again what it held before the edit.
  function endEdit() {
    const c = byId(b.editing);
    b.editing = null;
    if (b.stash) creature.setValues(b.stash);
    b.stash = null;
    $("b-form-error").textContent = "";
    showFormMode();
    return c;
  }

  function saveEdit(fields) {
    const c = byId(b.editing);
    const was = c.name;
    Object.assign(c, fields);
    let words = was === c.name ? `${c.name} saved` : `${was} saved as ${c.name}`;
    const why = c.position ? whyNot(c, c.position, geo()) : "";
    if (why) {
      c.position = null;
      words += `; lifted off the map (${why}): place it again`;
    }
    endEdit();
    draw();
    say(words);
    root.querySelector(`[data-edit="${c.id}"]`)?.focus();
  }

  function cancelEdit() {
    const c = endEdit();
    draw();
    if (c) {
      say(`Editing ${c.name} cancelled: nothing changed`);
      root.querySelector(`[data-edit="${c.id}"]`)?.focus();
    }
  }

  // ---- the map settings

  function readMap() {
    const error = $("b-map-error");
    const width = Number($("b-width").value);
    const height = Number($("b-height").value);
    for (const [label, v] of [
      ["Width", width],
      ["Height", height],
    ]) {
      if (!Number.isInteger(v) || v < 1 || v > MAX_SIDE) {
        error.textContent = `${label} must be a whole number from 1 to ${MAX_SIDE}`;
        return;
      }
    }
    error.textContent = "";
    Object.assign(b, { ruleset: rulesetSelect.value, gridKind: gridSelect.value, width, height });
    drawSizes();
    // what the new map no longer holds: terrain off it, creatures that no longer fit
    const g = geo();
    for (const cells of Object.values(b.terrain)) {
      for (const k of [...cells]) {
        const [x, y] = k.split(",").map(Number);
        if (!onGrid(g, { x, y })) cells.delete(k);
      }
    }
    const lifted = [];
    for (const c of b.creatures) {
      if (!c.position) continue;
      const placed = c.position;
      c.position = null;
      if (whyNot(c, placed, g)) lifted.push(c.name);
      else c.position = placed;
    }
    draw();
    if (lifted.length) say(`${lifted.join(", ")} no longer fit on the map: place them again`);
  }

  // ---- tools and cells

  function setTool(tool) {
    b.tool = tool;
    for (const button of root.querySelectorAll("[data-tool]"))
      button.setAttribute("aria-pressed", String(button.dataset.tool === tool));
    root.dataset.brush = tool;
  }

  function toggleTool(tool) {
    setTool(b.tool === tool && tool !== "place" ? "place" : tool);
    if (b.tool === "place") {
      say("Placing creatures: a click selects the creature there or puts the selected one there");
      return;
    }
    const priced = PRICED[b.tool];
    const open =
      priced && !priced.includes(b.ruleset)
        ? ` (only ${priced.join(", ")} prices it: ${b.ruleset} moves through it as open ground)`
        : "";
    say(`${TOOLS[b.tool]} on: a click paints ${TERRAIN_WORDS[b.tool]} or clears it${open}`);
  }

  // The terrain on the cell keyed `k`, in TERRAIN's order.
  const terrainAt = (k) => TERRAIN.filter((t) => b.terrain[t].has(k));
  const terrainWords = (k) => terrainAt(k).map((t) => TERRAIN_WORDS[t]).join(", ");

  // The brush on `cell`: clears its terrain there, or paints it, clearing what it excludes
  // (a wall under a creature is refused: the service would refuse the creature).
  function paint(cell, g) {
    const k = key(cell);
    const cells = b.terrain[b.tool];
    const words = TERRAIN_WORDS[b.tool];
    if (cells.has(k)) {
      cells.delete(k);
      return `${cellWords(cell)}: ${words} cleared`;
    }
    if (b.tool === "blocked") {
      const who = occupants(g).get(k);
      if (who) return `no wall on ${cellWords(cell)}: ${who.name} stands there`;
    }
    const cleared = EXCLUDES[b.tool].filter((t) => b.terrain[t].delete(k));
    cells.add(k);
    const gone = cleared.map((t) => TERRAIN_WORDS[t]).join(" and ");
    return `${cellWords(cell)}: ${terrainWords(k)}${gone ? ` (the ${gone} there cleared)` : ""}`;
  }

  function place(c, cell, g) {
    const why = whyNot(c, cell, g);
    if (why) return why;
    c.position = { x: cell.x, y: cell.y };
    return `${c.name} placed on ${cellWords(cell)}`;
  }

  // A click, Enter or Space on `cell`: what the tool does there, said.
  function actOn(cell) {
    const g = geo();
    if (!onGrid(g, cell)) return;
    let words;
    if (b.tool !== "place") words = paint(cell, g);
    else {
      const there = occupants(g).get(key(cell));
      const chosen = byId(b.selected);
      // a creature still to place is refused there; else the click selects the one there
      if (there && there !== chosen && chosen && !chosen.position)
        words = place(chosen, cell, g);
      else if (there && there !== chosen) {
        b.selected = there.id;
        words = `${there.name} selected: now choose where it goes`;
      } else if (!chosen) words = "Add a creature first (or select one in the list)";
      else words = place(chosen, cell, g);
    }
    draw();
    say(words);
  }

  function cellOf(event) {
    const hit = document.elementFromPoint(event.clientX, event.clientY);
    const shape = hit?.closest?.("#b-board [data-cell]");
    if (!shape) return null;
    const [x, y] = shape.dataset.cell.split(",").map(Number);
    return { x, y };
  }

  // ---- drawing

  function sideClass(side) {
    const sides = [...new Set(b.creatures.map((c) => c.side))];
    return `side-${sides.indexOf(side) % 6}`;
  }

  function initials(name) {
    const words = name.split(/\s+/).filter(Boolean);
    return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
  }

  function draw() {
    drawBoard();
    drawList();
    keepDraft({ encounter: body() });
  }

  function drawBoard() {
    const g = geo();
    const [w, h] = g.size;
    const root2 = svg("svg", {
      viewBox: `-2 -2 ${w + 4} ${h + 4}`,
      width: Math.ceil(w + 4),
      height: Math.ceil(h + 4),
      role: "group",
      "aria-label": `${b.width} by ${b.height} ${g.kind === "hex" ? "hexes" : "squares"}`,
    });
    const cells = svg("g", { class: "cells" });
    for (const cell of g.cells()) {
      const k = key(cell);
      const marks = terrainAt(k);
      const { tag, ...attrs } = g.outline(cell);
      const classes = ["cell", ...marks.map((t) => TERRAIN_CLASS[t])].join(" ");
      const shape = svg(tag, { ...attrs, class: classes, "data-cell": k });
      if (marks.length) shape.dataset.terrain = marks.join(" ");
      const words = marks.length ? ` ${terrainWords(k)}` : "";
      shape.appendChild(svg("title", {}, `${cellWords(cell)}${words}`));
      cells.appendChild(shape);
    }
    const spaces = svg("g", { class: "spaces" });
    const tokens = svg("g", { class: "tokens" });
    for (const c of b.creatures) {
      if (!c.position) continue;
      const space = spaceAt(c, c.position, g);
      for (const cell of space) {
        const { tag, ...attrs } = g.outline(cell);
        spaces.appendChild(
          svg(tag, { ...attrs, class: `space ${sideClass(c.side)}`, "data-space": key(cell) }),
        );
      }
      const centres = space.map((cell) => g.centre(cell));
      const cx = centres.reduce((s, p) => s + p[0], 0) / centres.length;
      const cy = centres.reduce((s, p) => s + p[1], 0) / centres.length;
      const r = g.step * 0.38 * (space.length > 1 ? 1.6 : 1);
      const group = svg("g", {
        class: `token b-token${c.id === b.selected ? " selected" : ""}`,
        "data-id": c.id,
        "data-at": key(c.position),
        role: "img",
        "aria-label": `${c.name}, ${c.side}, at ${cellWords(c.position)}`,
      });
      group.append(
        svg("circle", { cx, cy, r, class: `disc ${sideClass(c.side)}` }),
        svg("text", { x: cx, y: cy + 4, class: "name" }, initials(c.name)),
      );
      tokens.appendChild(group);
    }
    const cursor = svg("g", { class: "b-cursor" });
    if (b.cursor && onGrid(g, b.cursor)) {
      const { tag, ...attrs } = g.outline(b.cursor);
      cursor.appendChild(svg(tag, { ...attrs, class: "cursor", "data-cursor": key(b.cursor) }));
    }
    root2.append(cells, spaces, tokens, cursor);
    $("b-board").replaceChildren(root2);
  }

  const attackWords = (a) => `${a.name} ${a.bonus >= 0 ? "+" : ""}${a.bonus} (${a.damage})`;

  function drawList() {
    $("b-list").replaceChildren(
      ...b.creatures.map((c) =>
        html(
          "li",
          { "data-id": c.id, "aria-current": c.id === b.editing ? "true" : null },
          html(
            "button",
            {
              type: "button",
              "data-pick": c.id,
              "aria-pressed": String(c.id === b.selected),
              "aria-label": `select ${c.name} to place it`,
            },
            c.name,
          ),
          html(
            "span",
            { class: "muted" },
            ` ${c.side} · ${c.kind === "pc" ? "player character" : "monster"}` +
              ` · ${c.hp} HP · AC ${c.ac} · ${c.speed} ft · ${c.size}` +
              ` · ${c.attacks.map(attackWords).join(", ")} · ` +
              (c.position ? `at ${cellWords(c.position)}` : "not placed yet"),
          ),
          " ",
          html(
            "button",
            {
              type: "button",
              "data-edit": c.id,
              "aria-label": `edit ${c.name}`,
            },
            "Edit",
          ),
          " ",
          html(
            "button",
            { type: "button", "data-remove": c.id, "aria-label": `remove ${c.name}` },
            "Remove",
          ),
        ),
      ),
    );
  }

  // ---- starting

  // Each creature where it stands (not on the map yet: refused but in a draft), of a size
  // its ruleset has; an Error with the reason.
  function checkCreatures(draft) {
    const g = geo();
    for (const c of b.creatures) {
      if (!c.position && !draft) throw new Error(`${c.name} is not on the map yet: place it`);
      const why = c.position ? whyNot(c, c.position, g) : "";
      if (why) throw new Error(why);
      if (!(c.size in (config.extents[b.ruleset] || {})))
        throw new Error(`${c.name}: ${b.ruleset} has no size ${c.size}`);
    }
  }

  // The encounter Start session sends (and Save encounter downloads), checked.
  function encounter() {
    if (!b.creatures.length) throw new Error("Add at least one creature");
    checkCreatures(false);
    return body();
  }

  // The builder's work as an encounter, unchecked: a creature not placed yet has no
  // position (the draft kept in localStorage).
  function body() {
    const cells = (set) =>
      [...set].map((k) => {
        const [x, y] = k.split(",").map(Number);
        return { x, y };
      });
    return {
      ruleset: b.ruleset,
      grid: {
        ...GRIDS[b.gridKind].grid,
        width: b.width,
        height: b.height,
        ...Object.fromEntries(TERRAIN.map((t) => [t, cells(b.terrain[t])])),
      },
      combatants: b.creatures.map((c) => ({
        id: c.id,
        name: c.name,
        side: c.side,
        kind: c.kind,
        position: c.position || undefined,
        hp: c.hp,
        maxHp: c.hp,
        ac: c.ac,
        speed: c.speed,
        size: c.size,
        attacks: c.attacks.map((a) => ({ ...a })),
      })),
    };
  }

  // "encounter.combatants[1].attacks[0].damage: ..." names the creature too.
  function problemWords(e) {
    const m = /^encounter\.combatants\[(\d+)\]/.exec(e.path || "");
    const who = m && b.creatures[Number(m[1])];
    return `${e.path}${who ? ` (${who.name})` : ""}: ${e.message}`;
  }

  async function start() {
    const error = $("b-error");
    let body;
    try {
      body = encounter();
    } catch (e) {
      error.textContent = `Not started: ${e.message}`;
      return;
    }
    error.textContent = "";
    const button = $("b-start");
    button.disabled = true;
    try {
      const s = await api("POST", "v1/sessions", { encounter: body });
      open(s.id, s);
    } catch (e) {
      const errors = (e.problem?.errors || []).map(problemWords);
      error.textContent = `The service refused it (${e.status || "no answer"}): ${
        errors.length ? errors.join("; ") : e.message
      }`;
    } finally {
      button.disabled = false;
    }
  }

  // ---- saving, loading, keeping

  // The terrain lists of a state being adopted, as the brushes would leave them.
  function checkTerrain(lists) {
    const g = geo();
    const terrain = Object.fromEntries(TERRAIN.map((t) => [t, new Set()]));
    for (const t of TERRAIN) {
      for (const cell of lists[t]) {
        if (!onGrid(g, cell)) throw new Error(`grid.${t}: ${cellWords(cell)} is off the map`);
        const k = key(cell);
        const clash = EXCLUDES[t].find((other) => terrain[other].has(k));
        if (clash)
          throw new Error(
            `grid: ${cellWords(cell)} is both ${TERRAIN_WORDS[clash]} and ${TERRAIN_WORDS[t]}, ` +
              "which the builder doesn't put on one cell",
          );
        terrain[t].add(k);
      }
    }
    return terrain;
  }

  // `next` (readEncounter's state) becomes the builder's if everything stands where the
  // builder would let it; else an Error and nothing changed.
  function adopt(next, draft) {
    const was = { ...b };
    try {
      Object.assign(b, { ...next, terrain: fresh().terrain });
      b.terrain = checkTerrain(next.terrain);
      checkCreatures(draft);
    } catch (e) {
      Object.assign(b, was);
      throw e;
    }
    if (b.editing) endEdit();
    Object.assign(b, { selected: null, cursor: null });
    showMap();
    draw();
  }

  // The map's fields as the state has them.
  function showMap() {
    rulesetSelect.value = b.ruleset;
    gridSelect.value = b.gridKind;
    $("b-width").value = b.width;
    $("b-height").value = b.height;
    $("b-map-error").textContent = "";
    drawSizes();
  }

  function saveFile() {
    const error = $("b-error");
    let enc;
    try {
      enc = encounter();
    } catch (e) {
      error.textContent = `Not saved: ${e.message}`;
      return;
    }
    error.textContent = "";
    download("encounter.json", `${JSON.stringify({ encounter: enc }, null, 2)}\n`);
    say(`Saved as encounter.json: ${enc.combatants.length} creatures, ${b.width} by ${b.height}`);
  }

  async function loadFile(input) {
    const file = input.files[0];
    if (!file) return;
    const error = $("b-error");
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(`over ${MAX_FILE_BYTES} bytes`);
      let doc;
      try {
        doc = JSON.parse(await file.text());
      } catch (e) {
        throw new Error(`it is not JSON (${e.message})`);
      }
      adopt(readEncounter(doc, { extents: config.extents, maxSide: MAX_SIDE }), false);
    } catch (e) {
      error.textContent = `Not loaded: ${file.name}: ${e.message}. Nothing changed.`;
      return;
    } finally {
      input.value = ""; // the same file chosen again is read again
    }
    error.textContent = "";
    say(`Loaded ${file.name}: ${b.creatures.length} creatures, ${b.width} by ${b.height}`);
  }

  function clearAll() {
    if (b.editing) endEdit();
    Object.assign(b, fresh(), { selected: null, cursor: null });
    showMap();
    $("b-error").textContent = "";
    draw();
    say("Cleared: an empty map (Load encounter brings a saved file back)");
  }

  // The work kept in localStorage, taken back on a reload (a draft: creatures may be off
  // the map yet). One that no longer reads (an older page's) gives way to an empty map.
  function restore() {
    const doc = storedDraft();
    if (!doc) return;
    try {
      adopt(readEncounter(doc, { extents: config.extents, maxSide: MAX_SIDE, draft: true }), true);
    } catch (e) {
      say(`The work kept in this browser could not be read back (${e.message}): starting afresh`);
      return;
    }
    if (b.creatures.length || TERRAIN.some((t) => b.terrain[t].size))
      say("Your work is back as you left it (kept in this browser: Clear starts afresh)");
  }

  // ---- wiring

  root.addEventListener("click", (event) => {
    const t = event.target.closest("button");
    if (!t || !root.contains(t)) return;
    if (t.dataset.tool) toggleTool(t.dataset.tool);
    else if (t.dataset.pick) {
      b.selected = t.dataset.pick;
      setTool("place");
      draw();
      say(`${byId(b.selected).name} selected: click a cell (or Enter on it) to put it there`);
    } else if (t.dataset.edit) startEdit(byId(t.dataset.edit));
    else if (t.dataset.remove) {
      const c = byId(t.dataset.remove);
      if (b.editing === c.id) endEdit();
      b.creatures = b.creatures.filter((x) => x !== c);
      if (b.selected === c.id) b.selected = null;
      draw();
      say(`${c.name} removed`);
    } else if (t.id === "b-cancel") cancelEdit();
    else if (t.id === "b-start") start();
    else if (t.id === "b-save-file") saveFile();
    else if (t.id === "b-clear") clearAll();
  });
  $("b-load").addEventListener("change", (event) => loadFile(event.target));
  form.addEventListener("submit", submitForm);
  // Escape in the form while editing is "Cancel"
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && b.editing) {
      event.preventDefault();
      cancelEdit();
    }
  });
  for (const id of ["b-ruleset", "b-grid", "b-width", "b-height"])
    $(id).addEventListener("change", readMap);

  const board = $("b-board");
  // a press on a token starts a drag (released on another cell: it moves there); a press
  // anywhere else is a click, handled on release
  board.addEventListener("pointerdown", (event) => {
    const from = cellOf(event);
    const who = from && b.tool === "place" ? occupants(geo()).get(key(from)) : null;
    b.drag = { id: who ? who.id : null, from, pointer: event.pointerId };
    if (b.drag.id) board.setPointerCapture(event.pointerId);
  });
  board.addEventListener("pointerup", (event) => {
    const drag = b.drag;
    b.drag = null;
    if (!drag) return;
    if (board.hasPointerCapture?.(drag.pointer)) board.releasePointerCapture(drag.pointer);
    const cell = cellOf(event) || drag.from;
    if (!cell) return;
    if (drag.id && drag.from && key(cell) !== key(drag.from)) {
      const c = byId(drag.id);
      b.selected = c.id;
      const words = place(c, cell, geo());
      draw();
      say(words);
    } else actOn(cell);
  });
  board.addEventListener("keydown", (event) => {
    const g = geo();
    const step = STEPS[event.key];
    if (!step && !["Enter", " ", "Home", "End", "Escape"].includes(event.key)) return;
    event.preventDefault();
    if (event.key === "Escape") {
      b.cursor = null;
      drawBoard();
      return;
    }
    const here = b.cursor || byId(b.selected)?.position || g.at(0, 0);
    if (event.key === "Enter" || event.key === " ") {
      actOn(here);
      return;
    }
    let [c, r] = g.offset(here);
    if (step) [c, r] = [c + step[0], r + step[1]];
    else c = event.key === "Home" ? 0 : b.width - 1;
    c = Math.max(0, Math.min(b.width - 1, c));
    r = Math.max(0, Math.min(b.height - 1, r));
    b.cursor = g.at(c, r);
    drawBoard();
    const k = key(b.cursor);
    const who = occupants(g).get(k);
    say(`${cellWords(b.cursor)}: ${terrainWords(k) || "open"}${who ? `, ${who.name}` : ""}`);
  });

  drawSizes();
  setTool("place");
  restore();
  draw();
}
