import { describe, expect, it } from 'vitest';
import { bboxProblem, formatBbox, parseBbox } from '@/lib/listing/bbox';

describe('bbox', () => {
  it('reads minLon,minLat,maxLon,maxLat', () => {
    expect(bboxProblem('131.8,43.05,132,43.2')).toBeNull();
    expect(parseBbox('131.8,43.05,132,43.2')).toEqual({ minLon: 131.8, minLat: 43.05, maxLon: 132, maxLat: 43.2 });
  });

  it('says why a value is no area', () => {
    expect(bboxProblem('131.8,43.05,132')).toMatch(/four numbers/);
    expect(bboxProblem('a,43.05,132,43.2')).toMatch(/four numbers/);
    expect(bboxProblem('190,43,191,44')).toMatch(/Longitudes/);
    expect(bboxProblem('131,-91,132,44')).toMatch(/Latitudes/);
    expect(bboxProblem('132,43,131,44')).toMatch(/below/);
  });

  it('writes an area rounded to five decimals and clamped to the world', () => {
    expect(formatBbox({ minLon: 131.812345678, minLat: 43.1, maxLon: 131.9, maxLat: 43.2 })).toBe(
      '131.81235,43.1,131.9,43.2',
    );
    expect(formatBbox({ minLon: -200, minLat: -95, maxLon: 540, maxLat: 91 })).toBe('-180,-90,180,90');
    expect(bboxProblem(formatBbox({ minLon: -200, minLat: -95, maxLon: 540, maxLat: 91 }))).toBeNull();
  });
});
