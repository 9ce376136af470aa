/**
 * Where the writers' editor (Decap CMS) is served: an origin of its own, never the public site's. Decap keeps the
 * signed-in writer's GitHub token in localStorage, which every script on the same origin can read; on another origin
 * no script of a public page can. Set EDITOR_URL at build time (src/config/settings.ts); the public site's /admin
 * leads there (src/pages/[hostFile].ts), and the editor's output is dist-editor/ (src/integrations/editor-output.ts).
 * Pure: read by astro.config's integrations before Vite runs, and by `npm run build:deploy`.
 */
import { settingValue, type Environment } from './settings.ts';

export const EDITOR_URL: string = settingValue(globalThis.process?.env ?? {}, 'EDITOR_URL');

/**
 * What is wrong with `env`'s EDITOR_URL for a deploy, in a sentence naming the setting and the fix, or undefined:
 * it must be an https origin (no path, query or fragment) other than SITE_URL's.
 */
export function editorUrlProblem(env: Environment): string | undefined {
  const value = settingValue(env, 'EDITOR_URL');
  const fix = 'Set it to the editor’s own address, such as https://editor.<your domain> (docs/PUBLISHING.md, "Step 6: the writers’ editor").';
  if (!URL.canParse(value)) return `EDITOR_URL "${value}" is not an address. ${fix}`;
  const editor = new URL(value);
  if (editor.protocol !== 'https:') return `EDITOR_URL must start with https://, got "${value}". ${fix}`;
  if (editor.username || editor.password || editor.pathname !== '/' || editor.search || editor.hash)
    return `EDITOR_URL must be an origin only (no path, query, fragment or user), got "${value}": use ${editor.origin}.`;
  const site = URL.canParse(settingValue(env, 'SITE_URL')) ? new URL(settingValue(env, 'SITE_URL')).origin : undefined;
  if (editor.origin === site)
    return `EDITOR_URL is the public site's own origin, ${site}: any script on a public page could then read the writers' GitHub token. ${fix}`;
  return undefined;
}
