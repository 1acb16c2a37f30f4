// The geometry of a battle map as the page draws it. Squares: column x, row y. Hexes:
// axial coordinates (q = x, r = y) drawn in the offset layout of
// service/rules/grid/geometry.py: odd-r rows for pointy-top, odd-q columns for flat-top.
// A creature's space is the shape() of service/rules/grid/cells.py. offset(cell) is a cell's
// [column, row] as drawn and at(column, row) the cell there: the keyboard cursor moves by
// them (one drawn column or row per arrow key, on squares and hexes alike).

export const key = (cell) => `${cell.x},${cell.y}`;

const SQUARE = 44;
const HEX_RADIUS = 25;

export function geometry(grid) {
  return (grid.kind || "square") === "square" ? squares(grid) : hexes(grid);
}

function rectangle(width, height, fromOffset) {
  const out = [];
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) out.push(fromOffset(c, r));
  return out;
}

function squares({ width, height }) {
  const s = SQUARE;
  return {
    kind: "square",
    step: s,
    size: [width * s, height * s],
    cells: () => rectangle(width, height, (c, r) => ({ x: c, y: r })),
    offset: (cell) => [cell.x, cell.y],
    at: (c, r) => ({ x: c, y: r }),
    centre: (cell) => [cell.x * s + s / 2, cell.y * s + s / 2],
    outline: (cell) => ({ tag: "rect", x: cell.x * s, y: cell.y * s, width: s, height: s }),
    // the extent × extent block whose top-left cell is the anchor
    shape: (extent) => {
      const out = [];
      for (let y = 0; y < extent; y++) for (let x = 0; x < extent; x++) out.push([x, y]);
      return out;
    },
  };
}

function hexes({ width, height, hexOrientation }) {
  const R = HEX_RADIUS;
  const w = Math.sqrt(3) * R;
  const flat = hexOrientation === "flat";
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
    kind: "hex",
    step: w,
    size: flat
      ? [1.5 * R * (width - 1) + 2 * R, w * (height + 0.5)]
      : [w * (width + 0.5), 1.5 * R * (height - 1) + 2 * R],
    cells: () => rectangle(width, height, fromOffset),
    offset: toOffset,
    at: fromOffset,
    centre,
    outline: (cell) => {
      const [cx, cy] = centre(cell);
      const points = [];
      for (let i = 0; i < 6; i++) {
        const a = (Math.PI / 180) * (60 * i - (flat ? 0 : 30));
        points.push(`${(cx + R * Math.cos(a)).toFixed(1)},${(cy + R * Math.sin(a)).toFixed(1)}`);
      }
      return { tag: "polygon", points: points.join(" ") };
    },
    // 1: the anchor; 2: the anchor, (q+1, r), (q, r+1); 3 or more: every hex within
    // extent // 2 of the anchor
    shape: (extent) => {
      if (extent === 1) return [[0, 0]];
      if (extent === 2) return [[0, 0], [1, 0], [0, 1]]; // prettier-ignore
      const k = Math.floor(extent / 2);
      const out = [];
      for (let r = -k; r <= k; r++) {
        for (let q = -k; q <= k; q++) if (Math.abs(q + r) <= k) out.push([q, r]);
      }
      return out;
    },
  };
}
