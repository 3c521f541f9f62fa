import { describe, expect, it } from 'vitest';
import { BAY_LEVEL, LANDSCAPE_HEIGHT, LANDSCAPE_WIDTH, landscapeRidges } from '@/lib/home/landscape';

/** The points of a ridge's path, as [x, y] pairs (the closing V/H/Z are not points). */
const points = (path: string) =>
  path
    .replace(/^M/, '')
    .replace(/V.*$/, '')
    .split('L')
    .map((pair) => pair.split(' ').map(Number));

describe('the home hero landscape', () => {
  it('draws the same hills for the same seed (the page is cached) and others for another seed', () => {
    expect(landscapeRidges(7)).toEqual(landscapeRidges(7));
    expect(landscapeRidges(8)[0].path).not.toBe(landscapeRidges(7)[0].path);
  });

  it('draws three closed ridges, back to front, that span the width and stay inside the picture', () => {
    const ridges = landscapeRidges();
    expect(ridges.map((r) => r.layer)).toEqual(['far', 'middle', 'near']);
    for (const { path } of ridges) {
      expect(path).toMatch(new RegExp(`V${LANDSCAPE_HEIGHT}H0Z$`));
      const xy = points(path);
      expect(xy[0][0]).toBe(0);
      expect(xy.at(-1)![0]).toBe(LANDSCAPE_WIDTH);
      const heights = xy.map(([, y]) => y);
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...heights)).toBeLessThanOrEqual(LANDSCAPE_HEIGHT);
    }
  });

  it('keeps the near hill on the left so the bay stays open on the right', () => {
    const near = points(landscapeRidges()[2].path);
    const right = near.filter(([x]) => x > LANDSCAPE_WIDTH * 0.75);
    expect(right.every(([, y]) => y >= BAY_LEVEL)).toBe(true);
    expect(Math.min(...near.filter(([x]) => x < LANDSCAPE_WIDTH / 3).map(([, y]) => y))).toBeLessThan(BAY_LEVEL);
  });
});
