import 'server-only';
import {
  W,
  H,
  INK,
  SEA,
  WHITE,
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
  spruceSnow,
} from '../canvas';
import { mix, type Palette } from '../palette';
import { placeSun, drawSky, type Painter } from '../scenery';

export const drawWaterfall: Painter = (s, p, r) => {
  const hz = r.range(0.3, 0.4) * H;
  const sun = p.tod === 'day' ? null : placeSun(p, r, hz + 40, 0.15, 0.35);
  drawSky(s, p, r, hz + 80, sun ?? placeSun(p, r, hz), 2);
  const ridge1 = makeRidge(r, { base: hz + 60, amp: r.range(100, 170), peaks: 3 });
  s.add(path(ridge1.d, p.layer(0.15)));
  const ridge2 = makeRidge(r, { base: hz + 150, amp: r.range(80, 140), peaks: 3 });
  s.add(path(ridge2.d, p.layer(0.32)));
  const cx = r.range(0.42, 0.58) * W;
  const ww = r.chance(0.35) ? r.range(180, 280) : r.range(70, 140);
  const lipY = hz + r.range(90, 150);
  const poolY = r.range(0.74, 0.8) * H;
  const rock = p.tint(mix(mix(p.near, '#6a6470', 0.5), p.far, 0.15));
  const rockLit = mix(rock, p.skyBottom, 0.25);
  const rockDark = mix(rock, INK, 0.35);
  // Dark wall behind the fall, then the pool.
  s.add(rect(cx - ww, lipY + 6, ww * 2, poolY - lipY, rockDark));
  s.add(
    rect(
      0,
      poolY - 12,
      W,
      H - poolY + 12,
      s.linear(
        [
          [0, mix(p.water, p.foam, 0.3)],
          [1, p.waterDeep],
        ],
        0,
        poolY,
        0,
        H,
      ),
    ),
  );
  const cliff = (side: -1 | 1) => {
    const edge = cx + (side * ww) / 2;
    const hTop = lipY - r.range(30, 140);
    const pts: Pt[] = [];
    const outer = side < 0 ? -60 : W + 60;
    for (let i = 0; i <= 8; i++) {
      const u = i / 8;
      pts.push([outer + (edge + side * 4 - outer) * u, hTop + (lipY - hTop) * u ** 3 + r.range(-10, 10) * (1 - u)]);
    }
    const inner: Pt[] = [
      [edge + side * 4, lipY],
      [edge + side * 10, lipY + (poolY - lipY) * 0.5],
      [edge + side * 30, poolY],
      [edge + side * r.range(180, 260), poolY + 40],
      [edge + side * r.range(420, 560), H + 30],
    ];
    s.add(path(`${smooth(pts)}${smooth(inner, false)}L${f(outer)},${H + 30}Z`, rock));
    // Lit rock slabs and cracks.
    let facets = '';
    let cracks = '';
    const width = Math.abs(outer - edge);
    for (let i = 0; i < 5; i++) {
      const x = edge + side * r.range(20, width * 0.85);
      const y = hTop + 40 + r.range(0, 60);
      const w = r.range(40, 110);
      const hgt = r.range(180, 420);
      facets += polygon([
        [x, y],
        [x + side * w * 0.6, y - r.range(0, 20)],
        [x + side * w, y + hgt * 0.3],
        [x + side * w * r.range(0.5, 0.9), y + hgt],
        [x + side * r.range(-20, 10), y + hgt * r.range(0.6, 0.9)],
      ]);
      const cx = x + side * r.range(0, w);
      cracks += `M${f(cx)},${f(y + 20)}l${f(r.range(-12, 12))},${f(hgt * 0.4)}l${f(r.range(-12, 12))},${f(hgt * 0.4)}`;
    }
    s.add(path(facets, side < 0 ? rockLit : mix(rock, INK, 0.15), op(0.3)), stroke(cracks, rockDark, 3, 0.35));
    // Grass and trees along the top.
    const cap = pts.map(([x, y]): Pt => [x, y + 26 + Math.abs(Math.sin(x * 0.03)) * 18]).reverse();
    s.add(path(`${smooth(pts)}${smooth(cap, false)}Z`, p.layer(0.6)));
    let trees = '';
    for (let i = 0; i < 22; i++) {
      const u = r.range(0, 0.9);
      const x = outer + (edge - outer) * u;
      const y = hTop + (lipY - hTop) * u ** 3;
      const th = r.range(70, 170) * (1 - u * 0.4);
      trees += spruce(x, y + th * 0.2 + 10, th, th * 0.42, 5);
    }
    s.add(path(trees, p.layer(0.82)));
  };
  cliff(-1);
  cliff(1);
  // The fall.
  const fall = polygon([
    [cx - ww / 2, lipY],
    [cx + ww / 2, lipY],
    [cx + ww * 0.6, poolY],
    [cx - ww * 0.6, poolY],
  ]);
  s.add(
    path(
      fall,
      s.linear(
        [
          [0, WHITE],
          [0.5, mix(p.foam, p.water, 0.15)],
          [1, mix(p.foam, p.water, 0.35)],
        ],
        0,
        lipY,
        0,
        poolY,
      ),
    ),
  );
  let streaks = '';
  let darkStreaks = '';
  for (let i = 0; i < 34; i++) {
    const u = r.range(-0.45, 0.45);
    const y0 = r.range(lipY, poolY - 40);
    const len = r.range(60, 260);
    const x0 = cx + u * ww;
    const d = `M${f(x0)},${f(y0)}L${f(x0 + u * ww * 0.2 * (len / (poolY - lipY)))},${f(Math.min(poolY, y0 + len))}`;
    if (r.chance(0.6)) streaks += d;
    else darkStreaks += d;
  }
  s.add(
    stroke(streaks, WHITE, Math.max(3, ww * 0.04), 0.8),
    stroke(darkStreaks, mix(p.water, p.foam, 0.35), Math.max(2, ww * 0.025), 0.6),
  );
  s.add(ellipse(cx, lipY + 4, ww * 0.52, 10, WHITE));
  // Ripples and mist.
  let ripples = '';
  for (let i = 1; i <= 4; i++)
    ripples += `M${f(cx - ww * 0.7 - i * 60)},${f(poolY + i * 26)}Q${f(cx)},${f(poolY + i * 26 + 22 + i * 6)} ${f(cx + ww * 0.7 + i * 60)},${f(poolY + i * 26)}`;
  s.add(stroke(ripples, p.foam, 3, 0.45));
  const mistR = ww * 1.6 + 60;
  s.add(
    `<g transform="translate(${f(cx)} ${f(poolY)}) scale(1 0.4)">${circle(
      0,
      0,
      mistR,
      s.radial(
        [
          [0, WHITE, 0.75],
          [0.45, WHITE, 0.35],
          [1, WHITE, 0],
        ],
        0,
        0,
        mistR,
      ),
    )}</g>`,
    circle(
      cx,
      poolY - 30,
      ww * 0.8,
      s.radial(
        [
          [0, WHITE, 0.5],
          [1, WHITE, 0],
        ],
        cx,
        poolY - 30,
        ww * 0.8,
      ),
    ),
  );
  // Foreground rocks and ferns.
  for (const side of [-1, 1]) {
    const x = side < 0 ? r.range(0, 0.2) * W : r.range(0.8, 1) * W;
    const sz = r.range(80, 140);
    s.add(
      path(
        `M${f(x - sz * 1.3)},${H + 10}Q${f(x - sz)},${f(H - sz * 1.1)} ${f(x)},${f(H - sz)}Q${f(x + sz)},${f(H - sz * 0.9)} ${f(x + sz * 1.3)},${H + 10}Z`,
        rockDark,
      ),
    );
    let fern = '';
    const fx = x + side * sz * 0.6;
    for (let k = 0; k < 7; k++) {
      const a = -Math.PI / 2 + (k - 3) * 0.3 + r.range(-0.08, 0.08);
      const len = r.range(130, 210);
      const wid = len * 0.16;
      const ex = fx + Math.cos(a) * len;
      const ey = H + 10 + Math.sin(a) * len;
      const nx = -Math.sin(a) * wid;
      const ny = Math.cos(a) * wid;
      const mx = fx + Math.cos(a) * len * 0.45;
      const my = H + 10 + Math.sin(a) * len * 0.45;
      fern += `M${f(fx)},${H + 10}Q${f(mx + nx)},${f(my + ny)} ${f(ex)},${f(ey)}Q${f(mx - nx)},${f(my - ny)} ${f(fx)},${H + 10}Z`;
    }
    s.add(path(fern, p.layer(0.7)));
  }
};

export const drawSnow: Painter = (s, p0, r) => {
  const p: Palette = {
    ...p0,
    skyTop: mix(p0.skyTop, '#dfe9f2', p0.tod === 'night' ? 0.2 : 0.5),
    skyBottom: mix(p0.skyBottom, '#f7fbff', p0.tod === 'night' ? 0.15 : 0.45),
  };
  const top = r.range(0.38, 0.48) * H;
  const sun = placeSun(p, r, top + 60);
  if (p.tod !== 'night') sun.r *= 0.85;
  drawSky(s, p, r, top + 120, sun, r.int(0, 2));
  const snowFar = mix(p.skyTop, '#b7c8da', 0.45);
  const snowNear = p.tod === 'night' ? mix('#c7d3e6', p.skyTop, 0.3) : p0.tint('#fbfdff');
  const shadow = p.tod === 'night' ? '#5b6a8c' : mix('#9fb3c8', p0.skyTop, 0.25);
  const pine = p0.tint(mix(p0.near, '#1f3b36', 0.5));
  const ice = r.chance(0.5);
  const n = ice ? 3 : 4;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const base = ice ? top + 90 + t * 120 : top + (H * 0.95 - top) * Math.pow(t, 0.9) + 70;
    const amp = r.range(100, 200) * (ice ? 0.9 - t * 0.3 : 1);
    const ridge = makeRidge(r, { base, amp, peaks: r.int(2, 3), wMin: 0.12, wMax: 0.28, rough: 0.05 });
    const c = mix(snowFar, snowNear, t);
    s.add(
      path(
        ridge.d,
        s.linear(
          [
            [0, mix(c, WHITE, 0.45)],
            [0.55, c],
            [1, mix(c, shadow, 0.45)],
          ],
          0,
          base - amp,
          0,
          base + 100,
        ),
      ),
    );
    const treeC = mix(p.skyBottom, pine, 0.35 + 0.6 * t);
    const size = ice ? 20 + 30 * t : 22 + 70 * t;
    let trees = '';
    let caps = '';
    for (let x = r.range(-20, 20); x < W + 20; x += size * r.range(0.5, 1.6)) {
      if (r.chance(0.55)) continue;
      const h = size * r.range(0.9, 1.5);
      const y = ridge.y(x) + h * r.range(0.05, 0.5);
      trees += spruce(x, y, h, h * 0.42, 4);
      caps += spruceSnow(x, y, h, h * 0.42, 4);
    }
    s.add(path(trees, treeC), path(caps, mix(c, WHITE, 0.6)));
  }
  if (ice) {
    const iy = top + 230;
    s.add(
      rect(
        0,
        iy,
        W,
        H - iy,
        s.linear(
          [
            [0, mix(p.skyBottom, '#dfeaf3', 0.5)],
            [1, mix('#cfdeea', p0.skyTop, 0.2)],
          ],
          0,
          iy,
          0,
          H,
        ),
      ),
    );
    s.add(rect(0, iy, W, 5, shadow, op(0.25)));
    let cracks = '';
    for (let i = 0; i < 9; i++) {
      const y = iy + (H - iy) * r.range(0.05, 1);
      const x = r.range(-100, W);
      const len = r.range(150, 500);
      cracks += `M${f(x)},${f(y)}l${f(len * 0.4)},${f(r.range(-10, 10))}l${f(len * 0.6)},${f(r.range(-14, 14))}`;
    }
    s.add(stroke(cracks, shadow, 2, 0.4));
    // Ice fishers.
    const colors = [p0.coral, SEA, INK, p0.accent, '#6b4e8a'];
    for (let i = 0; i < r.int(4, 8); i++) {
      const d = r.range(0.08, 0.8);
      const y = iy + (H - iy) * d;
      const x = r.range(0.08, 0.92) * W;
      const sz = 12 + 46 * d;
      s.add(
        ellipse(x + sz * 0.3, y + 2, sz * 0.7, sz * 0.12, shadow, op(0.5)),
        rect(x - sz * 0.32, y - sz * 1.05, sz * 0.64, sz * 0.9, r.pick(colors), ` rx="${f(sz * 0.22)}"`),
        circle(x, y - sz * 1.2, sz * 0.24, INK),
        ellipse(x + sz * 0.7, y - 1, sz * 0.16, sz * 0.06, '#3a5a78', op(0.8)),
      );
    }
    if (r.chance(0.7)) {
      const x = r.range(0.1, 0.9) * W;
      const y = iy + (H - iy) * r.range(0.2, 0.5);
      const sz = 60 + 60 * ((y - iy) / (H - iy));
      s.add(
        path(
          polygon([
            [x - sz, y],
            [x, y - sz * 1.05],
            [x + sz, y],
          ]),
          p0.coral,
        ),
        path(
          polygon([
            [x, y],
            [x, y - sz * 1.05],
            [x + sz, y],
          ]),
          INK,
          op(0.15),
        ),
      );
    }
  } else {
    const fg = makeRidge(r, { base: H + 40, amp: 180, peaks: 2, wMin: 0.2, wMax: 0.4, rough: 0.02 });
    s.add(
      path(
        fg.d,
        s.linear(
          [
            [0, WHITE],
            [1, mix(WHITE, shadow, 0.35)],
          ],
          0,
          H - 180,
          0,
          H,
        ),
      ),
    );
    let trees = '';
    let caps = '';
    for (const x of [r.range(-40, 120), r.range(W - 140, W + 40)]) {
      const h = r.range(280, 420);
      const y = fg.y(x) + 20;
      trees += spruce(x, y, h, h * 0.44, 6);
      caps += spruceSnow(x, y, h, h * 0.44, 6);
    }
    s.add(path(trees, pine), path(caps, WHITE));
  }
  let flakes = '';
  let big = '';
  for (let i = 0; i < 110; i++) {
    const x = r.range(0, W);
    const y = r.range(0, H);
    if (r.chance(0.2)) big += dot(x, y, r.range(4, 6.5));
    else flakes += dot(x, y, r.range(1.5, 3.5));
  }
  s.add(path(flakes, WHITE, op(0.75)), path(big, WHITE, op(0.55)));
};
