// The creature form of the encounter builder (builder.js): name, side, kind, hit points,
// armour class, speed, size and its attacks, one row each (name, bonus, damage dice), added
// and removed ("Add attack", "Remove"; one at least, MAX_ATTACKS at most). read() checks it
// as the builder takes a creature; values() and setValues() are the fields as text, what an
// edit fills in and gives back. The DOM helpers are the builder's too.

export const MAX_ATTACKS = 20;
// Dice notation as the service reads it (service/rules/dice.py); the service checks the rest.
const DIE = String.raw`(\d*d(\d+|%)(k[hl]?\d+)?|\d+)`;
export const DICE = new RegExp(String.raw`^\s*${DIE}(\s*[+-]\s*${DIE})*\s*$`, "i");
// A creature's fields but its attacks, by the form's ids without "b-".
const FIELDS = ["name", "side", "kind", "hp", "ac", "speed", "size"];
const NEW_ATTACK = { name: "", bonus: "0", damage: "1d4" };

export function html(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

export const labelled = (text, control) => html("label", {}, `${text} `, control);

export function numberInput(id, value, min, max, extra) {
  return html("input", { id, type: "number", inputmode: "numeric", value, min, max, ...extra });
}

// A whole number from low to high, from a field's text, or an Error naming `label`.
export function wholeNumber(text, label, low, high) {
  const value = Number(String(text).trim());
  if (String(text).trim() === "" || !Number.isInteger(value) || value < low || value > high)
    throw new Error(`${label} must be a whole number from ${low} to ${high}`);
  return value;
}

// Attack i's field ids and labels: the first keeps the ids b-attack, b-bonus, b-damage.
function attackIds(i) {
  const n = i === 0 ? "" : `-${i + 1}`;
  return { name: `b-attack${n}`, bonus: `b-bonus${n}`, damage: `b-damage${n}` };
}

function attackLabel(i) {
  return i === 0 ? "Attack" : `Attack ${i + 1}`;
}

// The attacks as the builder keeps them ({name, bonus, damage}), checked: at least one, each
// named (names unique, whatever their case, as requests name them), bonus and dice right.
export function checkAttacks(attacks) {
  if (!attacks.length) throw new Error("A creature needs at least one attack");
  if (attacks.length > MAX_ATTACKS) throw new Error(`At most ${MAX_ATTACKS} attacks`);
  const seen = new Map();
  return attacks.map((a, i) => {
    const label = attackLabel(i);
    const name = String(a.name ?? "").trim();
    if (!name) throw new Error(`${label} needs a name`);
    if (name.length > 80) throw new Error(`${label}: a name of at most 80 characters`);
    const other = seen.get(name.toLowerCase());
    if (other !== undefined)
      throw new Error(`${label}: “${name}” is already ${attackLabel(other)}'s name`);
    seen.set(name.toLowerCase(), i);
    const damage = String(a.damage ?? "").trim();
    if (!DICE.test(damage) || damage.length > 120)
      throw new Error(`${label} damage dice: “${damage}” is not dice (as 1d8+3)`);
    return { name, bonus: wholeNumber(a.bonus, `${label} bonus`, -100, 100), damage };
  });
}

export function creatureForm() {
  const sizeSelect = html("select", { id: "b-size", name: "size" });
  const rows = html("div", { id: "b-attacks" });
  const addAttack = html("button", { type: "button", id: "b-add-attack" }, "Add attack");
  const form = html(
    "form",
    { id: "b-form", class: "b-form", novalidate: true },
    labelled("Name", html("input", { id: "b-name", name: "name", maxlength: 80, size: 16 })),
    labelled(
      "Side",
      html("input", { id: "b-side", name: "side", maxlength: 40, size: 10, value: "party" }),
    ),
    labelled(
      "Kind",
      html(
        "select",
        { id: "b-kind", name: "kind" },
        html("option", { value: "monster" }, "monster"),
        html("option", { value: "pc" }, "player character"),
      ),
    ),
    labelled("Hit points", numberInput("b-hp", 10, 1, 1000000)),
    labelled("Armour class", numberInput("b-ac", 12, 0, 100)),
    labelled("Speed (ft)", numberInput("b-speed", 30, 0, 10000, { step: 5 })),
    labelled("Size", sizeSelect),
    html(
      "fieldset",
      { class: "b-attack-list" },
      html("legend", {}, "Attacks"),
      rows,
      html("span", { id: "b-damage-hint", class: "muted" }, "damage as 1d8+3, 2d6, 4d6kh3 "),
      addAttack,
    ),
    html(
      "div",
      { class: "buttons" },
      html("button", { type: "submit", id: "b-add" }, "Add creature"),
      html("button", { type: "submit", id: "b-save", hidden: true }, "Save changes"),
      html("button", { type: "button", id: "b-cancel", hidden: true }, "Cancel"),
    ),
    html("p", { id: "b-form-error", class: "bad", role: "alert" }),
  );
  const field = (id) => form.querySelector(`#${id}`);

  function attackRow(a, i, count) {
    const ids = attackIds(i);
    const label = attackLabel(i);
    return html(
      "div",
      { class: "b-attack", role: "group", "aria-label": label.toLowerCase() },
      labelled(
        label,
        html("input", { id: ids.name, maxlength: 80, size: 12, value: a.name }),
      ),
      labelled(`${label} bonus`, numberInput(ids.bonus, a.bonus, -100, 100)),
      labelled(
        i === 0 ? "Damage dice" : `${label} damage dice`,
        html("input", {
          id: ids.damage,
          maxlength: 120,
          size: 8,
          value: a.damage,
          spellcheck: "false",
          "aria-describedby": "b-damage-hint",
        }),
      ),
      html(
        "button",
        {
          type: "button",
          "data-remove-attack": i,
          "aria-label": `remove ${label.toLowerCase()}`,
          disabled: count < 2,
        },
        "Remove",
      ),
    );
  }

  function attackValues() {
    return [...rows.children].map((_, i) => {
      const ids = attackIds(i);
      const [name, bonus, damage] = [ids.name, ids.bonus, ids.damage].map((id) => field(id).value);
      return { name, bonus, damage };
    });
  }

  function drawAttacks(attacks) {
    rows.replaceChildren(...attacks.map((a, i) => attackRow(a, i, attacks.length)));
    addAttack.disabled = attacks.length >= MAX_ATTACKS;
  }

  function values() {
    return {
      ...Object.fromEntries(FIELDS.map((f) => [f, field(`b-${f}`).value])),
      attacks: attackValues(),
    };
  }

  function setValues(v) {
    for (const f of FIELDS) field(`b-${f}`).value = v[f];
    drawAttacks(v.attacks.map((a) => ({ ...a, bonus: String(a.bonus) })));
  }

  // The creature's fields as checked, or an Error saying which is wrong.
  function read() {
    const name = field("b-name").value.trim();
    if (!name) throw new Error("Name is required");
    const side = field("b-side").value.trim();
    if (!side) throw new Error("Side is required (creatures on one side are allies)");
    return {
      name,
      side,
      kind: field("b-kind").value,
      hp: wholeNumber(field("b-hp").value, "Hit points", 1, 1000000),
      ac: wholeNumber(field("b-ac").value, "Armour class", 0, 100),
      speed: wholeNumber(field("b-speed").value, "Speed", 0, 10000),
      size: sizeSelect.value,
      attacks: checkAttacks(attackValues()),
    };
  }

  function setSizes(sizes) {
    const was = sizeSelect.value || "medium";
    sizeSelect.replaceChildren(...sizes.map((s) => html("option", { value: s }, s)));
    sizeSelect.value = sizes.includes(was) ? was : "medium";
  }

  form.addEventListener("click", (event) => {
    const t = event.target.closest("button");
    if (!t) return;
    const attacks = attackValues();
    if (t === addAttack) {
      attacks.push({ ...NEW_ATTACK });
      drawAttacks(attacks);
      field(attackIds(attacks.length - 1).name).focus();
    } else if (t.dataset.removeAttack !== undefined && attacks.length > 1) {
      const i = Number(t.dataset.removeAttack);
      attacks.splice(i, 1);
      drawAttacks(attacks);
      field(attackIds(Math.min(i, attacks.length - 1)).name).focus();
    }
  });

  drawAttacks([{ name: "club", bonus: "3", damage: "1d6+1" }]);
  return { form, values, setValues, read, setSizes };
}
