/**
 * Uploads the site cannot show are refused with a sentence naming the file and what to upload instead: the rule
 * (src/schemas/upload-rules.ts) on its own, and the editor's local backend, which writes nothing to content/uploads/
 * for such a file whatever sent it. The editor in a browser: tests/e2e/admin-uploads.spec.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDecapServer, type DecapServer } from '../../scripts/local-backend/cms-local-server.ts';
import { httpRequest } from '../support/loopback-http.ts';
import { workerPort } from '../support/worker-ports.ts';
import { missingImages } from '../../src/content/image-checks.ts';
import { declaredSize, formatOfBytes, maxUploadBytes, uploadProblem, uploadRefusedHeading } from '../../src/schemas/upload-rules.ts';

const siteOrigin = 'http://localhost:4321';
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
// The first bytes of an iPhone photo: an ISO box "ftyp" with the brand "heic".
const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
let png: Buffer;

/** The first 24 bytes of a PNG that says it is `width` × `height`. */
function pngHeaderOf(width: number, height: number): Uint8Array {
  const head = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(head);
  head.write('IHDR', 12, 'latin1');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
}

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1840a0' } })
    .png()
    .toBuffer();
});

describe('what the site can show', () => {
  it('takes a PNG, JPEG, WebP or AVIF up to 10 MB', async () => {
    expect(uploadProblem({ name: 'team.png', size: png.length, head: png })).toBeUndefined();
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(uploadProblem({ name: 'team.JPG', size: jpeg.length, head: jpeg })).toBeUndefined();
    expect(formatOfBytes(await sharp(png).webp().toBuffer())).toBe('webp');
    expect(formatOfBytes(await sharp(png).avif().toBuffer())).toBe('avif');
    expect(uploadProblem({ name: 'big.jpg', size: maxUploadBytes })).toBeUndefined();
  });

  it('refuses each other kind with what to upload instead', () => {
    expect(uploadProblem({ name: 'logo.svg', size: svg.length, head: svg })).toMatch(/^"logo\.svg" is an SVG drawing.*export it as PNG/);
    expect(uploadProblem({ name: 'IMG_0001.HEIC', size: heic.length })).toMatch(/^"IMG_0001\.HEIC" is an iPhone photo in HEIC format.*export it as JPEG/);
    expect(uploadProblem({ name: 'photo.heif', size: 100 })).toMatch(/HEIC format/);
    expect(uploadProblem({ name: 'brochure.pdf', size: pdf.length, head: pdf })).toMatch(
      /^"brochure\.pdf" is not an image the site can show: upload a png, jpg, jpeg, webp, avif file/,
    );
    expect(uploadProblem({ name: 'spinner.gif', size: 100 })).toMatch(/not an image the site can show/);
    expect(uploadProblem({ name: 'big.jpg', size: maxUploadBytes + 1 })).toBe(
      '"big.jpg" is 10.0 MB; the site takes images up to 10 MB: export a smaller copy (2,000 pixels wide is plenty for any page) and upload that.',
    );
  });

  it('refuses bytes that are no image the site takes, whatever their name: a drawing behind a comment, a web page', () => {
    const hidden = Buffer.from('<!-- x --><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const page = Buffer.from('<html><body><img src=x onerror=alert(1)></body></html>');
    for (const [name, bytes] of [
      ['logo.png', hidden],
      ['banner.png', page],
      ['photo.jpg', Buffer.alloc(200)],
    ] as const) {
      expect(uploadProblem({ name, size: bytes.length, head: bytes })).toMatch(
        new RegExp(`^"${name.replace('.', '\\.')}" is named \\.\\w+ but its contents are not a (PNG|JPG) image .*export it as PNG or JPEG`),
      );
    }
  });

  it('reads the pixel size a file declares, and refuses over 40 megapixels however small the file', async () => {
    // A real PNG's header, saying 30,000 × 30,000: 109 KB on disk in the hostile review, 900 megapixels to decode.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    expect(uploadProblem({ name: 'logo.png', size: bomb.length, head: bomb })).toBe(
      '"logo.png" is 30,000 × 30,000 pixels (900 megapixels); the site takes images up to 40 megapixels: export a smaller copy (2,000 pixels wide is plenty for any page) and upload that.',
    );
    // Each format's header, as sharp writes it, read at its real size.
    const wide = sharp({ create: { width: 1200, height: 700, channels: 3, background: '#1840a0' } });
    const exif = await wide
      .clone()
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'x'.repeat(30_000) } } })
      .toBuffer();
    for (const [format, bytes] of [
      ['png', await wide.clone().png().toBuffer()],
      ['jpeg', exif],
      ['webp', await wide.clone().webp().toBuffer()],
      ['webp', await wide.clone().webp({ lossless: true }).toBuffer()],
      ['avif', await wide.clone().avif().toBuffer()],
    ] as const) {
      expect(formatOfBytes(bytes)).toBe(format);
      expect(declaredSize(bytes, format), format).toEqual({ width: 1200, height: 700 });
    }
    expect(uploadProblem({ name: 'wide.jpg', size: exif.length, head: exif })).toBeUndefined();
  });

  it('reads what a file is, not only its name', () => {
    expect(uploadProblem({ name: 'photo.jpg', size: heic.length, head: heic })).toMatch(/^"photo\.jpg" is an iPhone photo in HEIC format/);
    expect(uploadProblem({ name: 'logo.png', size: svg.length, head: svg })).toMatch(/SVG drawing/);
    expect(uploadProblem({ name: 'team.jpg', size: png.length, head: png })).toBe(
      '"team.jpg" is named .jpg but is a PNG file inside: export it again as JPG and upload that.',
    );
  });
});

it('an image field naming a file put in content/uploads/ by hand that cannot be shown is refused at its line', async () => {
  const root = await mkdtemp(join(tmpdir(), 'unusable-upload-'));
  try {
    await mkdir(join(root, 'content/uploads'), { recursive: true });
    await mkdir(join(root, 'content/clients'));
    await writeFile(join(root, 'content/uploads/logo.png'), '<html><body>a saved page</body></html>');
    await writeFile(join(root, 'content/uploads/good.png'), png);
    const source = '---\nname: Acme\nlogo:\n  src: ../uploads/logo.png\n  alt: Acme\n---\n';
    const file = join(root, 'content/clients/acme.mdx');
    expect(missingImages({ name: 'Acme', logo: { src: '../uploads/logo.png', alt: 'Acme' } }, source, file, 'content/clients/acme.mdx')).toEqual([
      {
        at: { line: 4, column: 3 },
        text: 'content/clients/acme.mdx:4:3 logo.src: content/uploads/logo.png cannot be shown: its contents are not a PNG, JPEG, WebP or AVIF image (it may be a web page, a drawing or a damaged file). Delete it, or upload a new copy exported as PNG or JPEG (docs/CONTENT.md, section 3)',
      },
    ]);
    expect(missingImages({ logo: { src: '../uploads/good.png', alt: 'Acme' } }, source, file, 'content/clients/acme.mdx')).toEqual([]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

it('docs/CONTENT.md quotes each message as the editor prints it', () => {
  const guide = readFileSync(join(import.meta.dirname, '../../docs/CONTENT.md'), 'utf8');
  const messages = [
    uploadProblem({ name: 'logo.svg', size: 100 }),
    uploadProblem({ name: 'IMG_0001.heic', size: 100 }),
    uploadProblem({ name: 'brochure.pdf', size: 100 }),
    uploadProblem({ name: 'team-photo.jpg', size: 12.4 * 1024 * 1024 }),
    uploadProblem({ name: 'team.jpg', size: 100, head: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }),
    uploadProblem({ name: 'banner.png', size: 100, head: new TextEncoder().encode('<html><body>') }),
    uploadProblem({ name: 'logo.png', size: 100, head: pngHeaderOf(30_000, 30_000) }),
  ];
  for (const message of messages) expect(guide).toContain(`\n${message}\n`);
  expect(guide).toContain(uploadRefusedHeading);
});

describe("the editor's local backend", () => {
  let root: string;
  let server: DecapServer;
  let port: number;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'editor-uploads-'));
    await mkdir(join(root, 'content/uploads'), { recursive: true });
    port = await workerPort();
    server = await startDecapServer({ root, port, siteOrigins: [siteOrigin] });
  });

  afterAll(async () => {
    await server?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const persistMedia = (name: string, bytes: Buffer) =>
    httpRequest(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: siteOrigin },
      body: JSON.stringify({
        action: 'persistMedia',
        params: {
          branch: 'main',
          asset: { path: `content/uploads/${name}`, content: bytes.toString('base64'), encoding: 'base64' },
          options: { commitMessage: 'Upload' },
        },
      }),
    });

  it.each([
    ['logo.svg', () => svg],
    ['IMG_0001.heic', () => heic],
    ['brochure.pdf', () => pdf],
    ['photo.jpg', () => heic],
    ['huge.png', () => Buffer.concat([png, Buffer.alloc(maxUploadBytes)])],
  ])('refuses %s with the editor’s sentence and writes nothing', async (name, bytes) => {
    const reply = await persistMedia(name, bytes());
    expect(reply.status, reply.body).toBe(422);
    expect(JSON.parse(reply.body)).toEqual({ error: uploadProblem({ name, size: bytes().length, head: bytes().subarray(0, 64) }) });
    expect(await readdir(join(root, 'content/uploads'))).toEqual([]);
  });

  it('writes a PNG', async () => {
    const reply = await persistMedia('team.png', png);
    expect(reply.status, reply.body).toBe(200);
    expect(existsSync(join(root, 'content/uploads/team.png'))).toBe(true);
  });
});
