/**
 * A new brand colour is one change: in a copy of the project whose brand tokens (src/styles/global.css) are turned
 * green, the built favicon, theme-color, print sheet, office map, social image and pages show the new colours and
 * none of the old (src/config/theme-colour.ts; tests/unit/theme-colours.test.ts keeps colours out of other files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { astro, copyProject } from '../support/project-copy.ts';
import { themeColours } from '../../src/styles/theme-colours.ts';

let project: Awaited<ReturnType<typeof copyProject>>;
let dist: string;
let shipped: Record<string, string>;

/** A green for each step of the brand scale, none of them a colour the site has. */
const green: Record<string, string> = {
  'brand-50': '#effbf3',
  'brand-100': '#d8f5e1',
  'brand-200': '#b3eac6',
  'brand-300': '#7fd9a3',
  'brand-500': '#2fae68',
  'brand-600': '#218f54',
  'brand-700': '#1c7045',
  'brand-800': '#1a5a3a',
  'brand-900': '#164a31',
  'brand-950': '#08291a',
};

const read = (file: string) => readFileSync(join(dist, file), 'utf8');
/** A colour as the bytes of a pixel. */
const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

beforeAll(async () => {
  project = await copyProject('theme-colour-');
  const stylesheet = join(project.root, 'src/styles/global.css');
  const css = await readFile(stylesheet, 'utf8');
  shipped = themeColours(css);
  expect(Object.keys(green).sort()).toEqual(
    Object.keys(shipped)
      .filter((name) => name.startsWith('brand-'))
      .sort(),
  );
  await writeFile(
    stylesheet,
    css.replace(/(--color-(brand-\d+):\s*)#[\da-f]+;/g, (_, start: string, name: string) => `${start}${green[name]};`),
  );
  await astro(project.root, 'build');
  dist = join(project.root, 'dist');
}, 300_000);

afterAll(async () => {
  await project?.remove();
});

test('the favicon, theme-color, office map and print sheet take the new brand colours', () => {
  expect(read('favicon.svg')).toContain(`fill="${green['brand-600']}"`);
  expect(read('index.html')).toContain(`<meta name="theme-color" content="${green['brand-950']}">`);
  expect(read('office-map.svg')).toContain(`fill="${green['brand-200']}"`);
  const print = readdirSync(join(dist, '_astro')).filter((file) => /^print\..*\.css$/.test(file));
  expect(print).toHaveLength(1);
  expect(read(`_astro/${print[0]}`)).toContain(`--accent:${green['brand-200']}`);
  expect(read(`_astro/${print[0]}`)).toContain(`fill:${green['brand-500']}`);
});

test('no page, picture or print sheet keeps an old brand colour', () => {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(html|svg|css)$/.test(file));
  expect(files).toContain('about.html');
  // A colour on its own: the hero's glow is written as brand-500 with an alpha (global.css says why).
  const old = new RegExp(
    `(${Object.keys(green)
      .map((name) => shipped[name])
      .join('|')})(?![\\da-f])`,
    'i',
  );
  expect(files.filter((file) => old.test(read(file)))).toEqual([]);
});

test('the social image is drawn on the new darkest brand colour, with the mark in the new brand colour', async () => {
  const { data, info } = await sharp(join(dist, 'og-image.png')).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([1200, 630]);
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  // Bottom middle, where neither glow reaches; the mark's tile left of its "K".
  expect(pixel(600, 620)).toEqual(rgb(green['brand-950']!));
  expect(pixel(85, 108)).toEqual(rgb(green['brand-600']!));
});
