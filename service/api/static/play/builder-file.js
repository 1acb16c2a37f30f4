// The encounter builder's work as JSON (builder.js): what "Save encounter" downloads, what
// "Load encounter" reads back, and the draft kept in localStorage so that a reload loses
// nothing. A file is `{"encounter": ...}` as POST /v1/sessions takes it (a bare encounter
// reads too).
//
// readEncounter() checks a document's shape and each creature's fields as the form checks
// them (builder-form.js), and answers the builder's state; where things stand on the map
// (on the grid, on no wall, on no other creature; terrain that goes together) builder.js
// checks with the same code as for a click. A field the builder doesn't make is refused,
// never dropped: what loads is what was saved.

import { checkAttacks, wholeNumber } from "./builder-form.js";

export const STORE_KEY = "crs-play-builder";
export const MAX_FILE_BYTES = 2_000_000;
export const TERRAIN = ["blocked", "swim", "climb", "difficult"];
const MAX_CREATURES = 200;
const ENCOUNTER_KEYS = ["ruleset", "grid", "combatants"];
const GRID_KEYS = ["kind", "hexOrientation", "width", "height", ...TERRAIN];
const CREATURE_KEYS = ["id", "name", "side", "kind", "position", "hp", "maxHp", "ac", "speed"];
const ATTACK_KEYS = ["name", "bonus", "damage"];

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function onlyKeys(value, allowed, where) {
  const extra = Object.keys(value).filter((k) => !allowed.includes(k));
  if (extra.length)
    throw new Error(
      `${where ? `${where}: ` : ""}the builder makes no “${extra.join("”, “")}” ` +
        `(it has ${allowed.join(", ")})`,
    );
}

function text(value, label, most) {
  const t = typeof value === "string" ? value.trim() : "";
  if (!t) throw new Error(`${label} is required (a text)`);
  if (t.length > most) throw new Error(`${label}: at most ${most} characters`);
  return t;
}

// A cell {x, y} of whole numbers.
function cellOf(value, where) {
  if (!isObject(value) || !Number.isInteger(value.x) || !Number.isInteger(value.y))
    throw new Error(`${where} is not a cell ({"x": 1, "y": 2})`);
  onlyKeys(value, ["x", "y"], where);
  return { x: value.x, y: value.y };
}

function readGrid(grid, maxSide) {
  if (!isObject(grid)) throw new Error("grid is missing (kind, width, height...)");
  onlyKeys(grid, GRID_KEYS, "grid");
  const kind = grid.kind ?? "square";
  if (kind !== "square" && kind !== "hex") throw new Error(`grid.kind “${kind}”: square or hex`);
  const orientation = grid.hexOrientation ?? "pointy";
  if (orientation !== "pointy" && orientation !== "flat")
    throw new Error(`grid.hexOrientation “${orientation}”: pointy or flat`);
  const terrain = {};
  for (const t of TERRAIN) {
    const list = grid[t] ?? [];
    if (!Array.isArray(list)) throw new Error(`grid.${t} is not a list of cells`);
    terrain[t] = list.map((cell, i) => cellOf(cell, `grid.${t}[${i}]`));
  }
  return {
    gridKind: kind === "square" ? "square" : orientation,
    width: wholeNumber(grid.width, "grid.width", 1, maxSide),
    height: wholeNumber(grid.height, "grid.height", 1, maxSide),
    terrain,
  };
}

function readCreature(c, sizes, draft) {
  if (!isObject(c)) throw new Error("is not a creature");
  onlyKeys(c, [...CREATURE_KEYS, "size", "attacks"], "");
  const id = text(c.id, "id", 64);
  const name = text(c.name, "name", 80);
  const hp = wholeNumber(c.hp, "hp", 1, 1000000);
  if (c.maxHp !== undefined && c.maxHp !== hp)
    throw new Error(`maxHp ${c.maxHp} is not hp ${hp}: the builder makes creatures unhurt`);
  if (c.kind !== "monster" && c.kind !== "pc") throw new Error(`kind “${c.kind}”: monster or pc`);
  const size = c.size ?? "medium";
  if (!sizes.includes(size)) throw new Error(`size “${size}” is not one of ${sizes.join(", ")}`);
  if (!Array.isArray(c.attacks)) throw new Error("attacks is not a list");
  c.attacks.forEach((a, j) => {
    if (!isObject(a)) throw new Error(`attacks[${j}] is not an attack`);
    onlyKeys(a, ATTACK_KEYS, `attacks[${j}]`);
  });
  const position = c.position ?? null;
  if (position === null && !draft) throw new Error("position is missing: it is not on the map");
  return {
    id,
    name,
    side: text(c.side, "side", 40),
    kind: c.kind,
    hp,
    ac: wholeNumber(c.ac, "ac", 0, 100),
    speed: wholeNumber(c.speed, "speed", 0, 10000),
    size,
    attacks: checkAttacks(c.attacks),
    position: position === null ? null : cellOf(position, "position"),
  };
}

// A document (parsed JSON) as the builder's state: {ruleset, gridKind, width, height,
// terrain: {blocked: [{x, y}...]...}, creatures: [{... position: {x, y} | null}]}, or an
// Error saying what is wrong and where. A draft may hold creatures not placed yet.
export function readEncounter(doc, { extents, maxSide, draft = false }) {
  const enc = isObject(doc) && isObject(doc.encounter) ? doc.encounter : doc;
  if (!isObject(enc)) throw new Error("it holds no encounter (an object with a ruleset)");
  onlyKeys(enc, ENCOUNTER_KEYS, "the encounter");
  if (!Object.hasOwn(extents, enc.ruleset))
    throw new Error(`ruleset “${enc.ruleset}” is not one of ${Object.keys(extents).join(", ")}`);
  const map = readGrid(enc.grid, maxSide);
  const list = enc.combatants ?? [];
  if (!Array.isArray(list)) throw new Error("combatants is not a list");
  if (list.length > MAX_CREATURES) throw new Error(`more than ${MAX_CREATURES} combatants`);
  const sizes = Object.keys(extents[enc.ruleset]);
  const ids = new Set();
  const creatures = list.map((c, i) => {
    const named = isObject(c) && typeof c.name === "string" ? ` (${c.name})` : "";
    try {
      const creature = readCreature(c, sizes, draft);
      if (ids.has(creature.id)) throw new Error(`id “${creature.id}” is another's too`);
      ids.add(creature.id);
      return creature;
    } catch (e) {
      throw new Error(`combatants[${i}]${named}: ${e.message}`);
    }
  });
  return { ruleset: enc.ruleset, ...map, creatures };
}

// The document's text as a file download (a Blob URL, nothing leaves the browser).
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has its own reference once started; the URL goes a while after
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// The draft in localStorage (null: none, or storage refused), and kept or dropped.
export function storedDraft() {
  try {
    const t = window.localStorage.getItem(STORE_KEY);
    return t ? JSON.parse(t) : null;
  } catch {
    return null;
  }
}

export function keepDraft(doc) {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(doc));
    return true;
  } catch {
    return false; // storage full or refused: the builder goes on, unsaved
  }
}

export function dropDraft() {
  try {
    window.localStorage.removeItem(STORE_KEY);
  } catch {
    // nothing kept, nothing to drop
  }
}
