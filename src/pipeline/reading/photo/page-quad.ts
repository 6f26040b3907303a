import type { GreyImage } from '../../../ports/ocr-engine.js';
import type { Point, Quad } from './perspective.js';

/**
 * Finds the four corners of a sheet of paper photographed on a darker surface.
 *
 * Contract: `found: true` only for a bright, roughly quadrilateral region that lies inside the
 * image with background visible around it; a scan (the page fills the image, or touches its
 * border), a page whose edges are not straight, or a page no darker surface sets off gives
 * `found: false` with the reason, and the caller leaves the image as it is.
 *
 * How: on a copy at most ~1000 px long (box-averaged), printed text is closed away (grey
 * morphological closing, 7 × 7), then the page is grown from the bright middle of the image
 * into every neighbour nearly as bright as the pixel it comes from and not next to a sharp step.
 * Paper under a soft shadow or uneven light darkens by a few per cent per pixel and is joined; the
 * page's edge against the table is a step to half or less within a pixel or two and stops it. Holes
 * (text, logos, grey table rows) are filled. The corners are the largest-area quadrilateral on
 * the region's convex hull, then made exact: each side is a straight line fitted through the
 * sub-pixel edge positions along it, and the corners are where the lines meet.
 */
export type QuadSearch =
  | { found: true; quad: Quad; /** Share of the image inside the quad. */ coverage: number }
  | { found: false; reason: 'fills_image' | 'no_page' | 'not_a_quad' | 'low_contrast' };

const ANALYSIS_LONG_SIDE = 1000;
/**
 * Growth: a neighbour joins the page when at least GROW_RATIO times as bright as the pixel it is
 * reached from, and no pixel in its 3 × 3 neighbourhood is below EDGE_RATIO times the brightest
 * one there. A soft shadow darkens paper by at most ~8 % a pixel at this scale (~16 % over three
 * pixels); the page's outline against a table is a step to half or less within a pixel or two.
 * Pixels next to such a step are never entered, so growth cannot creep along the anti-aliased
 * outline (whose pixels fade from paper to table a few per cent per row) into the table.
 */
const GROW_RATIO = 0.88;
const EDGE_RATIO = 0.7;
/** Share of the image's border pixels the page may touch (a photo shows the table all round). */
const MAX_BORDER_CONTACT = 0.03;
/** A quad covering more of the image than this is the whole image: a scan, nothing to do. */
const MAX_COVERAGE = 0.92;
const MIN_COVERAGE = 0.12;

export function findPageQuad(img: GreyImage): QuadSearch {
  const k = Math.max(1, Math.ceil(Math.max(img.width, img.height) / ANALYSIS_LONG_SIDE));
  const small = boxDownscale(img, k);
  const { width: w, height: h } = small;
  if (w < 16 || h < 16) return { found: false, reason: 'no_page' };
  // Cheap exit for scans and rendered pages (most pages that come here): paper all along the
  // border, where a photo shows the table.
  if (paperAlongBorder(small)) return { found: false, reason: 'fills_image' };
  const lum = closeDark(small, 3);

  const region = growPage(lum, w, h);
  let area = 0;
  for (let i = 0; i < region.length; i++) area += region[i]!;
  if (area < MIN_COVERAGE * w * h) return { found: false, reason: 'no_page' };
  let contact = 0;
  for (let x = 0; x < w; x++) contact += region[x]! + region[(h - 1) * w + x]!;
  for (let y = 1; y < h - 1; y++) contact += region[y * w]! + region[y * w + w - 1]!;
  if (contact > MAX_BORDER_CONTACT * 2 * (w + h)) return { found: false, reason: 'fills_image' };

  const edges = edgePoints(region, lum, w, h);
  const all = [...edges.left, ...edges.right, ...edges.top, ...edges.bottom];
  const rough = largestQuadOnHull(convexHull(all.map(([x, y]) => [Math.round(x), Math.round(y)] as Point)));
  if (!rough) return { found: false, reason: 'not_a_quad' };
  const quad = refineCorners(rough, edges) ?? rough;

  if (!plausibleQuad(quad, w, h)) return { found: false, reason: 'not_a_quad' };
  const quadArea = polygonArea(quad);
  if (area / quadArea < 0.9 || area / quadArea > 1.06) return { found: false, reason: 'not_a_quad' };
  const coverage = quadArea / (w * h);
  if (coverage > MAX_COVERAGE) return { found: false, reason: 'fills_image' };
  if (!setOff(quad, lum, w, h)) return { found: false, reason: 'low_contrast' };

  // Analysis pixel i covers full-size pixels [i·k, (i+1)·k): its centre is at (i + 0.5)·k.
  const full = quad.map(([x, y]) => [(x + 0.5) * k, (y + 0.5) * k] as Point) as unknown as Quad;
  return { found: true, quad: full, coverage };
}

/** More than half of the outermost 2 % of the image as bright as the paper in its middle. */
function paperAlongBorder(img: GreyImage): boolean {
  const { data, width: w, height: h } = img;
  const paper = brightLevel(data, w, Math.floor(w * 0.3), Math.ceil(w * 0.7), Math.floor(h * 0.3), Math.ceil(h * 0.7));
  const band = Math.max(1, Math.round(Math.min(w, h) * 0.02));
  let bright = 0;
  let n = 0;
  const count = (x0: number, x1: number, y0: number, y1: number): void => {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        n++;
        if (data[y * w + x]! >= 0.85 * paper) bright++;
      }
    }
  };
  count(0, w, 0, band);
  count(0, w, h - band, h);
  count(0, band, band, h - band);
  count(w - band, w, band, h - band);
  return bright > 0.5 * n;
}

/** The level the brightest tenth of a window reaches (paper, not print). */
function brightLevel(data: Uint8Array, w: number, x0: number, x1: number, y0: number, y1: number): number {
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[data[y * w + x]!]!++;
  const n = (x1 - x0) * (y1 - y0);
  let level = 255;
  for (let acc = 0; level > 0; level--) {
    acc += hist[level]!;
    if (acc >= n * 0.1) break;
  }
  return level;
}

export function boxDownscale(img: GreyImage, k: number): GreyImage {
  if (k === 1) return img;
  const w = Math.floor(img.width / k);
  const h = Math.floor(img.height / k);
  const sums = new Uint32Array(w);
  const out = new Uint8Array(w * h);
  const n = k * k;
  for (let y = 0; y < h; y++) {
    sums.fill(0);
    for (let dy = 0; dy < k; dy++) {
      const row = (y * k + dy) * img.width;
      for (let x = 0; x < w; x++) {
        let s = 0;
        const start = row + x * k;
        for (let dx = 0; dx < k; dx++) s += img.data[start + dx]!;
        sums[x]! += s;
      }
    }
    for (let x = 0; x < w; x++) out[y * w + x] = Math.round(sums[x]! / n);
  }
  return { data: out, width: w, height: h };
}

/** Grey closing (max then min over a (2r+1)² square, separably): dark strokes thinner than that vanish. */
export function closeDark(img: GreyImage, r: number): Uint8Array {
  const dilated = filter1d(filter1d(img.data, img.width, img.height, r, true, true), img.width, img.height, r, false, true);
  return filter1d(filter1d(dilated, img.width, img.height, r, true, false), img.width, img.height, r, false, false);
}

function filter1d(src: Uint8Array, w: number, h: number, r: number, horizontal: boolean, max: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  const [len, lines, step, stride] = horizontal ? [w, h, 1, w] : [h, w, w, 1];
  for (let l = 0; l < lines; l++) {
    const base = l * stride;
    for (let i = 0; i < len; i++) {
      let v = max ? 0 : 255;
      const lo = Math.max(0, i - r);
      const hi = Math.min(len - 1, i + r);
      for (let j = lo; j <= hi; j++) {
        const s = src[base + j * step]!;
        if (max ? s > v : s < v) v = s;
      }
      out[base + i * step] = v;
    }
  }
  return out;
}

/** The page as a 0/1 mask: grown from the bright middle of the image, holes filled. */
function growPage(lum: Uint8Array, w: number, h: number): Uint8Array {
  // Seeds: the brightest tenth of the middle fifth of the image (paper, not print).
  const x0 = Math.floor(w * 0.3);
  const x1 = Math.ceil(w * 0.7);
  const y0 = Math.floor(h * 0.3);
  const y1 = Math.ceil(h * 0.7);
  const level = brightLevel(lum, w, x0, x1, y0, y1);
  // Pixels next to a step (see EDGE_RATIO).
  const hi = filter1d(filter1d(lum, w, h, 1, true, true), w, h, 1, false, true);
  const lo = filter1d(filter1d(lum, w, h, 1, true, false), w, h, 1, false, false);
  const edge = new Uint8Array(w * h);
  for (let i = 0; i < edge.length; i++) edge[i] = lo[i]! < EDGE_RATIO * hi[i]! ? 1 : 0;
  const region = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      if (lum[i]! >= level && !edge[i]) {
        region[i] = 1;
        queue[tail++] = i;
      }
    }
  }
  // Edge pixels are marked as taken up front, so the loop tests one array.
  for (let i = 0; i < edge.length; i++) if (edge[i]) region[i] = 2;
  const last = w * (h - 1);
  while (head < tail) {
    const i = queue[head++]!;
    const floor = lum[i]! * GROW_RATIO;
    const x = i % w;
    let j = i - 1;
    if (x > 0 && region[j] === 0 && lum[j]! >= floor) {
      region[j] = 1;
      queue[tail++] = j;
    }
    j = i + 1;
    if (x < w - 1 && region[j] === 0 && lum[j]! >= floor) {
      region[j] = 1;
      queue[tail++] = j;
    }
    j = i - w;
    if (i >= w && region[j] === 0 && lum[j]! >= floor) {
      region[j] = 1;
      queue[tail++] = j;
    }
    j = i + w;
    if (i < last && region[j] === 0 && lum[j]! >= floor) {
      region[j] = 1;
      queue[tail++] = j;
    }
  }
  for (let i = 0; i < region.length; i++) if (region[i] === 2) region[i] = 0;
  // Fill holes: whatever the outside cannot reach from the border belongs to the page.
  const outside = new Uint8Array(w * h);
  head = 0;
  tail = 0;
  const enter = (j: number): void => {
    if (region[j] === 0 && outside[j] === 0) {
      outside[j] = 1;
      queue[tail++] = j;
    }
  };
  for (let x = 0; x < w; x++) {
    enter(x);
    enter((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    enter(y * w);
    enter(y * w + w - 1);
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % w;
    if (x > 0) enter(i - 1);
    if (x < w - 1) enter(i + 1);
    if (i >= w) enter(i - w);
    if (i < w * (h - 1)) enter(i + w);
  }
  for (let i = 0; i < region.length; i++) region[i] = outside[i] ? 0 : 1;
  return region;
}

interface EdgePoints {
  left: Point[];
  right: Point[];
  top: Point[];
  bottom: Point[];
}

/**
 * Where the page's outline crosses each row (left and right) and each column (top and bottom),
 * to a fraction of a pixel: the point on the scan line where the brightness is halfway between
 * the paper just inside and the table just outside.
 */
function edgePoints(region: Uint8Array, lum: Uint8Array, w: number, h: number): EdgePoints {
  const out: EdgePoints = { left: [], right: [], top: [], bottom: [] };
  const at = (i: number): number => lum[i]!;
  // `first` is the outermost page pixel on the line, `dir` points outwards, `stride` steps along the line.
  const subpixel = (start: number, pos: number, dir: number, stride: number, len: number): number => {
    // The grown page stops 1–3 px short of the outline (edge pixels are never entered).
    const inside = Math.min(len - 1, Math.max(0, pos - 1 * dir));
    const outside = Math.min(len - 1, Math.max(0, pos + 6 * dir));
    const vin = at(start + inside * stride);
    const vout = at(start + outside * stride);
    if (vin - vout < 8) return pos;
    const mid = (vin + vout) / 2;
    for (let p = pos - dir; p !== pos + 6 * dir; p += dir) {
      if (p < 0 || p >= len || p + dir < 0 || p + dir >= len) continue;
      const a = at(start + p * stride);
      const b = at(start + (p + dir) * stride);
      if (a >= mid && b < mid) return p + (dir * (a - mid)) / (a - b);
    }
    return pos;
  };
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let l = -1;
    let r = -1;
    for (let x = 0; x < w; x++) {
      if (region[row + x]) {
        if (l < 0) l = x;
        r = x;
      }
    }
    if (l < 0) continue;
    out.left.push([subpixel(row, l, -1, 1, w), y]);
    out.right.push([subpixel(row, r, 1, 1, w), y]);
  }
  for (let x = 0; x < w; x++) {
    let t = -1;
    let b = -1;
    for (let y = 0; y < h; y++) {
      if (region[y * w + x]) {
        if (t < 0) t = y;
        b = y;
      }
    }
    if (t < 0) continue;
    out.top.push([x, subpixel(x, t, -1, w, h)]);
    out.bottom.push([x, subpixel(x, b, 1, w, h)]);
  }
  return out;
}

const cross = (o: Point, a: Point, b: Point): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Andrew's monotone chain; in image coordinates (y down) the result runs clockwise on screen. */
function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function polygonArea(p: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i]!;
    const b = p[(i + 1) % p.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(s) / 2;
}

/**
 * The largest-area quadrilateral with its corners on the hull, as top left, top right, bottom
 * right, bottom left: starts from the extremes along the diagonals and moves one corner at a
 * time to the hull vertex (between its neighbours) that gives the most area, until none moves.
 */
function largestQuadOnHull(hull: Point[]): Quad | null {
  const n = hull.length;
  if (n < 4) return null;
  const pick = (score: (p: Point) => number): number => {
    let best = 0;
    for (let i = 1; i < n; i++) if (score(hull[i]!) > score(hull[best]!)) best = i;
    return best;
  };
  // TL, TR, BR, BL: the hull runs TL → TR → BR → BL (clockwise on screen).
  const idx = [pick(([x, y]) => -x - y), pick(([x, y]) => x - y), pick(([x, y]) => x + y), pick(([x, y]) => y - x)];
  const ahead = (from: number, to: number): number => (to - from + n) % n;
  // The four must lie in hull order, each one step or more after the one before.
  let total = 0;
  for (let j = 0; j < 4; j++) {
    const d = ahead(idx[j]!, idx[(j + 1) % 4]!);
    if (d === 0) return null;
    total += d;
  }
  if (total !== n) return null;
  const quadArea = (ids: number[]): number => polygonArea(ids.map((i) => hull[i]!));
  let area = quadArea(idx);
  for (let round = 0; round < 20; round++) {
    let moved = false;
    for (let j = 0; j < 4; j++) {
      const prev = idx[(j + 3) % 4]!;
      const next = idx[(j + 1) % 4]!;
      for (let s = 1; s < ahead(prev, next); s++) {
        const cand = (prev + s) % n;
        if (cand === idx[j]) continue;
        const trial = [...idx];
        trial[j] = cand;
        const a = quadArea(trial);
        if (a > area + 1e-9) {
          area = a;
          idx[j] = cand;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return idx.map((i) => hull[i]!) as unknown as Quad;
}

/**
 * Fits a straight line through the edge points of each side (those near the rough side, away
 * from its ends, where the corners round off) and intersects neighbouring lines. Null when a
 * side has too few points or a corner would move implausibly far.
 */
function refineCorners(rough: Quad, edges: EdgePoints): Quad | null {
  const sides: [Point[], Point, Point][] = [
    [edges.top, rough[0], rough[1]],
    [edges.right, rough[1], rough[2]],
    [edges.bottom, rough[2], rough[3]],
    [edges.left, rough[3], rough[0]],
  ];
  const lines: { p: Point; d: Point }[] = [];
  for (const [points, a, b] of sides) {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 8) return null;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    const near = points.filter(([x, y]) => {
      const t = ((x - a[0]) * ux + (y - a[1]) * uy) / len;
      const dist = Math.abs((x - a[0]) * uy - (y - a[1]) * ux);
      return t > 0.08 && t < 0.92 && dist < 3;
    });
    if (near.length < Math.max(10, len * 0.3)) return null;
    lines.push(fitLine(near));
  }
  const corners: Point[] = [];
  for (let j = 0; j < 4; j++) {
    const p = intersect(lines[(j + 3) % 4]!, lines[j]!);
    if (!p || Math.hypot(p[0] - rough[j]![0], p[1] - rough[j]![1]) > 6) return null;
    corners.push(p);
  }
  return corners as unknown as Quad;
}

/** Total least squares: the line through the centroid along the points' principal direction. */
function fitLine(points: Point[]): { p: Point; d: Point } {
  let mx = 0;
  let my = 0;
  for (const [x, y] of points) {
    mx += x;
    my += y;
  }
  mx /= points.length;
  my /= points.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { p: [mx, my], d: [Math.cos(angle), Math.sin(angle)] };
}

function intersect(l1: { p: Point; d: Point }, l2: { p: Point; d: Point }): Point | null {
  const det = l1.d[0] * l2.d[1] - l1.d[1] * l2.d[0];
  if (Math.abs(det) < 1e-6) return null;
  const t = ((l2.p[0] - l1.p[0]) * l2.d[1] - (l2.p[1] - l1.p[1]) * l2.d[0]) / det;
  return [l1.p[0] + t * l1.d[0], l1.p[1] + t * l1.d[1]];
}

/** Convex, every corner between 45° and 135°, every side at least a fifth of the image's short side. */
function plausibleQuad(q: Quad, w: number, h: number): boolean {
  let sign = 0;
  for (let j = 0; j < 4; j++) {
    const a = q[(j + 3) % 4]!;
    const b = q[j]!;
    const c = q[(j + 1) % 4]!;
    const z = cross(b, c, a);
    if (z === 0 || (sign !== 0 && Math.sign(z) !== sign)) return false;
    sign = Math.sign(z);
    const v1x = a[0] - b[0];
    const v1y = a[1] - b[1];
    const v2x = c[0] - b[0];
    const v2y = c[1] - b[1];
    const cos = (v1x * v2x + v1y * v2y) / (Math.hypot(v1x, v1y) * Math.hypot(v2x, v2y));
    if (Math.abs(cos) > Math.cos((45 * Math.PI) / 180)) return false;
    if (Math.hypot(v2x, v2y) < 0.2 * Math.min(w, h)) return false;
  }
  return true;
}

/**
 * The table must be darker than the paper along the outline: the median brightness 4 px outside
 * each side at most 0.85 of the median 4 px inside (a page on a light desk is not set off).
 */
function setOff(q: Quad, lum: Uint8Array, w: number, h: number): boolean {
  const inside: number[] = [];
  const outside: number[] = [];
  const cx = (q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4;
  const cy = (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4;
  for (let j = 0; j < 4; j++) {
    const a = q[j]!;
    const b = q[(j + 1) % 4]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let nx = -(b[1] - a[1]) / len;
    let ny = (b[0] - a[0]) / len;
    // Point the normal outwards.
    if ((a[0] + b[0]) / 2 - cx > 0 !== nx > 0 && Math.abs(nx) > Math.abs(ny)) {
      nx = -nx;
      ny = -ny;
    } else if ((a[1] + b[1]) / 2 - cy > 0 !== ny > 0 && Math.abs(ny) >= Math.abs(nx)) {
      nx = -nx;
      ny = -ny;
    }
    for (let t = 0.1; t < 0.9; t += 0.02) {
      const x = a[0] + (b[0] - a[0]) * t;
      const y = a[1] + (b[1] - a[1]) * t;
      const sample = (d: number): number | null => {
        const sx = Math.round(x + nx * d);
        const sy = Math.round(y + ny * d);
        return sx >= 0 && sy >= 0 && sx < w && sy < h ? lum[sy * w + sx]! : null;
      };
      const vin = sample(-4);
      const vout = sample(4);
      if (vin !== null) inside.push(vin);
      if (vout !== null) outside.push(vout);
    }
  }
  const median = (v: number[]): number => [...v].sort((p, r) => p - r)[Math.floor(v.length / 2)] ?? 0;
  return outside.length > 0 && median(outside) <= 0.85 * median(inside);
}
