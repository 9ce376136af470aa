/**
 * Before the deploy publishes anything: both Cloudflare Pages projects exist (the site's, named in wrangler.jsonc,
 * and the editor's, in editor/wrangler.jsonc), and each carries its custom domain (SITE_URL's and EDITOR_URL's host,
 * from .env.production), so the site is never published while its editor, or its address, is missing.
 * Reads `wrangler pages project list --json` on standard input.
 */
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { loadEnv } from 'vite';
import { parse } from 'yaml';
import { settingValue } from '../../src/config/settings.ts';
import { publishingSteps } from './setting-homes.ts';

/** The project a wrangler.jsonc publishes to. JSONC's comments are YAML comments too, and its JSON is YAML. */
const projectName = (file: string) => (parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '')) as { name: string }).name;

const env = loadEnv('production', process.cwd(), '');
const expected = [
  { name: projectName('wrangler.jsonc'), host: new URL(settingValue(env, 'SITE_URL')).hostname },
  { name: projectName('editor/wrangler.jsonc'), host: new URL(settingValue(env, 'EDITOR_URL')).hostname },
];
const input = await text(process.stdin);
let listed: Array<{ 'Project Name': string; 'Project Domains': string }>;
try {
  listed = JSON.parse(input) as typeof listed;
} catch {
  console.error(`pages-projects: wrangler did not list the account's projects (is CLOUDFLARE_API_TOKEN allowed Cloudflare Pages → Edit?):\n${input}`);
  process.exit(1);
}

const where = `docs/PUBLISHING.md, "${publishingSteps.cloudflare}"`;
const problems = expected.flatMap(({ name, host }) => {
  const project = listed.find((entry) => entry['Project Name'] === name);
  if (!project) return [`The Cloudflare Pages project ${name} does not exist in this account: create it once (${where}).`];
  const domains = project['Project Domains'].split(',').map((domain) => domain.trim().toLowerCase());
  if (domains.includes(host.toLowerCase())) return [];
  const has = domains.join(', ') || 'none';
  return [`The Cloudflare Pages project ${name} does not have the domain ${host} (it has ${has}): add it under the project's Custom domains (${where}).`];
});
if (problems.length > 0) {
  console.error(`Nothing was published:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`Cloudflare Pages: ${expected.map(({ name, host }) => `${name} (${host})`).join(' and ')} exist.`);
