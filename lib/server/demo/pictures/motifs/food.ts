import 'server-only';
import { W, H, INK, SEA, FOAM, SAND, WHITE, f, path, stroke, circle, ellipse, rect, op, dot } from '../canvas';
import { mix } from '../palette';
import type { Painter } from '../scenery';

// ------------------------------------------------------------------------------------------ food

export const drawFood: Painter = (s, p, r, variant) => {
  // Either a wooden table or a painted one in the category colour.
  const painted = r.chance(0.5);
  const table = painted
    ? p.tint(mix(mix(p.far, p.near, 0.15), SAND, r.range(0.25, 0.45)))
    : p.tint(mix(mix(SAND, p.far, 0.3), '#c99a6b', r.range(0.25, 0.55)));
  s.add(rect(0, 0, W, H, table));
  let planks = '';
  const vertical = r.chance(0.5);
  const step = r.range(150, 210);
  for (let x = step * r.range(0.2, 0.9); x < (vertical ? W : H); x += step)
    planks += vertical ? `M${f(x)},0V${H}` : `M0,${f(x)}H${W}`;
  s.add(stroke(planks, INK, 3, 0.1));
  let grain = '';
  for (let i = 0; i < 40; i++) {
    const a = r.range(0, vertical ? W : H);
    const b = r.range(0, vertical ? H : W);
    const len = r.range(60, 220);
    grain += vertical ? `M${f(a)},${f(b)}v${f(len)}` : `M${f(b)},${f(a)}h${f(len)}`;
  }
  s.add(stroke(grain, INK, 2, 0.05));
  // Linen napkin with stripes.
  const nx = r.range(0.1, 0.9) * W;
  const ny = r.range(0.1, 0.9) * H;
  const angle = r.range(-25, 25);
  const linen = p.tint(mix(FOAM, WHITE, 0.5));
  const stripeC = p.tint(mix(p.near, p.accent, 0.3));
  s.add(
    `<g transform="translate(${f(nx)} ${f(ny)}) rotate(${f(angle)})">${rect(-190, -140, 380, 280, INK, op(0.08))}${rect(-200, -150, 380, 280, linen)}${rect(-200, -110, 380, 10, stripeC, op(0.7))}${rect(-200, -90, 380, 4, stripeC, op(0.7))}${rect(-200, 80, 380, 4, stripeC, op(0.7))}${rect(-200, 92, 380, 10, stripeC, op(0.7))}</g>`,
  );

  const layouts: Array<Array<[number, number, number]>> = [
    [
      [0.37, 0.52, 300],
      [0.78, 0.3, 175],
      [0.8, 0.8, 125],
      [0.1, 0.17, 120],
      [0.09, 0.82, 110],
    ],
    [
      [0.6, 0.5, 290],
      [0.2, 0.3, 180],
      [0.17, 0.8, 135],
      [0.9, 0.13, 105],
      [0.92, 0.85, 110],
    ],
    [
      [0.29, 0.38, 230],
      [0.69, 0.62, 250],
      [0.85, 0.17, 120],
      [0.19, 0.85, 125],
      [0.52, 0.1, 95],
    ],
    [
      [0.5, 0.54, 270],
      [0.14, 0.3, 160],
      [0.86, 0.74, 160],
      [0.85, 0.2, 110],
      [0.14, 0.84, 110],
    ],
  ];
  const layout = layouts[(variant + r.int(0, 3)) % 4] as Array<[number, number, number]>;
  const dishes = ['fish', 'soup', 'scallops', 'dumplings', 'salad', 'shrimps'] as const;
  type Dish = (typeof dishes)[number] | 'tea' | 'caviar' | 'lemons' | 'bread';
  const main = r.pick(dishes);
  const second = r.pick(dishes.filter((d) => d !== main));
  const third: Dish = r.pick(['tea', 'tea', 'caviar'] as const);
  const fourth: Dish = r.pick((['caviar', 'lemons', 'tea', 'bread'] as const).filter((d) => d !== third));
  const fifth: Dish = r.pick((['lemons', 'bread', 'caviar'] as const).filter((d) => d !== fourth && d !== third));
  const plan: Dish[] = [main, second, third, fourth, fifth];
  const plate = p.tint(mix(WHITE, SAND, 0.25));
  const rimLine = mix(plate, INK, 0.08);
  const herbs = p.tint('#5f9b4a');
  const shadow = (x: number, y: number, rad: number) => circle(x + rad * 0.06 + 8, y + rad * 0.08 + 10, rad, INK, 0.14);

  for (let i = 0; i < plan.length; i++) {
    const [ux, uy, rad0] = layout[i] as [number, number, number];
    const x = ux * W + r.range(-30, 30);
    const y = uy * H + r.range(-30, 30);
    const rad = rad0 * r.range(0.92, 1.05);
    const dish = plan[i] as Dish;
    if (dish === 'tea') {
      s.add(
        shadow(x, y, rad),
        circle(x, y, rad, plate),
        circle(x, y, rad * 0.78, rimLine, 0.5),
        circle(x, y, rad * 0.72, plate),
      );
      s.add(
        rect(x + rad * 0.6, y - rad * 0.14, rad * 0.5, rad * 0.28, plate, ` rx="${f(rad * 0.14)}"`),
        circle(x, y, rad * 0.62, p.tint(mix(p.accent, WHITE, 0.2))),
        circle(x, y, rad * 0.5, p.tint('#a4582a')),
        circle(x - rad * 0.15, y - rad * 0.15, rad * 0.12, WHITE, 0.35),
      );
      continue;
    }
    if (dish === 'caviar') {
      s.add(
        shadow(x, y, rad),
        circle(x, y, rad, p.tint(mix(SEA, WHITE, 0.15))),
        circle(x, y, rad * 0.82, p.tint(mix(SEA, INK, 0.2))),
      );
      let eggs = '';
      let shine = '';
      for (let k = 0; k < 70; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = Math.sqrt(r.next()) * rad * 0.74;
        const ex = x + Math.cos(a) * d;
        const ey = y + Math.sin(a) * d;
        eggs += dot(ex, ey, rad * 0.085);
        shine += dot(ex - rad * 0.025, ey - rad * 0.025, rad * 0.025);
      }
      s.add(path(eggs, p.tint('#f2622e')), path(shine, WHITE, op(0.6)));
      continue;
    }
    if (dish === 'bread') {
      const crust = p.tint('#b87a45');
      const crumb = p.tint('#f1dcb4');
      const rot = r.range(-40, 40);
      let slices = '';
      for (let k = 0; k < 3; k++) {
        const ox = (k - 1) * rad * 0.42;
        slices += rect(ox - rad * 0.5 + 6, -rad * 0.62 + 8, rad, rad * 1.24, INK, ` rx="${f(rad * 0.3)}"${op(0.1)}`);
        slices += rect(ox - rad * 0.5, -rad * 0.62, rad, rad * 1.24, crust, ` rx="${f(rad * 0.3)}"`);
        slices += rect(ox - rad * 0.42, -rad * 0.54, rad * 0.84, rad * 1.08, crumb, ` rx="${f(rad * 0.24)}"`);
      }
      s.add(`<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">${slices}</g>`);
      continue;
    }
    if (dish === 'lemons') {
      for (let k = 0; k < 3; k++) {
        const lx = x + r.range(-rad * 0.6, rad * 0.6);
        const ly = y + r.range(-rad * 0.6, rad * 0.6);
        const lr = rad * r.range(0.32, 0.42);
        let seg = '';
        for (let m = 0; m < 8; m++)
          seg += `M${f(lx)},${f(ly)}l${f(Math.cos((m * Math.PI) / 4) * lr * 0.8)},${f(Math.sin((m * Math.PI) / 4) * lr * 0.8)}`;
        s.add(
          circle(lx + 5, ly + 7, lr, INK, 0.12),
          circle(lx, ly, lr, p.tint('#f5c842')),
          circle(lx, ly, lr * 0.86, p.tint('#fbe58a')),
          stroke(seg, p.tint('#f5d35a'), 3, 1),
        );
      }
      let leaves = '';
      for (let k = 0; k < 5; k++)
        leaves += `<ellipse cx="${f(x + r.range(-rad, rad))}" cy="${f(y + r.range(-rad, rad))}" rx="${f(rad * 0.16)}" ry="${f(rad * 0.06)}" transform="rotate(${f(r.range(0, 180))} ${f(x)} ${f(y)})"/>`;
      s.add(`<g fill="${herbs}">${leaves}</g>`);
      continue;
    }
    // A plate or bowl with the dish.
    const bowl = dish === 'soup';
    s.add(shadow(x, y, rad));
    if (bowl) s.add(circle(x, y, rad, p.tint(mix(p.accent, p.near, 0.15))), circle(x, y, rad * 0.86, plate));
    else s.add(circle(x, y, rad, plate), circle(x, y, rad * 0.74, rimLine, 0.6), circle(x, y, rad * 0.72, plate));
    if (dish === 'soup') {
      const borscht = r.chance(0.6);
      s.add(circle(x, y, rad * 0.74, p.tint(borscht ? '#b3263a' : '#e3a43a')));
      s.add(
        circle(x + rad * 0.12, y - rad * 0.1, rad * 0.2, p.tint(WHITE), 0.95),
        circle(x + rad * 0.16, y - rad * 0.12, rad * 0.1, p.tint(SAND)),
      );
      let bits = '';
      for (let k = 0; k < 22; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = Math.sqrt(r.next()) * rad * 0.62;
        bits += dot(x + Math.cos(a) * d, y + Math.sin(a) * d, rad * r.range(0.018, 0.035));
      }
      s.add(path(bits, herbs));
      if (!borscht)
        s.add(
          circle(x - rad * 0.3, y + rad * 0.2, rad * 0.12, p.tint('#f08a3c')),
          circle(x - rad * 0.05, y + rad * 0.35, rad * 0.1, p.tint('#f5f0e0')),
        );
    } else if (dish === 'fish') {
      const fl = rad * 1.25;
      const fh = rad * 0.42;
      const a = r.range(-30, 30);
      const body = p.tint(r.pick(['#d98a4e', '#c9a27a', '#e0955a']));
      let grill = '';
      for (let k = -2; k <= 2; k++)
        grill += `M${f(k * fl * 0.13 - fh * 0.3)},${f(-fh * 0.6)}l${f(fh * 0.6)},${f(fh * 1.2)}`;
      s.add(
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(a)})">` +
          path(
            `M${f(-fl / 2)},0Q${f(-fl * 0.1)},${f(-fh)} ${f(fl * 0.32)},${f(-fh * 0.35)}L${f(fl / 2)},${f(-fh * 0.55)}L${f(fl * 0.44)},0L${f(fl / 2)},${f(fh * 0.55)}L${f(fl * 0.32)},${f(fh * 0.35)}Q${f(-fl * 0.1)},${f(fh)} ${f(-fl / 2)},0Z`,
            body,
          ) +
          stroke(grill, mix(body, INK, 0.45), 5, 0.6) +
          circle(-fl * 0.34, -fh * 0.12, fh * 0.1, INK) +
          '</g>',
      );
      s.add(
        circle(x + rad * 0.45, y + rad * 0.45, rad * 0.16, p.tint('#f5c842')),
        circle(x + rad * 0.45, y + rad * 0.45, rad * 0.13, p.tint('#fbe58a')),
      );
      let sprig = '';
      for (let k = 0; k < 6; k++)
        sprig += `M${f(x - rad * 0.5)},${f(y + rad * 0.45)}l${f(r.range(-40, 40))},${f(r.range(-40, 10))}`;
      s.add(stroke(sprig, herbs, 4, 1));
    } else if (dish === 'scallops') {
      const n = r.int(4, 5);
      for (let k = 0; k < n; k++) {
        const a = (k / n) * Math.PI * 2 + r.range(0, 0.3);
        const sx = x + Math.cos(a) * rad * 0.4;
        const sy = y + Math.sin(a) * rad * 0.4;
        const sr = rad * 0.24;
        const rot = (a * 180) / Math.PI + 90;
        let ribs = '';
        for (let m = -3; m <= 3; m++)
          ribs += `M0,${f(sr * 0.5)}L${f(Math.sin(m * 0.32) * sr)},${f(sr * 0.5 - Math.cos(m * 0.32) * sr)}`;
        s.add(
          `<g transform="translate(${f(sx)} ${f(sy)}) rotate(${f(rot)})">` +
            path(
              `M${f(-sr * 0.25)},${f(sr * 0.5)}L${f(-sr * 0.95)},${f(-sr * 0.1)}A${f(sr)},${f(sr)} 0 0,1 ${f(sr * 0.95)},${f(-sr * 0.1)}L${f(sr * 0.25)},${f(sr * 0.5)}Z`,
              p.tint('#f1b48c'),
            ) +
            stroke(ribs, p.tint('#d98c66'), 2.5, 0.8) +
            circle(0, -sr * 0.05, sr * 0.42, p.tint('#fbead2')) +
            '</g>',
        );
      }
      s.add(circle(x, y, rad * 0.14, p.tint('#f5c842')));
    } else if (dish === 'dumplings') {
      const n = r.int(6, 8);
      for (let k = 0; k < n; k++) {
        const a = (k / n) * Math.PI * 2;
        const dx = x + Math.cos(a) * rad * 0.42;
        const dy = y + Math.sin(a) * rad * 0.42;
        const dr = rad * 0.2;
        const rot = (a * 180) / Math.PI + r.range(-20, 20);
        let crimp = '';
        for (let m = 1; m < 6; m++) crimp += `M${f(-dr + (2 * dr * m) / 6)},${f(-dr * 0.12)}l0,${f(-dr * 0.22)}`;
        s.add(
          `<g transform="translate(${f(dx)} ${f(dy)}) rotate(${f(rot)})">` +
            ellipse(3, 6, dr, dr * 0.62, INK, op(0.1)) +
            path(
              `M${f(-dr)},0A${f(dr)},${f(dr * 0.7)} 0 0,0 ${f(dr)},0Q0,${f(-dr * 0.45)} ${f(-dr)},0Z`,
              p.tint('#f4e6c8'),
            ) +
            stroke(crimp, p.tint('#d9c39a'), 2.5, 1) +
            '</g>',
        );
      }
      s.add(circle(x, y, rad * 0.2, p.tint('#fff8ee')), circle(x, y, rad * 0.15, p.tint('#f3efe2')));
      let dill = '';
      for (let k = 0; k < 14; k++)
        dill += dot(x + r.range(-rad * 0.7, rad * 0.7), y + r.range(-rad * 0.7, rad * 0.7), 4);
      s.add(path(dill, herbs));
    } else if (dish === 'salad') {
      const greens = ['#6aa84f', '#8cc26a', '#4f8a3c', '#a7cf7a'].map(p.tint);
      let g = '';
      for (let k = 0; k < 16; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = Math.sqrt(r.next()) * rad * 0.5;
        g += `<ellipse cx="${f(x + Math.cos(a) * d)}" cy="${f(y + Math.sin(a) * d)}" rx="${f(rad * 0.22)}" ry="${f(rad * 0.11)}" fill="${r.pick(greens)}" transform="rotate(${f(r.range(0, 180))} ${f(x + Math.cos(a) * d)} ${f(y + Math.sin(a) * d)})"/>`;
      }
      s.add(g);
      for (let k = 0; k < 5; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = r.range(0.1, 0.5) * rad;
        const tx = x + Math.cos(a) * d;
        const ty = y + Math.sin(a) * d;
        s.add(circle(tx, ty, rad * 0.12, p.tint('#e2483c')), circle(tx, ty, rad * 0.075, p.tint('#f27a62')));
      }
      for (let k = 0; k < 4; k++) {
        const tx = x + r.range(-0.45, 0.45) * rad;
        const ty = y + r.range(-0.45, 0.45) * rad;
        s.add(circle(tx, ty, rad * 0.1, p.tint('#3f7d3a')), circle(tx, ty, rad * 0.08, p.tint('#d6ebb0')));
      }
    } else {
      // Shrimps.
      let sh = '';
      let segs = '';
      for (let k = 0; k < 7; k++) {
        const a = r.range(0, Math.PI * 2);
        const d = r.range(0.15, 0.5) * rad;
        const sx = x + Math.cos(a) * d;
        const sy = y + Math.sin(a) * d;
        const sr = rad * 0.14;
        const b = r.range(0, Math.PI * 2);
        sh += `M${f(sx + Math.cos(b) * sr)},${f(sy + Math.sin(b) * sr)}A${f(sr)},${f(sr)} 0 1,1 ${f(sx + Math.cos(b + 4) * sr)},${f(sy + Math.sin(b + 4) * sr)}`;
        segs += dot(sx + Math.cos(b + 2) * sr, sy + Math.sin(b + 2) * sr, sr * 0.22);
      }
      s.add(stroke(sh, p.tint('#ff8a5c'), rad * 0.11, 1), path(segs, p.tint('#ffc2a0'), op(0.7)));
      s.add(circle(x, y, rad * 0.13, p.tint('#f5c842')));
    }
  }
  // Cutlery beside the first plate.
  const [ux, uy, rad0] = layout[0] as [number, number, number];
  const cxp = ux * W + rad0 + 40;
  const cyp = uy * H;
  const metal = p.tint('#c9ccd1');
  if (main === 'dumplings' || main === 'shrimps' || r.chance(0.4)) {
    s.add(
      `<g transform="rotate(${f(r.range(-12, 12))} ${f(cxp)} ${f(cyp)})">${rect(cxp + 5, cyp - rad0 * 0.9 + 8, 12, rad0 * 1.8, INK, op(0.12))}${rect(cxp - 4, cyp - rad0 * 0.9, 11, rad0 * 1.8, p.tint('#9b6a3f'), ' rx="5"')}${rect(cxp + 16, cyp - rad0 * 0.9, 11, rad0 * 1.8, p.tint('#9b6a3f'), ' rx="5"')}</g>`,
    );
  } else {
    s.add(
      rect(cxp, cyp - rad0 * 0.8, 14, rad0 * 1.6, metal, ' rx="7"'),
      rect(cxp + 34, cyp - rad0 * 0.5, 12, rad0 * 1.3, metal, ' rx="6"'),
      rect(cxp + 30, cyp - rad0 * 0.85, 20, rad0 * 0.42, metal, ' rx="8"'),
    );
  }
  // Warm light overlay by time of day.
  if (p.tod === 'dusk' || p.tod === 'night') s.add(rect(0, 0, W, H, '#ff9a5c', op(0.1)));
  else if (p.tod === 'dawn') s.add(rect(0, 0, W, H, '#ffc4a3', op(0.08)));
  else
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.linear(
          [
            [0, WHITE, 0.16],
            [1, WHITE, 0],
          ],
          0,
          0,
          W,
          H,
        ),
      ),
    );
};
