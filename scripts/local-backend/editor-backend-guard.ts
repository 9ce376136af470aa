/**
 * What the editor's local backend lets through to decap-server: requests addressed to a loopback name, from the dev
 * site's own origin (or from no web page at all), with one of the actions the editor sends, naming only paths inside
 * content/. decap-server itself answers any Host, any http://localhost:* origin and any path in its root.
 */
import { lstat, realpath } from 'node:fs/promises';
import { basename, dirname, sep } from 'node:path';
import { uploadHeadBytes, uploadProblem } from '../../src/schemas/upload-rules.ts';

/** The folder the editor edits, as its configuration names it (collections' folders and the media folder, content/uploads). */
export const contentFolder = 'content';

const outsideMessage = 'The local editor backend only reads and writes content/ and content/uploads/';

export const devSiteOrigins = (sitePort: number) => [`http://localhost:${sitePort}`, `http://127.0.0.1:${sitePort}`];

const loopbackHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];

/**
 * Who answers, for the refusal messages, and what the dev site's user should do instead, given the dev site's first
 * origin: the editor's backend unless another local server reuses the check.
 */
const editorBackend = { name: 'The local editor backend', fromSite: (site: string) => `Open the editor at ${site}/admin` };

interface RequestSource {
  host: string | undefined;
  origin: string | undefined;
  port: number;
  siteOrigins: readonly string[];
  service?: typeof editorBackend;
}

/** Why the request's Host or Origin is refused, or undefined when it may go on. */
export function requestSourceProblem({ host, origin, port, siteOrigins, service = editorBackend }: RequestSource): string | undefined {
  if (!host || !loopbackHosts(port).includes(host.toLowerCase())) {
    return `${service.name} answers only at http://127.0.0.1:${port}; this request was addressed to "${host ?? ''}" (a page whose DNS name was rebound to this machine, or a proxy), so it is refused.`;
  }
  // A request with no Origin comes from a program, not a web page: it is still held to content/ below.
  if (origin !== undefined && !siteOrigins.includes(origin)) {
    return `${service.name} accepts requests only from the dev site (${siteOrigins.join(' or ')}); this one came from ${origin}. ${service.fromSite(siteOrigins[0]!)} (if astro dev moved to another port, stop what holds ${new URL(siteOrigins[0]!).port} or start it with --port).`;
  }
  return undefined;
}

type Params = Record<string, unknown>;
type Visit = (path: unknown) => unknown;

const isObject = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);
const fields = (value: unknown): Params => (isObject(value) ? value : {});
/** Each item of a list the action carries; something that is not a list is visited as a (refused) path. */
const each = (list: unknown, visit: Visit, item: (value: unknown) => unknown) => (Array.isArray(list) ? list.map(item) : visit(list));
const withPath = (file: unknown, visit: Visit) => ({ ...fields(file), path: visit(fields(file).path) });
const dataFile = (file: unknown, visit: Visit) => ({
  ...withPath(file, visit),
  ...(fields(file).newPath !== undefined && { newPath: visit(fields(file).newPath) }),
});

/**
 * The actions Decap CMS's proxy backend sends in simple publish mode, as decap-server's local file-system mode reads
 * them (its localFs middleware), each rebuilding its params with every path it names passed through `visit`.
 */
const actionPaths: Record<string, (params: Params, visit: Visit) => Params> = {
  info: (params) => params,
  getDeployPreview: (params) => params,
  entriesByFolder: (params, visit) => ({ ...params, folder: visit(params.folder) }),
  entriesByFiles: (params, visit) => ({ ...params, files: each(params.files, visit, (file) => withPath(file, visit)) }),
  getEntry: (params, visit) => ({ ...params, path: visit(params.path) }),
  persistEntry: (params, visit) => ({
    ...params,
    ...(params.entry !== undefined && { entry: dataFile(params.entry, visit) }),
    ...(params.dataFiles !== undefined && { dataFiles: each(params.dataFiles, visit, (file) => dataFile(file, visit)) }),
    assets: each(params.assets ?? [], visit, (asset) => withPath(asset, visit)),
  }),
  getMedia: (params, visit) => ({ ...params, mediaFolder: visit(params.mediaFolder) }),
  getMediaFile: (params, visit) => ({ ...params, path: visit(params.path) }),
  persistMedia: (params, visit) => ({ ...params, asset: withPath(params.asset, visit) }),
  deleteFile: (params, visit) => ({ ...params, path: visit(params.path) }),
  deleteFiles: (params, visit) => ({ ...params, paths: each(params.paths, visit, visit) }),
};

export const editorActions = Object.keys(actionPaths);

/** Every path an action's params name; undefined for an action the editor does not send here. */
export function pathsOf(action: string, params: unknown): unknown[] | undefined {
  const rebuild = Object.hasOwn(actionPaths, action) ? actionPaths[action] : undefined;
  if (!rebuild) return undefined;
  const paths: unknown[] = [];
  rebuild(fields(params), (path) => paths.push(path));
  return paths;
}

/** The params with each path made relative to content/, where decap-server is rooted. */
export function paramsInContent(action: string, params: unknown): Params {
  return actionPaths[action]!(fields(params), (path) => (path as string).slice(contentFolder.length + 1));
}

/** Why `path` is not a plain repository path inside content/, read as the editor writes them: `content/services/installation.mdx`. */
function spellingProblem(path: unknown): string | undefined {
  if (typeof path !== 'string') return 'it is not a path';
  if (path.includes('\\')) return 'it contains a backslash';
  if (path.includes('%')) return 'it contains URL-encoded characters';
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'it contains control characters';
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) return 'it is absolute';
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return 'it steps through ".", ".." or an empty folder name';
  if (segments[0] !== contentFolder || segments.length < 2) return `it is not under ${contentFolder}/`;
  return undefined;
}

/** The deepest part of `path` that exists, with links resolved: where a write or read there really lands. */
async function realLocation(path: string): Promise<string> {
  for (let existing = path; ; existing = dirname(existing)) {
    try {
      await lstat(existing);
      return await realpath(existing);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(existing) === existing) throw error;
    }
  }
}

/** The message refusing `path`, or undefined when it lies inside `root`/content, links resolved. */
export async function pathProblem(root: string, path: unknown): Promise<string | undefined> {
  const spelling = spellingProblem(path);
  const shown = typeof path === 'string' ? path : JSON.stringify(path);
  if (spelling) return `${outsideMessage}: ${shown} is outside (${spelling}).`;
  const content = await realpath(`${root}${sep}${contentFolder}`);
  const landing = await realLocation(`${root}${sep}${path as string}`);
  if (landing !== content && !landing.startsWith(`${content}${sep}`)) return `${outsideMessage}: ${shown} is outside (a link leads to ${landing}).`;
  return undefined;
}

/**
 * Why an upload the action carries (persistMedia's asset, or persistEntry's assets) is a file the site cannot show,
 * in the editor's own sentence (src/schemas/upload-rules.ts); undefined when every one can be used.
 */
export function uploadsProblem(action: string, params: unknown): string | undefined {
  const { asset, assets } = fields(params);
  const uploads = action === 'persistMedia' ? [asset] : action === 'persistEntry' && Array.isArray(assets) ? assets : [];
  for (const upload of uploads) {
    const { path, content, encoding } = fields(upload);
    if (typeof path !== 'string' || typeof content !== 'string') continue;
    const bytes = Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8');
    const problem = uploadProblem({ name: basename(path), size: bytes.length, head: bytes.subarray(0, uploadHeadBytes) });
    if (problem) return problem;
  }
  return undefined;
}

const prefixed = (path: unknown) => (typeof path === 'string' ? `${contentFolder}/${path}` : path);
const entryInRepository = (entry: unknown) =>
  isObject(entry) && isObject(entry.file) ? { ...entry, file: { ...entry.file, path: prefixed(entry.file.path) } } : entry;
const mediaInRepository = (file: unknown) => (isObject(file) && 'path' in file ? { ...file, path: prefixed(file.path) } : file);
const listOf = (item: (value: unknown) => unknown) => (value: unknown) => (Array.isArray(value) ? value.map(item) : item(value));

/** decap-server's answers with the repository paths the editor asked with (content/…) put back. */
export const answerInRepository: Record<string, (body: unknown) => unknown> = {
  entriesByFolder: listOf(entryInRepository),
  entriesByFiles: listOf(entryInRepository),
  getEntry: entryInRepository,
  getMedia: listOf(mediaInRepository),
  getMediaFile: mediaInRepository,
  persistMedia: mediaInRepository,
};
