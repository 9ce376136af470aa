/**
 * The site's colours have one home, the tokens of src/styles/global.css: a hex colour written anywhere else in src/,
 * scripts/ or public/ fails here with its file and line, and everything else takes the tokens when the site is built
 * (src/config/theme-colour.ts). tests/project/theme-colour-build.test.ts changes the tokens and sees every picture follow.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { themeColour } from '../../src/config/theme-colour.ts';
import { themeColours, themeStylesheet } from '../../src/styles/theme-colours.ts';

const root = join(import.meta.dirname, '../..');
const tokenFile = relative(root, themeStylesheet(root));
const scanned = ['src', 'scripts', 'public'];

/** #rgb, #rgba, #rrggbb and #rrggbbaa, not an HTML character reference (`&#106;`) or a word's part (`issue#123`). */
const hexColour = /(?<![&\w])#(?:[\da-f]{8}|[\da-f]{6}|[\da-f]{3,4})(?![\w-])/gi;

/** Every text file under `folder` (a file with a NUL byte in its first 8 KB is binary), relative to the root; none if it does not exist (public/, which holds nothing today). */
function textFiles(folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  const entries = readdirSync(join(root, folder), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return entries
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !readFileSync(join(root, file)).subarray(0, 8192).includes(0));
}

/** Each hex colour in `text`, as "file:line: colour". */
const hexColoursIn = (file: string, text: string) =>
  text.split('\n').flatMap((line, index) => [...line.matchAll(hexColour)].map((match) => `${file}:${index + 1}: ${match[0]}`));

describe('the colour tokens', () => {
  const files = scanned.flatMap((folder) => textFiles(folder));
  const found = files.flatMap((file) => hexColoursIn(file, readFileSync(join(root, file), 'utf8')));
  const tokens = themeColours(readFileSync(join(root, tokenFile), 'utf8'));

  test('no hex colour is written outside src/styles/global.css', () => {
    // The scan reads the code that drew colours before they had one home, and finds the tokens' own.
    expect(files).toEqual(expect.arrayContaining([tokenFile, 'src/config/brand-mark.ts', 'src/pages/office-map.svg.ts', 'src/styles/print.css']));
    const inTokenFile = found.filter((hit) => hit.startsWith(`${tokenFile}:`));
    expect(inTokenFile.length).toBeGreaterThanOrEqual(Object.keys(tokens).length);
    expect(inTokenFile).toContainEqual(expect.stringMatching(new RegExp(`: ${tokens['brand-600']}$`)));
    expect(found.filter((hit) => !hit.startsWith(`${tokenFile}:`))).toEqual([]);
  });

  test('the scan finds every form of hex colour, and no character reference or issue number', () => {
    const text = 'fill="#fff" a:#0000; b:#2452cf c:#ffffff4d\n&#106;avascript withastro/astro#17335 href="#main" #abcde';
    expect(hexColoursIn('x.ts', text)).toEqual(['x.ts:1: #fff', 'x.ts:1: #0000', 'x.ts:1: #2452cf', 'x.ts:1: #ffffff4d']);
  });

  test("every token is read, and the site's code asks only for tokens that exist", () => {
    expect(Object.keys(tokens)).toEqual(expect.arrayContaining(['brand-600', 'brand-950', 'accent-400', 'ink-900', 'white']));
    for (const [name, value] of Object.entries(tokens)) expect(themeColour(name), name).toBe(value);
    const asked = files
      .filter((file) => /\.(ts|tsx|astro)$/.test(file))
      .flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/\bthemeColour\(([^)]*)\)/g)])
      // Each name quoted in a call's arguments: themeColour('ink-600'), themeColour(over ? 'error-700' : 'ink-600').
      .flatMap((call) => [...call[1]!.matchAll(/'([\w-]+)'/g)].map((name) => name[1]!));
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.filter((name) => tokens[name] === undefined)).toEqual([]);
  });

  test('a colour takes an opacity as its alpha, and a name with no token fails', () => {
    expect(themeColour('white', 0.3)).toBe('#ffffff4d');
    expect(themeColour('brand-600', 0.5)).toBe(`${tokens['brand-600']}80`);
    expect(() => themeColour('brand-450')).toThrow('No colour token "brand-450" in src/styles/global.css');
  });

  test('tokens are read from @theme blocks only, without commented-out ones', () => {
    const css =
      ':root{--color-page:#123456;}\n@theme inline {\n  --color-a: #111;\n  /* --color-b: #222; */\n  --font-sans: x;\n}\n@theme { --color-c: #333; }';
    expect(themeColours(css)).toEqual({ a: '#111', c: '#333' });
    expect(() => themeColours('@theme { --font-sans: x; }')).toThrow('No colour tokens');
  });
});
