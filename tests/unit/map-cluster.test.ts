import { describe, expect, it } from 'vitest';
import { boundsOf, clusterPoints, project } from '@/lib/map/cluster';

const station = { id: 1, lat: 43.1112, lon: 131.8817 };
const embankment = { id: 2, lat: 43.1163, lon: 131.8894 };
const russky = { id: 3, lat: 43.0046, lon: 131.8412 };
const nakhodka = { id: 4, lat: 42.8043, lon: 132.8871 };
const points = [station, embankment, russky, nakhodka];

describe('map clustering', () => {
  it('projects as Web Mercator does: the world is one 256-pixel tile at zoom 0', () => {
    expect(project({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ lat: 0, lon: -180 }, 1).x).toBe(0);
    expect(project({ lat: 85.0511287798, lon: 180 }, 0).y).toBeCloseTo(0, 6);
    // The poles are clamped instead of running to infinity.
    expect(Number.isFinite(project({ lat: 90, lon: 0 }, 3).y)).toBe(true);
  });

  it('groups points close on screen and keeps every point exactly once', () => {
    const regional = clusterPoints(points, 8);
    expect(regional.reduce((sum, cluster) => sum + cluster.items.length, 0)).toBe(points.length);
    const city = regional.find((cluster) => cluster.items.includes(station))!;
    expect(city.items).toContain(embankment);
    expect(city.items).not.toContain(nakhodka);
  });

  it('splits clusters as the map zooms in', () => {
    const counts = [4, 8, 12, 16].map((zoom) => clusterPoints(points, zoom).length);
    expect(counts[0]).toBe(1);
    expect(counts[3]).toBe(points.length);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]);
  });

  it('joins points a few pixels apart even across a grid line', () => {
    // At zoom 10 a pixel is ~0.00137° of longitude; these two straddle the 64-pixel line at x = 3584 × 64.
    const scale = 256 * 2 ** 10;
    const lineLon = ((3584 * 64) / scale) * 360 - 180;
    const west = { id: 5, lat: 43.1, lon: lineLon - 0.002 };
    const east = { id: 6, lat: 43.1, lon: lineLon + 0.002 };
    expect(clusterPoints([west, east], 10)).toHaveLength(1);
  });

  it('puts a cluster at the mean of its points', () => {
    const [cluster] = clusterPoints([station, embankment], 4);
    expect(cluster.lat).toBeCloseTo((station.lat + embankment.lat) / 2, 10);
    expect(cluster.lon).toBeCloseTo((station.lon + embankment.lon) / 2, 10);
  });

  it('bounds the points south-west to north-east', () => {
    expect(boundsOf(points)).toEqual([
      [42.8043, 131.8412],
      [43.1163, 132.8871],
    ]);
  });
});
