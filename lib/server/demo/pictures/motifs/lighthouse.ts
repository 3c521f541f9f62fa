import 'server-only';
import {
  W,
  H,
  INK,
  SEA,
  SAND,
  WHITE,
  LAMP,
  type Pt,
  f,
  Scene,
  path,
  stroke,
  circle,
  rect,
  op,
  smooth,
  polygon,
  spruce,
} from '../canvas';
import { mix, type Palette } from '../palette';
import { Rng } from '../random';
import {
  placeSun,
  drawSky,
  drawWater,
  waveBand,
  birds,
  distantLand,
  drawCape,
  rocksInWater,
  type Painter,
} from '../scenery';
import { sailboat } from '../boats';

export function lighthouse(s: Scene, p: Palette, r: Rng, x: number, base: number, hgt: number, beam: boolean): void {
  const wb = hgt * 0.17;
  const wt = hgt * 0.11;
  const top = base - hgt;
  const half = (y: number) => wt / 2 + ((wb - wt) / 2) * ((y - top) / hgt);
  const white = p.tint(mix(WHITE, SAND, 0.3));
  const red = p.coral;
  const bands = r.pick([4, 5, 6]);
  // Keeper's house.
  const hw = hgt * 0.34;
  const hx = x + wb * 0.35;
  const hh = hgt * 0.16;
  s.add(
    rect(hx, base - hh, hw, hh + 8, white),
    path(
      polygon([
        [hx - 6, base - hh],
        [hx + hw * 0.5, base - hh - hgt * 0.09],
        [hx + hw + 6, base - hh],
      ]),
      p.tint(mix(red, INK, 0.25)),
    ),
    rect(
      hx + hw * 0.3,
      base - hh * 0.7,
      hw * 0.14,
      hh * 0.35,
      p.tod === 'day' || p.tod === 'dawn' ? mix(SEA, INK, 0.3) : LAMP,
    ),
  );
  for (let i = 0; i < bands; i++) {
    const y0 = top + (hgt * i) / bands;
    const y1 = top + (hgt * (i + 1)) / bands;
    s.add(
      path(
        polygon([
          [x - half(y0), y0],
          [x + half(y0), y0],
          [x + half(y1), y1 + 1],
          [x - half(y1), y1 + 1],
        ]),
        i % 2 === 0 ? red : white,
      ),
    );
  }
  // Shade on the right side.
  s.add(
    path(
      polygon([
        [x + half(top) * 0.25, top],
        [x + half(top), top],
        [x + half(base), base],
        [x + half(base) * 0.25, base],
      ]),
      INK,
      op(0.13),
    ),
  );
  const gy = top - hgt * 0.035;
  const lh = hgt * 0.1;
  const dark = p.tint(mix(INK, p.near, 0.2));
  s.add(rect(x - wt * 0.85, gy, wt * 1.7, hgt * 0.04, dark));
  s.add(
    rect(x - wt * 0.8, gy - hgt * 0.045, wt * 1.6, 2.5, dark),
    rect(x - wt * 0.8, gy - hgt * 0.045, 2.5, hgt * 0.045, dark),
    rect(x + wt * 0.8 - 2.5, gy - hgt * 0.045, 2.5, hgt * 0.045, dark),
  );
  const glass = beam ? LAMP : mix(p.skyTop, WHITE, 0.55);
  const ly = gy - lh;
  s.add(rect(x - wt * 0.42, ly, wt * 0.84, lh, glass), rect(x - 1.5, ly, 3, lh, dark));
  s.add(
    path(
      `M${f(x - wt * 0.62)},${f(ly + 1)}Q${f(x)},${f(ly - hgt * 0.11)} ${f(x + wt * 0.62)},${f(ly + 1)}Z`,
      p.tint(mix(red, INK, 0.2)),
    ),
    rect(x - 1.5, ly - hgt * 0.09, 3, hgt * 0.05, dark),
  );
  if (beam) {
    const cy = ly + lh / 2;
    const g = s.radial(
      [
        [0, LAMP, 0.8],
        [0.2, LAMP, 0.3],
        [1, LAMP, 0],
      ],
      x,
      cy,
      hgt * 0.5,
    );
    s.add(circle(x, cy, hgt * 0.5, g));
    const len = 1100;
    const gl = s.linear(
      [
        [0, LAMP, 0.55],
        [1, LAMP, 0],
      ],
      x,
      cy,
      x - len,
      cy,
    );
    const gr = s.linear(
      [
        [0, LAMP, 0.35],
        [1, LAMP, 0],
      ],
      x,
      cy,
      x + len,
      cy,
    );
    s.add(
      path(
        polygon([
          [x, cy - 4],
          [x - len, cy - 110],
          [x - len, cy + 60],
          [x, cy + 4],
        ]),
        gl,
      ),
      path(
        polygon([
          [x, cy - 4],
          [x + len, cy - 60],
          [x + len, cy + 40],
          [x, cy + 4],
        ]),
        gr,
      ),
    );
  }
}

export const drawLighthouse: Painter = (s, p, r) => {
  const hz = r.range(0.48, 0.58) * H;
  const beam = p.tod === 'dusk' || p.tod === 'night';
  const spit = r.chance(0.35);
  const sun = placeSun(p, r, hz, spit ? 0.15 : 0.55, 0.88);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  if (r.chance(0.6)) {
    distantLand(s, p, r, hz, {
      amp: r.range(40, 90),
      peaks: 2,
      wMin: 0.05,
      wMax: 0.12,
      cMin: 0.6,
      cMax: 1.1,
    });
  }
  drawWater(s, p, r, hz, { sun, shimmer: 36 });
  const rock = p.tint(mix(p.near, '#5b5560', 0.45));
  const grass = p.layer(0.72);
  if (spit) {
    // A long low spit to a lighthouse on a rock, like Tokarevsky lighthouse.
    const endX = r.range(0.5, 0.66) * W;
    const y0 = hz + r.range(60, 110);
    const y1 = hz + r.range(25, 45);
    const spitLine: Pt[] = [];
    for (let i = 0; i <= 12; i++) {
      const u = i / 12;
      spitLine.push([-40 + (endX + 40) * u, y0 + (y1 - y0) * u + Math.sin(u * 9) * 3]);
    }
    const under = spitLine.map(([x, y], i): Pt => [x, y + 30 * (1 - i / 12) + 8]).reverse();
    s.add(stroke(smooth(spitLine), p.foam, 30, 0.18));
    s.add(path(`${smooth(spitLine)}${smooth(under, false)}Z`, rock));
    s.add(stroke(smooth(under), p.foam, 3, 0.8));
    s.add(
      path(
        `M${f(endX - 70)},${f(y1 + 6)}Q${f(endX - 50)},${f(y1 - 34)} ${f(endX)},${f(y1 - 36)}Q${f(endX + 50)},${f(y1 - 30)} ${f(endX + 70)},${f(y1 + 8)}Z`,
        rock,
      ),
    );
    rocksInWater(s, r, endX + 110, y1 + 14, 50, 14, rock, p.foam);
    lighthouse(s, p, r, endX, y1 - 30, r.range(170, 230), beam);
    // Foreground: a pebble beach corner.
    const bx = r.range(0.25, 0.45) * W;
    s.add(
      path(
        `M-40,${f(H - 140)}Q${f(bx * 0.5)},${f(H - 170)} ${f(bx)},${f(H + 20)}L-40,${H + 20}Z`,
        p.tint(mix(SAND, p.far, 0.35)),
      ),
    );
    s.add(stroke(`M-40,${f(H - 140)}Q${f(bx * 0.5)},${f(H - 170)} ${f(bx)},${f(H + 20)}`, p.foam, 5, 0.8));
    rocksInWater(s, r, bx * 0.55, H - 60, 60, 40, rock, p.foam);
  } else {
    const tipX = r.range(0.5, 0.64) * W;
    const surface = drawCape(s, r, {
      tipX,
      yStart: hz - r.range(80, 190),
      yTip: hz + r.range(20, 60),
      cliff: r.range(80, 130),
      slope: r.range(60, 200),
      rock,
      grass,
      foam: p.foam,
    });
    rocksInWater(s, r, tipX + 130, hz + r.range(140, 220), 60, 26, rock, p.foam);
    const lx = tipX - r.range(90, 170);
    lighthouse(s, p, r, lx, surface(lx) + 10, r.range(250, 340), beam);
    let trees = '';
    for (let i = 0; i < 7; i++) {
      const x = r.range(-20, lx - 120);
      const h = r.range(50, 90);
      trees += spruce(x, surface(x) + 14, h, h * 0.42, 4);
    }
    s.add(path(trees, p.layer(0.85)));
  }
  const bx = r.range(0.66, 0.86) * W;
  const by = hz + r.range(0.15, 0.4) * (H - hz);
  sailboat(s, p, bx, by, 40 + 120 * ((by - hz) / (H - hz)), true);
  waveBand(s, r, H - r.range(30, 50), 8, 340, mix(p.water, p.waterDeep, 0.7), p.foam);
  birds(s, p, r, r.range(0.55, 0.85) * W, hz * r.range(0.3, 0.55), 90, r.int(3, 5), 16);
};
