/**
 * The social sharing image (/og-image.png, 1200×630), drawn when the site is built from the company's constants and
 * the colour tokens, so a change to either reaches it. sharp draws it: the background and the pills as SVG, each text
 * with Pango (which measures it, so pills fit their words), in the build machine's sans-serif font. Build time only (Node).
 */
import sharp, { type OverlayOptions } from 'sharp';
import { brandMark } from '../config/brand-mark.ts';
import { company } from '../config/company.ts';
import { figures } from '../config/figures.ts';
import { offices } from '../config/offices.ts';
import { themeColour } from '../config/theme-colour.ts';

export const socialImageSize = { width: 1200, height: 630 };
const padding = { x: 80, y: 72 };
const pill = { gap: 16, x: 24, y: 10 };

const escaped = (text: string) => text.replace(/[&<>'"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** `text` (Pango markup) as a transparent image, `size` pixels high, wrapped at `width`; and how big it came out. */
async function textImage(
  markup: string,
  size: number,
  options: { weight?: number; width?: number; lineHeight?: number; letterSpacing?: number; colour?: string } = {},
) {
  const { weight = 400, width, lineHeight, letterSpacing = 0, colour = themeColour('white') } = options;
  const { data, info } = await sharp({
    text: {
      // Pango sizes are in 1024ths of a point; at 72 dpi a point is a pixel.
      text: `<span size="${size * 1024}" weight="${weight}" foreground="${colour}" letter_spacing="${Math.round(letterSpacing * 1024)}">${markup}</span>`,
      font: 'sans-serif',
      dpi: 72,
      rgba: true,
      width,
      spacing: lineHeight === undefined ? undefined : Math.round(size * (lineHeight - 1.16)),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** The image as PNG. */
export async function socialImage(): Promise<Buffer> {
  const { width, height } = socialImageSize;
  const name = await textImage(`${escaped(company.shortName)}<span foreground="${themeColour('brand-200')}" weight="600"> Technologies</span>`, 40, {
    weight: 800,
    letterSpacing: -0.5,
  });
  const [start, highlight] = company.tagline.split(' into ');
  const title = await textImage(`${escaped(`${start} into `)}<span foreground="${themeColour('accent-300')}">${escaped(highlight ?? '')}</span>`, 68, {
    weight: 800,
    letterSpacing: -1.5,
    width: 980,
    lineHeight: 1.08,
  });
  const facts = await Promise.all(
    [`${figures.yearsExperience} years`, `${figures.projectsDelivered} projects`, `${figures.support} support`].map((fact) =>
      textImage(escaped(fact), 26, { weight: 600 }),
    ),
  );
  const where = await textImage(escaped(`IT services · Consulting · Outsourcing — ${offices.map((office) => office.country).join(' · ')}`), 24, {
    colour: themeColour('brand-200'),
  });

  // A column from top to bottom, its three parts spaced evenly: the name, the title, the facts above the offices.
  const markSize = 72;
  // As a browser sizes a pill: its text's line (normal line height, about 1.16 em), padding and border.
  const pillHeight = Math.round(26 * 1.16) + 2 * pill.y + 2;
  const bottomHeight = pillHeight + 24 + where.height + 24;
  const gap = (height - 2 * padding.y - markSize - title.height - bottomHeight) / 2;
  const titleTop = Math.round(padding.y + markSize + gap);
  const pillTop = height - padding.y - bottomHeight;

  let pillLeft = padding.x;
  const pills = facts.map((fact) => {
    const placed = { fact, left: pillLeft, width: fact.width + 2 * pill.x };
    pillLeft += placed.width + pill.gap;
    return placed;
  });
  const white = themeColour('white');
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <radialGradient id="glow" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="translate(1080 -63) scale(900 480)">
      <stop offset="0" stop-color="${themeColour('brand-500')}" stop-opacity=".55"/><stop offset=".6" stop-color="${themeColour('brand-500')}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="warmth" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="translate(-120 693) scale(700 420)">
      <stop offset="0" stop-color="${themeColour('accent-500')}" stop-opacity=".18"/><stop offset=".6" stop-color="${themeColour('accent-500')}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="${themeColour('brand-950')}"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <rect width="100%" height="100%" fill="url(#warmth)"/>
  <svg x="${padding.x}" y="${padding.y}" width="${markSize}" height="${markSize}" viewBox="${brandMark.viewBox}">${brandMark.body}</svg>
  ${pills
    .map(
      ({ left, width: pillWidth }) =>
        `<rect x="${left + 0.5}" y="${pillTop + 0.5}" width="${pillWidth - 1}" height="${pillHeight - 1}" rx="${(pillHeight - 1) / 2}" fill="${white}" fill-opacity=".1" stroke="${white}" stroke-opacity=".25"/>`,
    )
    .join('')}
</svg>`;

  const layers: OverlayOptions[] = [
    { input: name.input, left: padding.x + markSize + 20, top: Math.round(padding.y + (markSize - name.height) / 2) },
    { input: title.input, left: padding.x, top: titleTop },
    ...pills.map(({ fact, left }) => ({ input: fact.input, left: left + pill.x, top: Math.round(pillTop + (pillHeight - fact.height) / 2) })),
    { input: where.input, left: padding.x, top: pillTop + pillHeight + 24 },
  ];
  return sharp(Buffer.from(background)).composite(layers).png().toBuffer();
}
