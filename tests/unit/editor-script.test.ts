/**
 * The editor's script (src/cms/build/editor-script.ts) is bundled once for as long as the files it is built from keep
 * their times: `astro dev` serves it on every opening of /admin, and a file saved since shows at the next opening. A
 * module it imports with `import()` is left out of it, as a part of its own that it fetches when needed.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { editorPart, editorPartNames, editorScript } from '../../src/cms/build/editor-script.ts';

// Before src/config/environment.ts reads the environment (imports are hoisted above this file's other code).
vi.hoisted(() => Object.assign(process.env, { PUBLIC_EDITOR_TEST_GREETING: 'Namaskar', EDITOR_TEST_SECRET: 'not-for-browsers' }));

const folder = mkdtempSync(join(tmpdir(), 'editor-script-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes `text` to `path` and gives the file the time `seconds`, as a save at that time would. */
function saveAt(path: string, text: string, seconds: number) {
  writeFileSync(path, text);
  utimesSync(path, seconds, seconds);
}

test('is bundled again only once a file it is built from has been saved since', async () => {
  const entry = join(folder, 'entry.ts');
  const greeting = join(folder, 'greeting.ts');
  saveAt(entry, "import { greeting } from './greeting.ts';\nconsole.log(greeting);\n", 1_700_000_000);
  saveAt(greeting, "export const greeting = 'Namaste';\n", 1_700_000_000);
  expect(await editorScript(entry)).toContain('Namaste');

  // New words with the old time: the kept bundle is served, so it was not bundled again.
  saveAt(greeting, "export const greeting = 'Vanakkam';\n", 1_700_000_000);
  expect(await editorScript(entry)).toContain('Namaste');

  // Saved later: bundled again.
  utimesSync(greeting, 1_700_000_060, 1_700_000_060);
  expect(await editorScript(entry)).toContain('Vanakkam');
});

test("holds this build's public settings in place of import.meta.env, and no private one", async () => {
  const entry = join(folder, 'settings.ts');
  saveAt(entry, 'console.log(import.meta.env.PUBLIC_EDITOR_TEST_GREETING, import.meta.env.EDITOR_TEST_SECRET);\n', 1_700_000_000);
  const script = await editorScript(entry);
  expect(script).toContain('Namaskar');
  expect(script).not.toContain('not-for-browsers');
  expect(script).not.toContain('import.meta');
});

test('leaves a module imported with import() out, as a part of its own fetched from /admin/cms-setup/', async () => {
  const entry = join(folder, 'lazy.ts');
  saveAt(entry, "void import('./later-part.ts').then(({ later }) => console.log(later));\n", 1_700_000_000);
  saveAt(join(folder, 'later-part.ts'), "export const later = 'Good night';\n", 1_700_000_000);
  const script = await editorScript(entry);
  expect(script).toContain('import("/admin/cms-setup/later-part.js")');
  expect(script).not.toContain('Good night');
  expect(await editorPartNames(entry)).toEqual(['later-part']);
  const part = await editorPart('later-part', entry);
  expect(part).toContain('Good night');
  expect(part).toMatch(/export\s*\{/);
  await expect(editorPart('no-such-part', entry)).rejects.toThrow('no part named no-such-part');
});
