/**
 * A video section, written as docs/CONTENT.md §11 shows, in a copy of the project (the site's own pages have none):
 * the build gives only the pages with a video a `frame-src` for their player's origin, every other page keeps the
 * policy it has without videos, and no address of a video site is in anything a page loads before a press of play;
 * the header policy of `_headers` does not forbid the frame; the page keeps its weight budget; the browser test
 * tests/e2e/video.spec.ts plays the videos in that build. A bad address stops `astro sync` (the content check of every
 * build and of `astro dev`) with the file, the line, the field and what to paste instead.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { astro, copyProject, repoRoot, toolEnv } from '../support/project-copy.ts';
import { videoFixtures, videoHosts, videoSectionLines } from '../support/video-fixture.ts';

const run = promisify(execFile);
let project: Awaited<ReturnType<typeof copyProject>>;
const env = () => toolEnv('production', { CI: 'true' });

async function addVideo(video: { file: string; url: string; videoTitle: string }) {
  const path = join(project.root, video.file);
  const source = await readFile(path, 'utf8');
  if (!/^sections:\n/m.test(source)) throw new Error(`${video.file} has no sections: to add the video to`);
  await writeFile(path, source.replace(/^sections:\n/m, `sections:\n${videoSectionLines(video)}\n`));
}

/** The built pages, by address. */
async function builtPages(dist: string): Promise<Map<string, string>> {
  const files = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.html') && !file.startsWith('admin'));
  const pages = new Map<string, string>();
  for (const file of files) pages.set(`/${file.replace(/(index)?\.html$/, '').replace(/\/$/, '')}`, await readFile(join(dist, file), 'utf8'));
  return pages;
}

const policyOf = (html: string) => /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

/** Addresses a browser fetches while it loads the page (not links a visitor may follow), with their element. */
function loadedAddresses(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(tag, attributes) {
      for (const name of ['src', 'srcset', 'poster', 'data', 'background', 'imagesrcset'])
        if (attributes[name]) found.push(`<${tag} ${name}>: ${attributes[name]}`);
      if (tag === 'link' && attributes.href) found.push(`<link href>: ${attributes.href}`);
      if (attributes.style) for (const [, url] of attributes.style.matchAll(/url\(([^)]*)\)/g)) found.push(`<${tag} style>: ${url}`);
    },
    ontext(text) {
      for (const [, url] of text.matchAll(/url\(([^)]*)\)/g)) found.push(`css: ${url}`);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const hostOf = (address: string) => {
  try {
    return new URL(address.split(/\s/)[0]!.replace(/^['"]|['"]$/g, ''), 'https://site.example').hostname;
  } catch {
    return '';
  }
};

let withoutVideos: Map<string, string>;
let pages: Map<string, string>;

// Set-up, with its own limit: the copy built as it is, then again with a video on three pages. Each build is about
// 25 core-seconds, several minutes on a loaded 2-core machine; the tests below read what they built.
beforeAll(async () => {
  project = await copyProject('video-section-');
  for (const extra of ['tests', 'scripts', 'supabase', 'playwright.config.ts', 'vitest.config.ts']) {
    await cp(join(repoRoot, extra), join(project.root, extra), { recursive: true });
  }
  const dist = join(project.root, 'dist');
  await astro(project.root, 'build');
  withoutVideos = await builtPages(dist);
  for (const video of Object.values(videoFixtures)) await addVideo(video);
  await astro(project.root, 'build');
  pages = await builtPages(dist);
}, 900_000);

afterAll(async () => {
  await project?.remove();
});

it('gives only the video pages their player as a frame source, and loads nothing from the video sites', async () => {
  expect([...pages.keys()].sort()).toEqual([...withoutVideos.keys()].sort());

  const videoPages = new Map<string, string>(Object.values(videoFixtures).map((video) => [video.path, video.frameOrigin]));
  for (const [path, html] of pages) {
    const policy = policyOf(html);
    expect(policy, `${path} has a policy`).toContain("default-src 'self'");
    const origin = videoPages.get(path);
    if (origin) {
      expect(directive(policy, 'frame-src'), path).toBe(`frame-src 'self' ${origin}`);
      // Apart from the frame source and the hashes of the video's own script and style, the policy is the one it had.
      const rest = (text: string) =>
        directive(text, 'default-src') + directive(text, 'connect-src')! + directive(text, 'object-src') + directive(text, 'base-uri');
      expect(rest(policy)).toBe(rest(policyOf(withoutVideos.get(path)!)));
    } else {
      expect(policy, `${path} names no frame source`).not.toMatch(/frame-src|youtube|vimeo/);
      expect(policy, `${path} keeps its policy`).toBe(policyOf(withoutVideos.get(path)!));
    }
    const fromVideoSites = loadedAddresses(html).filter((address) => videoHosts.test(hostOf(address.slice(address.indexOf(': ') + 2))));
    expect(fromVideoSites, `${path} loads nothing from a video site`).toEqual([]);
  }
  for (const video of Object.values(videoFixtures)) {
    const html = pages.get(video.path)!;
    expect(html).toContain(`data-embed="${video.embedUrl.replaceAll('&', '&amp;')}"`);
    expect(html).toContain(`<a href="${video.watchUrl.replaceAll('&', '&amp;')}"`);
    expect(html).not.toContain('<iframe');
  }

  // The header policy every response of the default host gets applies beside the page's own: it must leave frames alone.
  const headers = await readFile(join(project.root, 'dist/_headers'), 'utf8');
  for (const [, value] of headers.matchAll(/^\s+Content-Security-Policy: (.*)$/gm)) expect(value).not.toMatch(/frame-src|child-src|default-src/);
});

// npm run size, then the browser tests of tests/e2e/video.spec.ts in that build: a Playwright run with its own
// servers and Chromium, about 20 core-seconds, minutes on a loaded 2-core machine.
it('keeps the pages within their budgets, and plays each video on a press', { timeout: 600_000 }, async () => {
  const cwd = project.root;
  await run(process.execPath, ['scripts/size.ts'], { cwd, env: env() }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`npm run size failed in the copy:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  const playwright = await run(
    process.execPath,
    [join(repoRoot, 'node_modules/@playwright/test/cli.js'), 'test', 'tests/e2e/video.spec.ts', '--workers=2', '--reporter=line'],
    { cwd, env: { ...env(), E2E_PORT: '4393', E2E_BACKEND: 'none', VIDEO_FIXTURE: '1' }, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`browser tests failed in the copy:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  expect(playwright.stdout).toMatch(/5 passed/);
  expect(playwright.stdout).not.toMatch(/failed|skipped/);
});

it('stops the content check at an address that is not a video, naming the file, the line and the field', { timeout: 120_000 }, async () => {
  const file = join(project.root, videoFixtures.youtube.file);
  const source = await readFile(file, 'utf8');
  await writeFile(file, source.replace(`url: ${videoFixtures.youtube.url}`, 'url: https://drive.google.com/file/d/1abc/view'));
  const line = source.split('\n').findIndex((text) => text.includes(`url: ${videoFixtures.youtube.url}`)) + 1;
  const failure = await astro(project.root, 'sync').then(
    () => undefined,
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
  );
  expect(failure).toContain(
    `content/services/installation.mdx:${line}:5 sections.0.url: "https://drive.google.com/file/d/1abc/view" is not the address of a YouTube or Vimeo video: open the video on YouTube or Vimeo and copy the address from the browser's address bar or the Share button`,
  );
});
