/**
 * No writer's change lost to another's: before Decap saves a page (its `preSave` event, whose returned data Decap
 * saves instead), the page's file is read as it is now from the backend the save goes to, and the writer's changes
 * are merged onto it field by field (field-merge.ts). Without this the file format writes the writer's changes into
 * the text read when the page was opened, so a colleague's change saved meanwhile (or another tab's) was undone.
 *
 * Where the file is read: locally, from decap-server (`getEntry`, at config.yml's local_backend url); on GitHub,
 * through the contents API with the signed-in writer's token, from the branch the save commits to: the page's
 * editorial-workflow branch (cms/<collection>/<slug>) if it has one, else the main branch, from whose head Decap
 * creates that branch when saving.
 */
import { parse } from 'yaml';
import { saveOnto, type SaveOnto } from './field-merge.ts';
import { fromFile, sourceKey } from './frontmatter-format.ts';

type Data = Record<string, unknown>;

/** The parts of Decap's Immutable entry, and of its data, this reads. */
interface ImmutableMap {
  get(key: string): unknown;
  toJS(): unknown;
}
interface DataMap extends ImmutableMap {
  clear(): DataMap;
  merge(values: Data): DataMap;
}

interface DecapEvents {
  registerEventListener(listener: { name: string; handler: (event: { entry: ImmutableMap }) => unknown }): void;
}

export interface EditorConfig {
  backend: { name: string; repo: string; branch?: string; api_root?: string };
  publish_mode?: string;
  local_backend?: { url?: string } | boolean;
}

interface StoredUser {
  backendName?: string;
  token?: string;
}

let config: Promise<EditorConfig> | undefined;
const editorConfig = () => {
  const url = document.querySelector<HTMLLinkElement>('link[rel="cms-config-url"]')?.href ?? '/admin/config.yml';
  config ??= fetch(url, { cache: 'no-store' })
    .then((response) => response.text())
    // Our own file, which shares field lists through many aliases.
    .then((text) => parse(text, { maxAliasCount: -1 }) as EditorConfig);
  return config;
};

const notRead = (where: string, detail: string) =>
  new Error(`Not saved: the page could not be read as it is now from ${where} (${detail}), so a change someone else made meanwhile could be lost. Try again.`);

/** The file's text in decap-server's folder; null when there is no such file. */
async function readLocal(url: string, branch: string, path: string): Promise<string | null> {
  const response = await fetch(url, {
    method: 'POST',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'getEntry', params: { branch, path } }),
  });
  if (!response.ok) throw notRead('the local editor backend', `${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: string | null };
  return data;
}

/** GitHub's base64 file content as text (UTF-8). */
const decodeBase64 = (content: string) => new TextDecoder().decode(Uint8Array.from(atob(content.replace(/\s/g, '')), (char) => char.charCodeAt(0)));

/** The file on `ref`; null when the ref or the file does not exist there (GitHub answers 404 for both). */
export async function readGithub({ apiRoot, repo, ref, path, token }: { apiRoot: string; repo: string; ref: string; path: string; token: string }) {
  const address = `${apiRoot.replace(/\/$/, '')}/repos/${repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}?ref=${encodeURIComponent(ref)}`;
  // GitHub's API answers may be cached for 60 s: the file as it is now is the point.
  const response = await fetch(address, { cache: 'no-store', headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github+json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw notRead('GitHub', `${response.status} ${response.statusText}`);
  const { content, encoding } = (await response.json()) as { content?: string; encoding?: string };
  if (encoding !== 'base64' || content === undefined) throw notRead('GitHub', `the file came as ${encoding ?? 'nothing'}`);
  return decodeBase64(content);
}

/**
 * What the file is now, for the save to land on (`now`), and, when the page already has an editorial-workflow branch,
 * what the main branch did to it since that branch left it (`main`: the file at their merge base and on main now).
 */
export interface Reading {
  now: string | null;
  main?: { base: string; now: string };
}

/**
 * The file as it is now where this save will land: the page's editorial-workflow branch if it has one, else main
 * (Decap creates the branch from main's head when saving). Decap saves onto an existing branch by replaying its
 * commits onto main's head file by file, whole files, so a change merged to main since the branch began would be
 * overwritten: main's side is read too and merged in.
 */
export async function readGithubNow(
  settings: EditorConfig,
  token: string,
  { collection, slug, path }: { collection: string; slug: string; path: string },
): Promise<Reading> {
  const { repo, branch = 'main', api_root: apiRoot = 'https://api.github.com' } = settings.backend;
  const read = (ref: string) => readGithub({ apiRoot, repo, ref, path, token });
  const pageBranch = `cms/${collection}/${slug}`;
  const onBranch = settings.publish_mode === 'editorial_workflow' ? await read(pageBranch) : null;
  if (onBranch === null) return { now: await read(branch) };
  const response = await fetch(`${apiRoot.replace(/\/$/, '')}/repos/${repo}/compare/${branch}...${pageBranch}`, {
    cache: 'no-store',
    headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github+json' },
  });
  if (!response.ok) throw notRead('GitHub', `comparing ${pageBranch} with ${branch}: ${response.status} ${response.statusText}`);
  const { merge_base_commit: mergeBase } = (await response.json()) as { merge_base_commit?: { sha?: string } };
  if (!mergeBase?.sha) throw notRead('GitHub', `no common commit of ${pageBranch} and ${branch}`);
  const [base, mainNow] = await Promise.all([read(mergeBase.sha), read(branch)]);
  return { now: onBranch, ...(base !== null && mainNow !== null && { main: { base, now: mainNow } }) };
}

/** The writer's changes onto the file where the save lands, then what main did to it since the page's branch began. */
export function saveOntoReading(base: Data, reading: Reading, mine: Data): SaveOnto {
  const onBranch = saveOnto(base, reading.now, mine);
  return reading.main && 'data' in onBranch ? saveOnto(fromFile(reading.main.base), reading.main.now, onBranch.data) : onBranch;
}

function storedUser(): StoredUser {
  try {
    return (JSON.parse(localStorage.getItem('decap-cms-user') ?? '{}') as StoredUser | null) ?? {};
  } catch {
    return {};
  }
}

async function readNow(entry: ImmutableMap): Promise<Reading> {
  const settings = await editorConfig();
  const path = String(entry.get('path'));
  const user = storedUser();
  if (user.backendName === 'proxy') {
    const local = typeof settings.local_backend === 'object' ? settings.local_backend.url : undefined;
    return { now: await readLocal(local ?? 'http://localhost:8081/api/v1', settings.backend.branch ?? 'main', path) };
  }
  if (user.backendName === 'github' && user.token)
    return readGithubNow(settings, user.token, { collection: String(entry.get('collection')), slug: String(entry.get('slug')), path });
  throw notRead('the backend', `signed in to ${user.backendName ?? 'no backend'}`);
}

/**
 * Decap keeps an unsaved page in the browser (its "local backup", written with the file format's toFile) and offers
 * it back when the page is opened again; the restored entry's text is then that backup, not the file as the writer
 * opened it, and would hide the writer's changes from the merge. So each text toFile writes is remembered with the
 * text it was written from (the last few, in localStorage, as the backups are), and a save from a restored backup
 * merges from the text the writer had opened.
 */
const basesKey = 'kalpaka-editor-opened-texts';
/** The texts saves are landing on now: what toFile writes onto them is the file, not a backup. */
const savingOnto = new Set<string>();
const remembered = 12;

/** FNV-1a: a short key for a text, enough to tell this page's few backups apart. */
const textKey = (text: string) => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return `${(hash >>> 0).toString(36)}:${text.length}`;
};

function openedTexts(): [string, string][] {
  try {
    const list = JSON.parse(localStorage.getItem(basesKey) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as [string, string][]) : [];
  } catch {
    return [];
  }
}

/** The file format's toFile, remembering which opened text each written text came from. */
export function rememberingOpenedText<F extends (data: Data, keyOrder?: readonly string[]) => string>(toFile: F): F {
  return ((data: Data, keyOrder?: readonly string[]) => {
    const written = toFile(data, keyOrder);
    const opened = data[sourceKey];
    // Decap ends what it stores with a newline (backend.ts, entryToRaw).
    const key = textKey(written.endsWith('\n') ? written : `${written}\n`);
    if (typeof opened === 'string' && savingOnto.has(opened)) {
      // This text is now the file. A backup of the same text, written while the writer typed, must not make the page,
      // opened again later, merge from the text before this save: a change back to the old value would then be lost.
      forget(key);
      return written;
    }
    if (typeof opened !== 'string' || opened === written) return written;
    const list = [
      [key, openedTexts().find(([known]) => known === textKey(opened))?.[1] ?? opened] as [string, string],
      ...openedTexts().filter(([known]) => known !== key),
    ];
    store(list);
    return written;
  }) as F;
}

function store(list: [string, string][]) {
  try {
    localStorage.setItem(basesKey, JSON.stringify(list.slice(0, remembered)));
  } catch {
    // Storage full: a restored backup then merges from its own text, as Decap alone would save it.
  }
}

const forget = (key: string) => {
  const list = openedTexts();
  if (list.some(([known]) => known === key)) store(list.filter(([known]) => known !== key));
};

/** The text the writer opened, for an entry whose text may be one of Decap's backups. */
export const openedText = (text: string) => openedTexts().find(([key]) => key === textKey(text))?.[1] ?? text;

/**
 * What this tab last saved of each file, keyed by the text the page was opened with: Decap keeps the opened text in
 * the entry after a save, so a second save from the same tab merges from what the first one wrote.
 */
const savedByTab = new Map<string, { opened: string; fields: Data }>();
const pending = new Map<string, { opened: string; fields: Data }>();

export function registerMergeOnSave(cms: DecapEvents): void {
  cms.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      if (entry.get('newRecord')) return undefined;
      const data = entry.get('data') as DataMap;
      const mine = data.toJS() as Data;
      const source = mine[sourceKey];
      if (typeof source !== 'string') return undefined;
      const opened = openedText(source);
      const path = String(entry.get('path'));
      const saved = savedByTab.get(path);
      const base = saved?.opened === opened ? saved.fields : fromFile(opened);
      const result = saveOntoReading(base, await readNow(entry), mine);
      if ('refused' in result) throw new Error(result.refused);
      pending.set(path, { opened, fields: result.data });
      savingOnto.add(result.data[sourceKey] as string);
      return data.clear().merge(result.data);
    },
  });
  cms.registerEventListener({
    name: 'postSave',
    handler: ({ entry }) => {
      const path = String(entry.get('path'));
      const saved = pending.get(path);
      savingOnto.delete((saved?.fields[sourceKey] as string | undefined) ?? '');
      if (saved) savedByTab.set(path, saved);
      pending.delete(path);
    },
  });
}
