import { describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL, isTileUrl, openInMapsHref, tileOrigin } from '@/lib/map/tiles';

describe('map tiles', () => {
  it('accept absolute http(s) templates and paths on this site that place z, x and y', () => {
    expect(isTileUrl(DEFAULT_TILE_URL)).toBe(true);
    expect(isTileUrl('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toBe(true);
    expect(isTileUrl('/api/v1/test/tile?z={z}&x={x}&y={y}')).toBe(true);
  });

  it('refuse templates without a placeholder, other schemes and protocol-relative URLs', () => {
    expect(isTileUrl('https://tile.openstreetmap.org/{z}/{x}.png')).toBe(false);
    expect(isTileUrl('ftp://tiles.example.com/{z}/{x}/{y}.png')).toBe(false);
    expect(isTileUrl('javascript:{z}{x}{y}')).toBe(false);
    expect(isTileUrl('//tiles.example.com/{z}/{x}/{y}.png')).toBe(false);
    expect(isTileUrl('tiles/{z}/{x}/{y}.png')).toBe(false);
  });

  it('name the origin the policy must allow, none for a path here', () => {
    expect(tileOrigin(DEFAULT_TILE_URL)).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://a.tiles.example.com:8443/{z}/{x}/{y}.png')).toBe('https://a.tiles.example.com:8443');
    expect(tileOrigin('/api/v1/test/tile?z={z}&x={x}&y={y}')).toBeNull();
  });

  it('open a point on OpenStreetMap with a marker', () => {
    expect(openInMapsHref(43.1112, 131.8817)).toBe(
      'https://www.openstreetmap.org/?mlat=43.1112&mlon=131.8817#map=16/43.1112/131.8817',
    );
  });
});
