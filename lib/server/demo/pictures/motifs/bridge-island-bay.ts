import 'server-only';
import {
  W,
  H,
  INK,
  CORAL,
  SAND,
  WHITE,
  LAMP,
  type Pt,
  f,
  path,
  stroke,
  circle,
  ellipse,
  rect,
  op,
  dot,
  smooth,
  polygon,
  makeRidge,
  spruce,
  roundTree,
} from '../canvas';
import { mix } from '../palette';
import { placeSun, drawSky, drawWater, waveBand, birds, distantLand, drawCape, type Painter } from '../scenery';
import { sailboat, motorboat } from '../boats';

export const drawBridge: Painter = (s, p, r) => {
  const hz = r.range(0.56, 0.64) * H;
  const lit = p.tod === 'night' || p.tod === 'dusk';
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  distantLand(s, p, r, hz, { amp: r.range(60, 150), peaks: 3, wMin: 0.1, wMax: 0.22 });
  const shoulderL = makeRidge(r, {
    base: hz + 2,
    amp: r.range(180, 260),
    peaks: 2,
    wMin: 0.08,
    wMax: 0.16,
    cMin: -0.15,
    cMax: 0.05,
  });
  const shoulderR = makeRidge(r, {
    base: hz + 2,
    amp: r.range(180, 260),
    peaks: 2,
    wMin: 0.08,
    wMax: 0.16,
    cMin: 0.95,
    cMax: 1.15,
  });
  s.add(path(shoulderL.d, p.layer(0.35)), path(shoulderR.d, p.layer(0.35)));

  const k = r.range(1.15, 1.65);
  const cx = W / 2;
  const deck0 = hz - r.range(50, 110);
  const span = W * r.range(0.5, 0.6);
  const sag = r.range(18, 40);
  const deckY = (x: number) => deck0 - sag * Math.max(0, 1 - ((x - cx) / (W * 0.9)) ** 2);
  const foot = hz + r.range(50, 80);
  const pylonH = Math.min(r.range(340, 420), (deck0 - 30) / k);
  const pylons = [cx - span / 2, cx + span / 2];
  const focus = r.pick([pylons[0] as number, cx, pylons[1] as number]);
  const tx = W * r.range(0.38, 0.62) - k * focus;
  const ty = deck0 - k * deck0;
  const concrete = p.tint(mix(WHITE, p.far, 0.22));
  const concreteShade = mix(concrete, INK, 0.22);
  const cable = mix(p.foam, p.skyBottom, 0.3);
  const deckColor = p.tint(mix(INK, p.near, 0.35));
  let g = '';
  // Approach piers.
  for (let x = -W * 0.6; x < W * 1.6; x += 140) {
    if (x > (pylons[0] as number) - span * 0.25 && x < (pylons[1] as number) + span * 0.25) continue;
    g += rect(x - 7, deckY(x), 14, foot - deckY(x) + 10, concreteShade);
  }
  // Cables in fans from the pylon heads.
  let cables = '';
  const n = 13;
  for (const px of pylons) {
    const top = deck0 - pylonH;
    const apex = top + pylonH * 0.3;
    for (let i = 1; i <= n; i++) {
      const ay = top + 14 + ((apex - top - 14) * (n - i)) / n;
      const reach = 40 + ((span / 2 - 50) * i) / n;
      cables += `M${f(px)},${f(ay)}L${f(px + reach)},${f(deckY(px + reach))}M${f(px)},${f(ay)}L${f(px - reach)},${f(deckY(px - reach))}`;
    }
  }
  g += stroke(cables, cable, 1.5, 0.9);
  // Deck.
  const topEdge: Pt[] = [];
  for (let x = -W * 0.7; x <= W * 1.7; x += 50) topEdge.push([x, deckY(x)]);
  const under = topEdge.map(([x, y]): Pt => [x, y + 22]).reverse();
  g += path(`${smooth(topEdge)}${smooth(under, false)}Z`, deckColor);
  g += stroke(smooth(topEdge.map(([x, y]): Pt => [x, y + 7])), mix(deckColor, WHITE, 0.25), 4, 0.9);
  g += stroke(smooth(topEdge.map(([x, y]): Pt => [x, y - 3])), concrete, 2.5, 0.9);
  // A-shaped pylons.
  for (const px of pylons) {
    const top = deck0 - pylonH;
    const apex = top + pylonH * 0.3;
    const spread = r.range(46, 62);
    g += path(
      polygon([
        [px - spread - 11, foot],
        [px - spread + 11, foot],
        [px + 3, apex],
        [px - 10, apex],
      ]),
      concrete,
    );
    g += path(
      polygon([
        [px + spread - 11, foot],
        [px + spread + 11, foot],
        [px + 10, apex],
        [px - 3, apex],
      ]),
      concreteShade,
    );
    g += path(
      polygon([
        [px - 10, apex + 2],
        [px - 7, top],
        [px + 7, top],
        [px + 10, apex + 2],
      ]),
      concrete,
    );
    g += path(
      polygon([
        [px, apex + 2],
        [px, top],
        [px + 7, top],
        [px + 10, apex + 2],
      ]),
      INK,
      op(0.08),
    );
    const beamY = deckY(px) + 30;
    const u = (foot - beamY) / (foot - apex);
    const half = spread * (1 - u) + 10;
    g += rect(px - half, beamY, 2 * half, 12, concreteShade);
    g += rect(px - spread - 18, foot - 6, 2 * spread + 36, 16, concreteShade);
    if (lit) g += circle(px, top - 4, 5, CORAL);
  }
  if (lit) {
    let lights = '';
    for (let x = -W * 0.6; x < W * 1.6; x += 38) lights += dot(x, deckY(x) - 5, 2.6);
    g += path(lights, LAMP);
  }
  const transform = `translate(${f(tx)} ${f(ty)}) scale(${Math.round(k * 1000) / 1000})`;
  const footY = ty + k * foot;
  drawWater(s, p, r, hz, {
    sun,
    shimmer: 36,
    reflection: `<g transform="translate(0 ${f(2 * footY)}) scale(1 -1)" opacity="0.16"><g transform="${transform}">${g}</g></g>`,
  });
  s.add(`<g transform="${transform}">${g}</g>`);
  if (r.chance(0.6)) motorboat(s, p, r.range(0.15, 0.85) * W, H - r.range(70, 130), r.range(80, 120));
  waveBand(s, r, H - r.range(20, 40), 6, 380, mix(p.water, p.waterDeep, 0.75), p.foam);
  if (!lit) birds(s, p, r, r.range(0.2, 0.8) * W, hz * r.range(0.2, 0.35), 90, r.int(2, 4), 14);
};

export const drawIsland: Painter = (s, p, r) => {
  const hz = r.range(0.5, 0.6) * H;
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(2, 3));
  const islandShape = (cx: number, w: number, h: number, wl: number) => {
    const ph = r.range(0, 6);
    const pts: Pt[] = [];
    const cliffPts: Pt[] = [];
    const steps = 28;
    for (let i = 0; i <= steps; i++) {
      const u = i / steps;
      const x = cx - w / 2 + w * u;
      const env = Math.pow(Math.sin(Math.PI * u), 0.45);
      const bumps = 0.75 + 0.18 * Math.sin(u * 7 + ph) + 0.1 * Math.sin(u * 17 + ph * 2);
      const y = wl - h * env * bumps;
      pts.push([x, y]);
      cliffPts.push([x, Math.max(y, wl - h * 0.38 * env * (0.8 + 0.3 * Math.sin(u * 11 + ph)))]);
    }
    return { pts, cliffPts };
  };
  // Distant island.
  const fx = r.range(0.15, 0.85) * W;
  const distant = islandShape(fx, r.range(220, 380), r.range(40, 70), hz + 4);
  s.add(path(`${smooth(distant.pts)}Z`, p.layer(0.15)));
  // Main island.
  const cx = r.range(0.26, 0.74) * W;
  const w = r.range(0.3, 0.56) * W;
  const h = r.range(140, 230);
  const wl = hz + r.range(50, 110);
  const main = islandShape(cx, w, h, wl);
  const green = p.layer(0.62);
  const rock = p.tint(mix(p.near, '#5b5560', 0.4));
  const island = s.capture(() => {
    s.add(path(`${smooth(main.pts)}Z`, green));
    s.add(path(`${smooth(main.cliffPts)}Z`, rock));
    let trees = '';
    for (let i = 2; i < main.pts.length - 2; i++) {
      const [x, y] = main.pts[i] as Pt;
      if (r.chance(0.35)) continue;
      const th = r.range(24, 44);
      trees += spruce(x + r.range(-10, 10), y + 8, th, th * 0.45, 3);
    }
    s.add(path(trees, green));
    // Sea stack (kekur).
    const kx = cx + (r.chance(0.5) ? 1 : -1) * (w / 2 + r.range(40, 90));
    const kw = r.range(26, 44);
    const kh = r.range(90, 150);
    s.add(
      path(
        `M${f(kx - kw)},${f(wl)}L${f(kx - kw * 0.7)},${f(wl - kh * 0.7)}Q${f(kx - kw * 0.6)},${f(wl - kh)} ${f(kx)},${f(wl - kh)}Q${f(kx + kw * 0.6)},${f(wl - kh * 0.95)} ${f(kx + kw * 0.6)},${f(wl - kh * 0.65)}L${f(kx + kw * 0.9)},${f(wl)}Z`,
        rock,
      ),
    );
    s.add(path(spruce(kx - kw * 0.1, wl - kh + 6, 30, 14, 3), green));
  });
  const flipped = `<g transform="translate(0 ${f(2 * wl)}) scale(1 -1)" opacity="0.28">${island}</g>`;
  drawWater(s, p, r, hz, { sun, shimmer: 40 });
  s.add(flipped, island, stroke(`M${f(cx - w / 2 - 10)},${f(wl)}h${f(w + 20)}`, p.foam, 4, 0.7));
  const by = wl + r.range(60, 180);
  if (r.chance(0.6))
    sailboat(
      s,
      p,
      r.chance(0.5) ? r.range(0.08, 0.22) * W : r.range(0.78, 0.92) * W,
      by,
      50 + 0.1 * (by - hz),
      r.chance(0.5),
    );
  waveBand(s, r, H - r.range(30, 60), 9, 320, mix(p.water, p.waterDeep, 0.6), p.foam);
  birds(s, p, r, cx + r.range(-200, 200), hz * r.range(0.25, 0.5), 110, r.int(3, 6), 15);
};

export const drawBay: Painter = (s, p, r) => {
  const hz = r.range(0.34, 0.42) * H;
  const sun = placeSun(p, r, hz, 0.3, 0.8);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  distantLand(s, p, r, hz, {
    amp: r.range(30, 80),
    peaks: 2,
    wMin: 0.06,
    wMax: 0.12,
    cMin: 0.35,
    cMax: 0.75,
  });
  drawWater(s, p, r, hz, { sun, shimmer: 34 });
  const rock = p.tint(mix(p.near, '#6b6068', 0.4));
  // Headland on the right.
  const head = s.capture(() => {
    drawCape(s, r, {
      tipX: r.range(0.22, 0.36) * W,
      yStart: hz - r.range(40, 120),
      yTip: hz + r.range(30, 60),
      cliff: r.range(40, 70),
      slope: r.range(20, 60),
      rock,
      grass: p.layer(0.5),
      foam: p.foam,
    });
  });
  s.add(`<g transform="matrix(-1 0 0 1 ${W} 0)">${head}</g>`);
  // Shoreline: a cubic from the left edge sweeping down to the bottom.
  const P: Pt[] = [
    [-40, hz + r.range(80, 130)],
    [W * r.range(0.3, 0.45), hz + r.range(90, 150)],
    [W * r.range(0.75, 0.95), H * r.range(0.55, 0.7)],
    [W * r.range(0.55, 0.75), H + 40],
  ];
  const bez = (t: number): Pt => {
    const a = (1 - t) ** 3;
    const b = 3 * (1 - t) ** 2 * t;
    const c = 3 * (1 - t) * t * t;
    const d = t ** 3;
    return [
      a * P[0][0] + b * P[1][0] + c * P[2][0] + d * P[3][0],
      a * P[0][1] + b * P[1][1] + c * P[2][1] + d * P[3][1],
    ];
  };
  const N = 40;
  const shore: Pt[] = [];
  const normals: Pt[] = [];
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const a = bez(Math.max(0, t - 0.01));
    const b = bez(Math.min(1, t + 0.01));
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    shore.push(bez(t));
    normals.push([-dy / len, dx / len]);
  }
  const at = (i: number, dist: number): Pt => [shore[i][0] + normals[i][0] * dist, shore[i][1] + normals[i][1] * dist];
  const shoreD = smooth(shore);
  s.add(stroke(shoreD, mix(p.water, p.foam, 0.45), 140, 0.2), stroke(shoreD, mix(p.water, p.foam, 0.6), 60, 0.3));
  const outer = smooth(shore.map((_, i) => at(i, -(16 + 60 * (i / N) ** 1.3))));
  s.add(stroke(outer, p.foam, 3, 0.45));
  const sand = p.tint(mix(SAND, '#e9cf9f', 0.55));
  s.add(path(`${shoreD}L-60,${H + 60}Z`, sand));
  s.add(stroke(shoreD, p.foam, 7, 0.9));
  // Green land behind the beach.
  const bw = (i: number) => 30 + 220 * (i / N) ** 1.4;
  const inland = shore.map((_, i) => at(i, bw(i)));
  const mid = shore[Math.round(N * 0.45)] as Pt;
  s.add(
    path(
      `${smooth(inland)}L-60,${H + 60}L-60,${f(inland[0][1])}Z`,
      s.linear(
        [
          [0, p.layer(0.45)],
          [0.6, p.layer(0.62)],
          [1, p.layer(0.75)],
        ],
        mid[0],
        mid[1],
        -60,
        H + 60,
      ),
    ),
  );
  // A wooded edge behind the beach.
  let wood = '';
  for (let i = 0; i <= N; i++) {
    if (r.chance(0.3)) continue;
    const sz = 14 + 70 * (i / N);
    const [x, y] = at(i, bw(i) + sz * r.range(0.8, 1.6));
    wood += roundTree(x, y, sz * r.range(0.8, 1.2));
  }
  s.add(path(wood, p.layer(0.7)));
  let trees = '';
  for (let i = 0; i <= N; i += 2) {
    if (r.chance(0.3)) continue;
    const [x, y] = at(i, bw(i) + r.range(10, 60));
    const sz = 20 + 70 * (i / N);
    trees += roundTree(x, y + sz * 0.2, sz * r.range(0.8, 1.2));
  }
  s.add(path(trees, p.layer(0.78)));
  // Umbrellas on the beach.
  for (let i = 0; i < r.int(2, 4); i++) {
    const idx = Math.round(r.range(0.3, 0.8) * N);
    const [x, y] = at(idx, bw(idx) * r.range(0.35, 0.6));
    const sz = 16 + 60 * (idx / N);
    const colors = [p.coral, p.tint(WHITE), p.accent];
    s.add(
      rect(x - 1.5, y - sz * 0.9, 3, sz, p.tint(INK)),
      path(
        `M${f(x - sz * 0.7)},${f(y - sz * 0.8)}Q${f(x)},${f(y - sz * 1.55)} ${f(x + sz * 0.7)},${f(y - sz * 0.8)}Z`,
        r.pick(colors),
      ),
      ellipse(x + sz * 0.25, y + 2, sz * 0.6, sz * 0.12, INK, op(0.12)),
    );
  }
  const bi = Math.round(r.range(0.25, 0.55) * N);
  const [bx, by] = at(bi, -r.range(120, 260));
  if (by > hz + 40 && bx < W - 60) motorboat(s, p, bx, by, 40 + 70 * ((by - hz) / (H - hz)));
  birds(s, p, r, r.range(0.3, 0.7) * W, hz * r.range(0.3, 0.6), 100, r.int(2, 5), 14);
};
