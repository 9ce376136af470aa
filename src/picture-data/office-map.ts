/**
 * The office map, worked out at build time: Natural Earth's land (world-atlas, 1:110m) in the Natural Earth
 * projection, cropped to the latitudes people live at, and where each office of src/config/offices.ts lands on it.
 * The land is one cached SVG file (src/pages/office-map.svg.ts); the markers and names are small markup over it,
 * placed in percentages so they follow the picture at any width while the names keep their text size.
 */
import { geoNaturalEarth1, geoPath, type GeoContext, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110m from 'world-atlas/land-110m.json' with { type: 'json' };

/** The picture's size in its own units; the page scales it to the column. */
export const mapWidth = 960;
/** From the Canadian Arctic to Cape Horn: the Arctic and Antarctica hold no office and would only add height. */
const northLatitude = 76;
const southLatitude = -56;

interface Projected {
  projection: GeoProjection;
  height: number;
}

function projected(): Projected {
  const projection = geoNaturalEarth1().fitWidth(mapWidth, { type: 'Sphere' });
  // The projection is pseudo-cylindrical: a latitude's y is the same at every longitude.
  const top = projection([0, northLatitude])![1];
  const bottom = projection([0, southLatitude])![1];
  projection.translate([projection.translate()[0], projection.translate()[1] - top]);
  const height = Math.round(bottom - top);
  projection.clipExtent([
    [0, 0],
    [mapWidth, height],
  ]);
  return { projection, height };
}

const { projection, height } = projected();
export const mapHeight = height;

/**
 * The land as one path, in whole units (a unit is about a pixel at the widest the page shows it, 1 px at 960 px),
 * written relative, with points that round to the one before dropped: a few KB gzip instead of hundreds.
 */
export function landPath(): string {
  const topology = land110m as unknown as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land);
  const context = new CompactPath();
  geoPath(projection, context)(land);
  return context.toString();
}

/** A d3-geo path context that writes whole-number, relative SVG path data. */
class CompactPath implements GeoContext {
  private parts: string[] = [];
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;
  private pending = '';
  private beforeMove = { x: 0, y: 0 };

  moveTo(x: number, y: number): void {
    const rx = Math.round(x);
    const ry = Math.round(y);
    this.beforeMove = { x: this.x, y: this.y };
    this.pending = `m${pair(rx - this.x, ry - this.y)}`;
    this.x = this.startX = rx;
    this.y = this.startY = ry;
  }

  lineTo(x: number, y: number): void {
    const rx = Math.round(x);
    const ry = Math.round(y);
    if (rx === this.x && ry === this.y) return;
    if (this.pending) {
      this.parts.push(this.pending);
      this.pending = '';
      this.parts.push('l');
    } else {
      this.parts.push(' ');
    }
    this.parts.push(pair(rx - this.x, ry - this.y));
    this.x = rx;
    this.y = ry;
  }

  closePath(): void {
    // A ring that rounded down to a point or a line is dropped: it draws nothing.
    if (this.pending) {
      this.pending = '';
      ({ x: this.x, y: this.y } = this.beforeMove);
      return;
    }
    this.parts.push('z');
    this.x = this.startX;
    this.y = this.startY;
  }

  // Only points are drawn: no arcs, and nothing to do at a path's start.
  arc(): void {}
  beginPath(): void {}

  toString(): string {
    return this.parts.join('').replace(/ -/g, '-');
  }
}

const pair = (dx: number, dy: number) => `${dx}${dy < 0 ? '' : ' '}${dy}`;

/** A place on the map, in percent of the picture's width and height. */
export interface MapPoint {
  x: number;
  y: number;
}

export function mapPoint(coordinates: readonly [number, number]): MapPoint {
  const [x, y] = projection([coordinates[0], coordinates[1]])!;
  return { x: round1((x / mapWidth) * 100), y: round1((y / mapHeight) * 100) };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Where a name sits beside its marker. */
export type LabelSide = 'right' | 'left' | 'above' | 'below';
const sides: readonly LabelSide[] = ['right', 'left', 'above', 'below'];

export interface PlacedLabel<Place> {
  place: Place;
  point: MapPoint;
  side: LabelSide;
}

/**
 * The narrowest map, in CSS pixels: a 320 px screen (or a 1280 px window at 400 % zoom) less the page's margins, with
 * 12 px names. Names are at most 3.75 % of the screen's width (`labelFontSize`), so on any wider screen, and with the
 * browser's text at 200 %, they take no more of the map than here: names placed to fit here fit everywhere.
 */
export const narrowestMap = { width: 288, fontSize: 12 };
/** The names' text size: the page's small text (0.875 rem) while the map has room for it, as on the narrowest map. */
export const labelFontSize = 'min(.875rem,3.75vw)';
/** Room the names take, in em: a semibold letter is about 0.62 em wide; the gap to the marker; the height of a name with its ascenders and descenders. */
const letterWidth = 0.62;
export const labelGap = 0.8;
export const labelHeight = 1.4;
/** Room a marker keeps free around its centre, in CSS pixels (its radius and a margin). */
const markerRoom = 8;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The box a name takes beside a marker at (x, y) px, on the given side. */
export function labelBox(x: number, y: number, text: string, side: LabelSide, fontSize: number): Box {
  const width = text.length * letterWidth * fontSize;
  const height = labelHeight * fontSize;
  const gap = labelGap * fontSize;
  switch (side) {
    case 'right':
      return { left: x + gap, right: x + gap + width, top: y - height / 2, bottom: y + height / 2 };
    case 'left':
      return { left: x - gap - width, right: x - gap, top: y - height / 2, bottom: y + height / 2 };
    case 'above':
      return { left: x - width / 2, right: x + width / 2, top: y - gap - height, bottom: y - gap };
    case 'below':
      return { left: x - width / 2, right: x + width / 2, top: y + gap, bottom: y + gap + height };
  }
}

/** A marker's centre in CSS pixels on the narrowest map. */
export function pixels(point: MapPoint): { x: number; y: number } {
  return { x: (point.x / 100) * narrowestMap.width, y: (point.y / 100) * narrowestMap.width * (mapHeight / mapWidth) };
}

/** A marker's room, as a box. */
export function markerBox(point: MapPoint): Box {
  const { x, y } = pixels(point);
  return { left: x - markerRoom, right: x + markerRoom, top: y - markerRoom, bottom: y + markerRoom };
}

/** Where the name of a placed label is on the narrowest map. */
export function placedBox(point: MapPoint, text: string, side: LabelSide): Box {
  const { x, y } = pixels(point);
  return labelBox(x, y, text, side, narrowestMap.fontSize);
}

/**
 * A side for each name, so that on the narrowest map no name leaves the picture or covers another name or marker.
 * Sides are tried right, left, above, below, office by office, going back to an earlier office when a later one has
 * no room (offices close together, like Austin and Toronto, end up on different sides). If no arrangement fits,
 * each name takes the first side that fits what is already placed, else the right.
 */
export function placeLabels<Place>(places: readonly Place[], where: (place: Place) => { point: MapPoint; text: string }): PlacedLabel<Place>[] {
  const located = places.map((place) => ({ place, ...where(place) }));
  const height = narrowestMap.width * (mapHeight / mapWidth);
  const fits = (index: number, side: LabelSide, taken: readonly Box[]) => {
    const { point, text } = located[index]!;
    const box = placedBox(point, text, side);
    return (
      box.left >= 0 &&
      box.right <= narrowestMap.width &&
      box.top >= 0 &&
      box.bottom <= height &&
      !taken.some((other) => overlaps(box, other)) &&
      !located.some((other, otherIndex) => otherIndex !== index && overlaps(box, markerBox(other.point)))
    );
  };
  const boxOf = (index: number, side: LabelSide) => placedBox(located[index]!.point, located[index]!.text, side);
  // Depth first, with a bound on the steps so that many crowded offices cannot stall the build.
  let steps = 0;
  const search = (index: number, chosen: LabelSide[], taken: Box[]): LabelSide[] | undefined => {
    if (index === located.length) return chosen;
    for (const side of sides) {
      if (++steps > 50_000) return undefined;
      if (!fits(index, side, taken)) continue;
      const found = search(index + 1, [...chosen, side], [...taken, boxOf(index, side)]);
      if (found) return found;
    }
    return undefined;
  };
  const greedy = () => {
    const taken: Box[] = [];
    return located.map((_, index) => {
      const side = sides.find((candidate) => fits(index, candidate, taken)) ?? 'right';
      taken.push(boxOf(index, side));
      return side;
    });
  };
  const chosen = search(0, [], []) ?? greedy();
  return located.map(({ place, point }, index) => ({ place, point, side: chosen[index]! }));
}
