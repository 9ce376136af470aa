/**
 * The office map's geometry: offices land where they are on Earth, their names fit the narrowest map without
 * covering each other, and the land file stays small.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { offices, type Office } from '../../src/config/offices.ts';
import { landPath, mapPoint, markerBox, narrowestMap, overlaps, placeLabels, placedBox, mapHeight, mapWidth } from '../../src/picture-data/office-map.ts';

const byCity = (city: string) => mapPoint(offices.find((office) => office.city === city)!.coordinates);
const place = (list: readonly Pick<Office, 'city' | 'coordinates'>[]) =>
  placeLabels(list, (office) => ({ point: mapPoint(office.coordinates), text: office.city }));

describe('where offices land', () => {
  test('every office is inside the picture', () => {
    for (const office of offices) {
      const { x, y } = mapPoint(office.coordinates);
      expect(x, office.city).toBeGreaterThan(0);
      expect(x, office.city).toBeLessThan(100);
      expect(y, office.city).toBeGreaterThan(0);
      expect(y, office.city).toBeLessThan(100);
    }
  });

  test('offices sit where they are relative to each other', () => {
    const [noida, sydney, london, austin, toronto] = ['Noida', 'Sydney', 'London', 'Austin', 'Toronto'].map(byCity);
    expect(sydney!.x).toBeGreaterThan(noida!.x);
    expect(sydney!.y).toBeGreaterThan(noida!.y);
    expect(london!.y).toBeLessThan(noida!.y);
    expect(london!.x).toBeLessThan(noida!.x);
    expect(austin!.x).toBeLessThan(toronto!.x);
    expect(toronto!.y).toBeLessThan(austin!.y);
    expect(toronto!.x).toBeLessThan(london!.x);
  });

  test('the equator and the prime meridian cross where a Natural Earth map puts them', () => {
    const origin = mapPoint([0, 0]);
    expect(origin.x).toBe(50);
    // Cropped at 76° N and 56° S, the equator sits below the middle.
    expect(origin.y).toBeGreaterThan(50);
    expect(origin.y).toBeLessThan(60);
  });

  test('a moved office moves its marker', () => {
    expect(mapPoint([-74.006, 40.7128])).not.toEqual(byCity('Toronto'));
  });
});

describe('names on the narrowest map', () => {
  const height = narrowestMap.width * (mapHeight / mapWidth);
  const check = (list: readonly Pick<Office, 'city' | 'coordinates'>[]) => {
    const placed = place(list);
    const boxes = placed.map(({ place: office, point, side }) => ({ city: office.city, box: placedBox(point, office.city, side) }));
    for (const [index, { city, box }] of boxes.entries()) {
      expect(box.left, city).toBeGreaterThanOrEqual(0);
      expect(box.right, city).toBeLessThanOrEqual(narrowestMap.width);
      expect(box.top, city).toBeGreaterThanOrEqual(0);
      expect(box.bottom, city).toBeLessThanOrEqual(height);
      const covered = boxes.filter((other, otherIndex) => otherIndex !== index && overlaps(box, other.box)).map((other) => other.city);
      expect(covered, `${city}'s name covers names`).toEqual([]);
      const markers = placed
        .filter((_, otherIndex) => otherIndex !== index && overlaps(box, markerBox(placed[otherIndex]!.point)))
        .map(({ place: office }) => office.city);
      expect(markers, `${city}'s name covers markers`).toEqual([]);
    }
    return placed;
  };

  test("every office's name fits beside its marker, covering no other name or marker", () => {
    expect(check(offices)).toHaveLength(offices.length);
  });

  test('Austin and Toronto, close at world scale, get their names on different sides', () => {
    const sides = Object.fromEntries(place(offices).map(({ place: office, side }) => [office.city, side]));
    expect(sides.Austin).not.toBe(sides.Toronto);
  });

  test('new offices are placed around the others', () => {
    check([
      ...offices,
      { city: 'São Paulo', coordinates: [-46.6333, -23.5505] },
      { city: 'Singapore', coordinates: [103.8198, 1.3521] },
      { city: 'Dubai', coordinates: [55.2708, 25.2048] },
    ]);
  });
});

describe('the land file', () => {
  const path = landPath();

  test('is path data in whole units', () => {
    expect(path).toMatch(/^m\d/);
    expect(path).not.toMatch(/\d\.\d/);
  });

  test('stays a few KB gzip', () => {
    expect(gzipSync(path).length).toBeLessThan(6 * 1024);
  });
});
