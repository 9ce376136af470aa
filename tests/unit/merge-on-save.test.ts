/**
 * Where the editor reads a page before saving it on GitHub (src/cms/editor/merge-on-save.ts), against a stand-in of
 * the GitHub API: the main branch for a page with no pull request yet (Decap creates the page's branch from main's
 * head when saving), else the page's cms/… branch, plus what main did to the page since that branch began, because
 * Decap replays the branch onto main's head whole file by whole file and would overwrite it. And a page restored from
 * Decap's local backup still merges from the text the writer had opened.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fromFile, sourceKey, toFile } from '../../src/cms/editor/frontmatter-format.ts';
import { openedText, readGithubNow, rememberingOpenedText, saveOntoReading, type EditorConfig } from '../../src/cms/editor/merge-on-save.ts';

type Data = Record<string, any>;

const path = 'content/services/installation.mdx';
const original = readFileSync(join(import.meta.dirname, '../..', path), 'utf8');
const settings: EditorConfig = {
  backend: { name: 'github', repo: 'kalpaka/site', branch: 'main', api_root: 'https://github.test/api' },
  publish_mode: 'editorial_workflow',
};
const token = 'ghu_writer';
const page = { collection: 'services', slug: 'installation', path };

const oldTitle = 'Infrastructure Set Up Right the First Time';
const branchTitle = 'Infrastructure Delivered Right the First Time';
const oldSubtitle = (fromFile(original) as Data).hero.subtitle as string;
const mainSubtitle = 'Certified engineers install and document everything.';
const withTitle = (text: string, title: string) => text.replace(`  title: ${oldTitle}`, `  title: ${title}`);
const withSubtitle = (text: string) => text.replace(`  subtitle: ${oldSubtitle}`, `  subtitle: ${mainSubtitle}`);

/** A repository: each ref's copy of the page (absent refs answer 404), and the merge base of main and the page's branch. */
function standIn(refs: Record<string, string>, mergeBase = 'base-sha') {
  const requests: { url: string; authorization?: string; cache?: string }[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    requests.push({ url: input, authorization: (init.headers as Record<string, string>).Authorization, cache: init.cache });
    if (url.pathname === '/api/repos/kalpaka/site/compare/main...cms/services/installation') return Response.json({ merge_base_commit: { sha: mergeBase } });
    if (url.pathname !== `/api/repos/kalpaka/site/contents/${path}`) return Response.json({ message: 'Not Found' }, { status: 404 });
    const text = refs[url.searchParams.get('ref')!];
    if (text === undefined) return Response.json({ message: 'No commit found for the ref' }, { status: 404 });
    return Response.json({
      type: 'file',
      encoding: 'base64',
      content: Buffer.from(text)
        .toString('base64')
        .replace(/(.{60})/g, '$1\n'),
    });
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('reading the page on GitHub before saving', () => {
  test('a page with no pull request yet is read from main, with the writer’s token, never from a cache', async () => {
    const requests = standIn({ main: withSubtitle(original) });
    expect(await readGithubNow(settings, token, page)).toEqual({ now: withSubtitle(original) });
    expect(requests.map(({ url }) => url)).toEqual([
      `https://github.test/api/repos/kalpaka/site/contents/${path}?ref=cms%2Fservices%2Finstallation`,
      `https://github.test/api/repos/kalpaka/site/contents/${path}?ref=main`,
    ]);
    expect(requests.every((request) => request.authorization === `token ${token}` && request.cache === 'no-store')).toBe(true);
  });

  test('a page with a pull request is read from its branch, with main’s change since the branch began', async () => {
    standIn({ 'cms/services/installation': withTitle(original, branchTitle), 'base-sha': original, main: withSubtitle(original) });
    expect(await readGithubNow(settings, token, page)).toEqual({
      now: withTitle(original, branchTitle),
      main: { base: original, now: withSubtitle(original) },
    });
  });

  test('a change merged to main after the pull request began is kept when the writer saves again', async () => {
    standIn({ 'cms/services/installation': withTitle(original, branchTitle), 'base-sha': original, main: withSubtitle(original) });
    const opened = withTitle(original, branchTitle);
    const mine = structuredClone(fromFile(opened)) as Data;
    mine.navLabel = 'Installation';
    const result = saveOntoReading(fromFile(opened), await readGithubNow(settings, token, page), mine);
    if (!('data' in result)) throw new Error(result.refused);
    expect(result.data[sourceKey]).toBe(withSubtitle(original));
    expect(toFile(result.data)).toBe(
      withTitle(withSubtitle(original), branchTitle).replace('navLabel: Installation & Configuration', 'navLabel: Installation'),
    );
  });

  test('a field the pull request and main both changed is refused, showing main’s value', async () => {
    const mainTitle = 'Infrastructure Built Right the First Time';
    standIn({ 'cms/services/installation': withTitle(original, branchTitle), 'base-sha': original, main: withTitle(original, mainTitle) });
    const opened = withTitle(original, branchTitle);
    const mine = structuredClone(fromFile(opened)) as Data;
    mine.navLabel = 'Installation';
    expect(saveOntoReading(fromFile(opened), await readGithubNow(settings, token, page), mine)).toEqual({
      refused: `Title was changed by someone else since you opened this page, to: «${mainTitle}». Reload the page to see their change, then make yours again.`,
    });
  });
});

describe('a page restored from the editor’s local backup', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => store.set(key, value) });
  });

  test('merges from the text the writer opened, not from the backup', () => {
    const data = structuredClone(fromFile(original)) as Data;
    data.hero.title = branchTitle;
    // Decap writes its backup with the format's toFile, and ends it with a newline.
    const backup = rememberingOpenedText(toFile)(data);
    expect(openedText(backup)).toBe(original);
    // Restored, the entry's text is the backup: the writer's title is still theirs to save onto the file as it is now.
    const restored = fromFile(backup);
    const result = saveOntoReading(fromFile(openedText(restored[sourceKey] as string)), { now: withSubtitle(original) }, restored);
    if (!('data' in result)) throw new Error(result.refused);
    expect(toFile(result.data)).toBe(withTitle(withSubtitle(original), branchTitle));
  });

  test('a text never written as a backup is its own opened text', () => expect(openedText(original)).toBe(original));

  test('a page saved, opened again later and changed back is saved with the old value', async () => {
    // The local backend, as `npm run dev` has it: the file is read from decap-server before each save.
    let disk = original;
    vi.stubGlobal('document', { querySelector: () => null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('config.yml') ? new Response('backend: { name: proxy, repo: x }\nlocal_backend: true\n') : Response.json({ data: disk }),
      ),
    );
    localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'proxy' }));
    /** The editor as a browser tab loads it: a fresh copy of the module, sharing the browser's storage. */
    const openEditor = async () => {
      vi.resetModules();
      const editor = await import('../../src/cms/editor/merge-on-save.ts');
      const handlers = new Map<string, (event: { entry: unknown }) => unknown>();
      editor.registerMergeOnSave({ registerEventListener: ({ name, handler }) => handlers.set(name, handler as (event: { entry: unknown }) => unknown) });
      const writeFile = editor.rememberingOpenedText(toFile);
      const entry = (fields: Data) => ({ get: (key: string) => ({ newRecord: false, path, data: dataMap(fields) })[key], toJS: () => ({}) });
      const dataMap = (fields: Data): unknown => ({
        get: (key: string) => fields[key],
        toJS: () => fields,
        clear: () => ({ merge: (values: Data) => dataMap(values) }),
      });
      return {
        /** Decap's local backup, written while the writer types. */
        backUp: (data: Data) => writeFile(data),
        /** Decap's save: preSave's data written with the file format, then postSave. */
        save: async (data: Data) => {
          const saved = (await handlers.get('preSave')!({ entry: entry(data) })) as { toJS(): Data };
          disk = writeFile(saved.toJS());
          await handlers.get('postSave')!({ entry: entry(saved.toJS()) });
        },
      };
    };

    const changed = structuredClone(fromFile(original)) as Data;
    changed.hero.title = branchTitle;
    const first = await openEditor();
    // The backup holds the same text the save then writes.
    first.backUp(changed);
    await first.save(changed);
    expect(disk).toBe(withTitle(original, branchTitle));

    // Reloaded, as the writer would come back to the page later.
    const reopened = structuredClone(fromFile(disk)) as Data;
    reopened.hero.title = oldTitle;
    await (await openEditor()).save(reopened);
    expect(disk).toBe(original);
  });
});
