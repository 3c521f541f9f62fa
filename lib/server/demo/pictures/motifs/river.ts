import 'server-only';
import { W, H, SAND, type Pt, f, path, stroke, rect, dot, smooth, makeRidge, spruce, roundTree } from '../canvas';
import { mix } from '../palette';
import { placeSun, drawSky, birds, type Painter } from '../scenery';

export const drawRiver: Painter = (s, p, r) => {
  const hz = r.range(0.4, 0.5) * H;
  const sun = placeSun(p, r, hz);
  drawSky(s, p, r, hz, sun, r.int(1, 3));
  const vx = r.range(0.35, 0.65) * W;
  const far = makeRidge(r, { base: hz + 20, amp: r.range(120, 200), peaks: 4, wMin: 0.08, wMax: 0.2 });
  s.add(path(far.d, p.layer(0.1)));
  // Valley floor.
  const floorTop = hz + 40;
  const meadow = p.tint(mix('#8fb86a', p.far, 0.55));
  s.add(
    rect(
      0,
      floorTop,
      W,
      H - floorTop,
      s.linear(
        [
          [0, mix(p.layer(0.3), meadow, 0.3)],
          [1, mix(p.layer(0.65), meadow, 0.3)],
        ],
        0,
        floorTop,
        0,
        H,
      ),
    ),
  );
  // Field stripes.
  let fields = '';
  for (let i = 0; i < 6; i++) {
    const y = floorTop + (H - floorTop) * ((i + 0.5) / 6) ** 1.6;
    fields += `M-20,${f(y)}Q${f(W / 2)},${f(y + r.range(-20, 20))} ${W + 20},${f(y + r.range(-30, 30))}`;
  }
  s.add(stroke(fields, mix(p.layer(0.2), meadow, 0.4), 14, 0.4));
  let groves = '';
  for (let i = 0; i < 10; i++) {
    const t = r.range(0.1, 0.9);
    const y = floorTop + (H - floorTop) * t * t;
    const sz = 10 + 70 * t * t;
    const x = r.range(0, W);
    for (let k = 0; k < 3; k++) groves += dot(x + k * sz * 0.8, y - sz * 0.4 + r.range(-4, 4), sz * r.range(0.45, 0.6));
  }
  s.add(path(groves, mix(p.layer(0.7), meadow, 0.2)));
  // River.
  const meander = r.range(0.18, 0.32) * W;
  const ph = r.range(0, Math.PI * 2);
  const freq = r.range(1.1, 1.6);
  const yOf = (t: number) => floorTop - 2 + (H + 20 - floorTop + 2) * t ** 1.7;
  const xOf = (t: number) =>
    vx + meander * Math.sin(Math.PI * 2 * freq * t + ph) * t ** 0.9 - meander * Math.sin(ph) * 0;
  const wOf = (t: number) => 4 + 560 * t ** 2.1;
  const left: Pt[] = [];
  const right: Pt[] = [];
  const bankL: Pt[] = [];
  const bankR: Pt[] = [];
  const center: Pt[] = [];
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    const x = xOf(t);
    const y = yOf(t);
    const w = wOf(t);
    left.push([x - w / 2, y]);
    right.push([x + w / 2, y]);
    bankL.push([x - w / 2 - 3 - w * 0.035, y]);
    bankR.push([x + w / 2 + 3 + w * 0.035, y]);
    center.push([x, y]);
  }
  const river = `${smooth(left)}${smooth([...right].reverse(), false)}Z`;
  s.add(path(`${smooth(bankL)}${smooth([...bankR].reverse(), false)}Z`, p.tint(mix(SAND, p.far, 0.4))));
  s.add(
    path(
      river,
      s.linear(
        [
          [0, mix(p.skyBottom, p.water, 0.3)],
          [0.5, p.water],
          [1, p.waterDeep],
        ],
        0,
        floorTop,
        0,
        H,
      ),
    ),
  );
  let glints = '';
  for (let i = 8; i < 40; i += 2) {
    const [x, y] = center[i] as Pt;
    const w = wOf(i / 40);
    glints += `M${f(x - w * r.range(0.05, 0.3))},${f(y)}h${f(w * r.range(0.1, 0.35))}`;
  }
  s.add(stroke(glints, p.foam, 3, 0.5));
  // Valley sides: hills falling from the picture edges to the valley floor.
  for (const side of [-1, 1] as const) {
    for (let layer = 0; layer < 2; layer++) {
      const edge = side < 0 ? -60 : W + 60;
      // Where the slope meets the valley floor, and where its foot leaves the picture.
      const meetX = side < 0 ? vx - r.range(90, 200) - layer * 140 : vx + r.range(90, 200) + layer * 140;
      const meetY = floorTop + 10 + layer * 70;
      const amp = r.range(300, 420) + layer * 140;
      const ph = r.range(0, 6);
      const hAt = (x: number) => {
        const u = Math.max(0, Math.min(1, (x - edge) / (meetX - edge)));
        return amp * Math.pow(1 - u, 1.6) * (1 + 0.08 * Math.sin(u * 9 + ph) + 0.04 * Math.sin(u * 23 + ph));
      };
      const line: Pt[] = [];
      for (let i = 0; i <= 30; i++) {
        const x = edge + ((meetX - edge) * i) / 30;
        line.push([x, meetY - hAt(x)]);
      }
      const footX = side < 0 ? r.range(-0.1, 0.25) * W - layer * 200 : r.range(0.75, 1.1) * W + layer * 200;
      const footY = layer === 0 ? H * r.range(0.72, 0.85) : H + 30;
      const d = `${smooth(line)}Q${f((meetX + footX) / 2)},${f(meetY + (footY - meetY) * 0.35)} ${f(footX)},${f(footY)}L${f(edge)},${f(H + 30)}Z`;
      const color = p.layer(0.45 + layer * 0.3);
      s.add(path(d, color));
      let trees = '';
      for (let i = 0; i < 16; i++) {
        const x = edge + (meetX - edge) * r.range(0.02, 0.85);
        const th = (26 + layer * 36) * r.range(0.8, 1.4);
        trees += spruce(x, meetY - hAt(x) + th * 0.3, th, th * 0.42, 4);
      }
      s.add(path(trees, color));
    }
  }
  // Trees along the banks, bigger towards the viewer.
  let bankTrees = '';
  for (let i = 12; i < 40; i += 3) {
    if (r.chance(0.35)) continue;
    const t = i / 40;
    const side = r.chance(0.5) ? -1 : 1;
    const [x, y] = (side < 0 ? bankL : bankR)[i] as Pt;
    const sz = 16 + 120 * t * t;
    bankTrees += roundTree(x + side * sz * r.range(0.6, 1.2), y + sz * 0.1, sz);
  }
  s.add(path(bankTrees, p.layer(0.88)));
  birds(s, p, r, vx + r.range(-200, 200), hz * r.range(0.3, 0.6), 100, r.int(2, 5), 14);
};
