import 'server-only';
import { W, H, INK, f, path, rect, op, polygon, makeRidge, spruce } from '../canvas';
import { mix } from '../palette';
import { placeSun, drawSky, drawWater, waveBand, birds, distantLand, type Painter } from '../scenery';
import { sailboat, motorboat } from '../boats';

export const drawSea: Painter = (s, p, r) => {
  const hz = r.range(0.44, 0.6) * H;
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(2, 4));
  if (r.chance(0.8)) {
    const left = r.chance(0.5);
    distantLand(s, p, r, hz, {
      amp: r.range(50, 120),
      peaks: 3,
      wMin: 0.05,
      wMax: 0.14,
      cMin: left ? -0.1 : 0.7,
      cMax: left ? 0.3 : 1.1,
      layer: 0.12,
    });
  }
  drawWater(s, p, r, hz, { sun, shimmer: 45 });
  if (r.chance(0.5)) {
    const ix = r.range(0.2, 0.8) * W;
    const iw = r.range(60, 140);
    s.add(
      path(
        `M${f(ix - iw)},${f(hz + 14)}Q${f(ix - iw * 0.4)},${f(hz - iw * 0.45)} ${f(ix)},${f(hz - iw * 0.4)}Q${f(ix + iw * 0.5)},${f(hz - iw * 0.3)} ${f(ix + iw)},${f(hz + 14)}Z`,
        p.layer(0.25),
      ),
    );
  }
  const by = hz + r.range(0.18, 0.45) * (H - hz);
  const depth = (by - hz) / (H - hz);
  const bx = r.range(0.15, 0.85) * W;
  if (r.chance(0.65)) sailboat(s, p, bx, by, 50 + 170 * depth, r.chance(0.5));
  else motorboat(s, p, bx, by, 60 + 200 * depth);
  const bands = r.int(2, 3);
  for (let i = 0; i < bands; i++) {
    const y = H - 40 - (bands - 1 - i) * r.range(55, 80);
    waveBand(s, r, y, r.range(8, 16), r.range(260, 420), mix(p.water, p.waterDeep, 0.45 + i * 0.25), p.foam);
  }
  birds(s, p, r, r.range(0.2, 0.8) * W, hz * r.range(0.3, 0.6), r.range(60, 160), r.int(3, 6), r.range(12, 22));
};

export const drawHills: Painter = (s, p, r) => {
  const n = r.int(4, 5);
  const top = r.range(0.36, 0.5) * H;
  const sun = placeSun(p, r, top + 80);
  drawSky(s, p, r, top + 120, sun, r.int(1, 3));
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const base = top + (H * 0.98 - top) * Math.pow(t, 0.85) + 60;
    const ridge = makeRidge(r, {
      base,
      amp: r.range(110, 220) * (0.7 + t * 0.5),
      peaks: r.int(2, 4),
      wMin: 0.1,
      wMax: 0.26,
      rough: 0.05,
    });
    const color = p.layer(0.12 + t * 0.88);
    s.add(
      path(
        ridge.d,
        s.linear(
          [
            [0, mix(color, p.skyBottom, 0.12 * (1 - t))],
            [1, mix(color, INK, 0.12 * t)],
          ],
          0,
          base - 200,
          0,
          base + 120,
        ),
      ),
    );
    if (t >= 0.5) {
      let trees = '';
      const size = 14 + 40 * t;
      for (let x = r.range(-20, 40); x < W + 20; x += size * r.range(0.6, 2.4)) {
        if (r.chance(0.45)) continue;
        trees += spruce(x, ridge.y(x) + size * 0.25, size * r.range(0.9, 1.5), size * 0.55, 3);
      }
      s.add(path(trees, mix(color, INK, 0.08)));
    }
    if (i < n - 1) {
      const mistY = base - 40;
      s.add(
        rect(
          0,
          mistY - 100,
          W,
          220,
          s.linear(
            [
              [0, p.skyBottom, 0],
              [0.6, p.skyBottom, 0.22 - t * 0.1],
              [1, p.skyBottom, 0],
            ],
            0,
            mistY - 100,
            0,
            mistY + 120,
          ),
        ),
      );
    }
  }
  birds(s, p, r, r.range(0.2, 0.8) * W, top * r.range(0.4, 0.8), r.range(50, 130), r.int(2, 5), r.range(10, 18));
};

export const drawForest: Painter = (s, p, r) => {
  const n = r.int(4, 5);
  const top = r.range(0.4, 0.5) * H;
  const sun = placeSun(p, r, top + 60);
  drawSky(s, p, r, top + 100, sun, r.int(1, 2));
  if (sun && p.tod !== 'night') {
    let rays = '';
    for (let i = 0; i < 5; i++) {
      const a = Math.PI / 2 + r.range(-0.9, 0.9);
      const spread = r.range(0.03, 0.07);
      const len = 1400;
      rays += polygon([
        [sun.x, sun.y],
        [sun.x + Math.cos(a - spread) * len, sun.y + Math.sin(a - spread) * len],
        [sun.x + Math.cos(a + spread) * len, sun.y + Math.sin(a + spread) * len],
      ]);
    }
    s.add(path(rays, p.glow, op(0.1)));
  }
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const base = top + (H - top) * Math.pow(t, 0.9) * 0.85 + 40;
    const ridge = makeRidge(r, {
      base,
      amp: r.range(50, 110),
      peaks: r.int(2, 3),
      wMin: 0.15,
      wMax: 0.35,
      rough: 0.04,
    });
    const color = p.layer(0.1 + t * 0.9);
    const size = 36 + 230 * t * t + 20 * t;
    let trees = '';
    const last = i === n - 1;
    for (let x = r.range(-30, 10); x < W + 40; x += size * r.range(0.28, 0.5)) {
      if (last && x > W * 0.24 && x < W * 0.76) continue;
      const h = size * r.range(0.75, 1.3) * (last ? 1.9 : 1);
      trees += spruce(x, ridge.y(x) + h * 0.12, h, h * r.range(0.36, 0.46), last ? 6 : r.int(4, 5));
    }
    s.add(path(ridge.d, color), path(trees, color));
    if (!last) {
      const mistY = base;
      s.add(
        rect(
          0,
          mistY - 150,
          W,
          300,
          s.linear(
            [
              [0, p.skyBottom, 0],
              [0.55, p.skyBottom, 0.42],
              [1, p.skyBottom, 0.05],
            ],
            0,
            mistY - 150,
            0,
            mistY + 150,
          ),
        ),
      );
    }
  }
  if (p.tod !== 'night') birds(s, p, r, r.range(0.3, 0.7) * W, top * r.range(0.35, 0.7), 90, r.int(2, 4), 14);
};
