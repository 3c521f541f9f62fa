import 'server-only';
import {
  W,
  H,
  INK,
  SEA,
  FOAM,
  CORAL,
  SAND,
  WHITE,
  LAMP,
  f,
  path,
  stroke,
  circle,
  rect,
  op,
  polygon,
  polygonAt,
  makeRidge,
} from '../canvas';
import { mix } from '../palette';
import { placeSun, drawSky, drawWater, birds, type Painter } from '../scenery';

export const drawCity: Painter = (s, p, r) => {
  const wl = r.range(0.72, 0.8) * H;
  const lit = p.tod === 'night' || p.tod === 'dusk';
  const sun = placeSun(p, r, wl - 260);
  drawSky(s, p, r, wl - 120, sun, r.int(1, 3));
  const far = makeRidge(r, { base: wl - 150, amp: r.range(150, 240), peaks: 3, wMin: 0.12, wMax: 0.25 });
  s.add(path(far.d, p.layer(0.12)));
  // TV tower on the highest point of the far hills.
  let tx = 200;
  for (let x = 150; x < W - 150; x += 25) if (far.y(x) < far.y(tx)) tx = x;
  const ty = far.y(tx) + 6;
  const towerColor = p.layer(0.3);
  s.add(
    path(
      polygon([
        [tx - 9, ty],
        [tx + 9, ty],
        [tx + 2.5, ty - 190],
        [tx - 2.5, ty - 190],
      ]),
      towerColor,
    ),
    rect(tx - 11, ty - 150, 22, 12, towerColor, ' rx="3"'),
    rect(tx - 1, ty - 250, 2, 64, towerColor),
  );
  if (lit) s.add(circle(tx, ty - 252, 4, CORAL));
  const hill = makeRidge(r, { base: wl - 20, amp: r.range(110, 190), peaks: 3, wMin: 0.1, wMax: 0.22, rough: 0.03 });
  const backColor = p.layer(0.42);
  s.add(path(hill.d, backColor));

  const windowsLit: string[] = [];
  const row = (
    ground: (x: number) => number,
    o: {
      hMin: number;
      hMax: number;
      wMin: number;
      wMax: number;
      tower: number;
      facade: () => string;
      win: (c: string) => string;
      litP: number;
      density: number;
    },
  ) => {
    const fills = new Map<string, string>();
    const add = (c: string, d: string) => fills.set(c, (fills.get(c) ?? '') + d);
    let winLit = '';
    for (let x = -30; x < W + 30;) {
      const w = r.range(o.wMin, o.wMax);
      if (r.chance(1 - o.density)) {
        x += w * 0.6;
        continue;
      }
      const tall = r.chance(o.tower);
      const h = tall ? r.range(o.hMax, o.hMax * 2) : r.range(o.hMin, o.hMax);
      const g0 = ground(x);
      const g1 = ground(x + w);
      const base = Math.max(g0, g1) + 16;
      const top = Math.min(g0, g1) - h;
      const facade = o.facade();
      add(facade, `M${f(x)},${f(base)}V${f(top)}h${f(w)}V${f(base)}Z`);
      const roofColor = p.tint(mix(p.accent, INK, 0.35));
      if (!tall && w < 60 && r.chance(0.55))
        add(
          roofColor,
          polygon([
            [x - 3, top],
            [x + w / 2, top - w * 0.38],
            [x + w + 3, top],
          ]),
        );
      else if (tall) add(facade, `M${f(x + w / 2 - 1)},${f(top)}v-22h2v22Z`);
      const winColor = o.win(facade);
      const cols = Math.floor((w - 6) / 11);
      const rows = Math.floor((h - 8) / 15);
      const ox = x + (w - cols * 11 + 5) / 2;
      let wins = '';
      for (let cy = 0; cy < rows; cy++) {
        for (let cx = 0; cx < cols; cx++) {
          const wx = ox + cx * 11;
          const wy = top + 9 + cy * 15;
          const cell = `M${f(wx)},${f(wy)}h6v8h-6Z`;
          if (lit && r.chance(o.litP)) winLit += cell;
          else wins += cell;
        }
      }
      add(winColor, wins);
      x += w + r.range(-6, 4);
    }
    let out = '';
    for (const [c, d] of fills) out += path(d, c);
    windowsLit.push(winLit);
    return out + (winLit ? path(winLit, LAMP) : '');
  };
  const silhouette = p.layer(0.5);
  s.add(
    row(hill.y, {
      hMin: 22,
      hMax: 70,
      wMin: 22,
      wMax: 48,
      tower: 0.1,
      density: 0.75,
      facade: () => mix(silhouette, p.skyBottom, r.range(0, 0.18)),
      win: (c) => mix(c, INK, 0.18),
      litP: 0.35,
    }),
  );
  // The city climbs the slope in steps.
  const slopeTone = p.layer(0.46);
  s.add(
    row((x) => hill.y(x) + (wl - hill.y(x)) * 0.45, {
      hMin: 26,
      hMax: 80,
      wMin: 26,
      wMax: 56,
      tower: 0.08,
      density: 0.7,
      facade: () => mix(mix(slopeTone, SAND, 0.35), p.skyBottom, r.range(0, 0.15)),
      win: (c) => mix(c, INK, 0.22),
      litP: 0.4,
    }),
  );
  const facades = [
    SAND,
    mix(SAND, p.accent, 0.3),
    mix(FOAM, p.far, 0.35),
    mix(SAND, p.far, 0.55),
    mix(WHITE, p.skyTop, 0.35),
    mix(SAND, CORAL, 0.18),
  ].map(p.tint);
  const front = s.capture(() =>
    s.add(
      row(() => wl - 8, {
        hMin: 40,
        hMax: 140,
        wMin: 40,
        wMax: 80,
        tower: 0.14,
        density: 0.9,
        facade: () => r.pick(facades),
        win: (c) => mix(c, p.tod === 'day' ? SEA : INK, 0.35),
        litP: 0.5,
      }),
    ),
  );
  s.add(front);
  s.add(rect(0, wl - 10, W, 14, p.tint(mix(INK, p.near, 0.3))));
  drawWater(s, p, r, wl + 4, {
    sun,
    shimmer: 30,
    reflection: `<g transform="translate(0 ${f(2 * (wl + 4))}) scale(1 -1)" opacity="${lit ? 0.3 : 0.2}">${front}</g>`,
  });
  // A cargo ship in the bay.
  const sx = r.range(0.15, 0.75) * W;
  const sy = wl + r.range(0.3, 0.6) * (H - wl);
  const sz = r.range(180, 260);
  const hullC = p.tint(mix(INK, SEA, 0.3));
  let boxes = '';
  for (let i = 0; i < 5; i++)
    boxes += rect(
      sx - sz * 0.3 + i * sz * 0.11,
      sy - sz * 0.12,
      sz * 0.1,
      sz * 0.08,
      p.tint(r.pick([CORAL, SEA, SAND, p.accent, '#e8b04b'])),
    );
  s.add(
    path(
      polygonAt(sx, sy, sz, [
        [-0.5, -0.04],
        [0.55, -0.04],
        [0.45, 0.08],
        [-0.46, 0.08],
      ]),
      hullC,
    ),
    rect(sx - sz * 0.5, sy + sz * 0.02, sz * 0.98, sz * 0.02, CORAL),
    boxes,
    rect(sx + sz * 0.3, sy - sz * 0.2, sz * 0.14, sz * 0.16, p.tint(WHITE)),
    rect(sx + sz * 0.31, sy - sz * 0.17, sz * 0.12, sz * 0.025, lit ? LAMP : INK, op(0.7)),
    stroke(`M${f(sx - sz * 0.6)},${f(sy + sz * 0.1)}h${f(sz * 1.2)}`, p.foam, 3, 0.5),
  );
  if (!lit) birds(s, p, r, r.range(0.2, 0.8) * W, wl * r.range(0.25, 0.4), 80, r.int(2, 4), 14);
};
