/**
 * The editor at /admin and the content schemas cannot drift: the Decap configuration is generated from the
 * zod schemas (src/cms/editor/decap-config.ts), and these tests fail, naming the field, when the editor lacks a field
 * the schema or the content has, offers one the schema lacks, or when its file format would change a file.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'astro/zod';
import { describe, expect, test } from 'vitest';
import { contentCollections, decapConfig, previewStatusContext } from '../../src/cms/editor/decap-config.ts';
import type { DecapField } from '../../src/cms/editor/decap-fields.ts';
import { fromFile, problemKey, sourceKey, toFile } from '../../src/cms/editor/frontmatter-format.ts';
import { adminPage } from '../../src/cms/build/admin-page.ts';
import { decapInjectedStylesheets, decapStyleHashes, stringLiteralValue } from '../../src/cms/build/decap-styles.ts';

const content = join(import.meta.dirname, '../../content');
const config = decapConfig({ siteUrl: 'https://www.example.com', githubRepo: 'owner/site' });

const child = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Field paths of a zod schema, `sections[cards].items[].title` style, read independently of decap-fields.ts. */
function schemaPaths(schema: z.ZodType, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return schemaPaths(def.innerType as z.ZodType, path);
    case 'pipe':
      return schemaPaths(def.out as z.ZodType, path);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([name, field]) => [child(path, name), ...schemaPaths(field, child(path, name))]);
    case 'array': {
      const element = defOf(def.element);
      if (element.type !== 'union' || !element.discriminator) return schemaPaths(def.element as z.ZodType, `${path}[]`);
      const key = element.discriminator as string;
      return (element.options as z.ZodType[]).flatMap((option) => {
        const type = (defOf((defOf(option).shape as Record<string, unknown>)[key]).values as string[])[0];
        return schemaPaths(option, `${path}[${type}]`).filter((field) => field !== `${path}[${type}].${key}`);
      });
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => schemaPaths(option, path));
    default:
      return [];
  }
}

/** Field paths of Decap fields, in the same style. */
function editorPaths(fields: readonly DecapField[], prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = child(prefix, field.name);
    if (field.types) return [path, ...field.types.flatMap((type) => editorPaths(type.fields ?? [], `${path}[${type.name}]`))];
    if (field.fields) return [path, ...editorPaths(field.fields, field.widget === 'list' ? `${path}[]` : path)];
    return [path];
  });
}

const normalise = (paths: string[]) => [...new Set(paths)].sort();

/** The key paths the files of a folder use, in the same style (a section's keys under `sections[<type>]`). */
function contentPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => contentPaths(item, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [];
  const type = (value as { type?: unknown }).type;
  const base = typeof type === 'string' && prefix.endsWith('sections[]') ? `${prefix.slice(0, -2)}[${type}]` : prefix;
  return Object.entries(value).flatMap(([key, item]) => {
    if (base !== prefix && key === 'type') return [];
    const path = child(base, key);
    return [path, ...contentPaths(item, path)];
  });
}

const files = (folder: string) => readdirSync(join(content, folder)).filter((file) => file.endsWith('.mdx'));

describe('the /admin editor configuration', () => {
  for (const { folder, schema } of contentCollections) {
    const collection = config.collections.find((item) => item.name === folder)!;
    // The main pages are one file each, each with the fields its page shows; together they have every field.
    const fieldsOf = 'files' in collection ? collection.files.flatMap((file) => file.fields) : collection.fields;
    const editor = normalise(editorPaths(fieldsOf));

    test(`${folder}: every schema field is in the editor, and the editor has no other field`, () => {
      // The MDX body is no frontmatter; a stat's `value` is its whole-figure form, split into parts before the schema's check;
      // the first field shows why a file cannot be opened, if it cannot.
      const notInSchema = new Set(['body', 'sections[stats].items[].value', problemKey]);
      // Only the contact page shows the reasons beside its form, so only its form offers them.
      const notInEditor = (path: string) => folder !== 'pages' && path.startsWith('reasons');
      expect(editor.filter((path) => !notInSchema.has(path))).toEqual(normalise(schemaPaths(schema)).filter((path) => !notInEditor(path)));
    });

    test(`${folder}: every key used in content/${folder} is a field of the editor`, () => {
      const entries = files(folder).map((file) => fromFile(readFileSync(join(content, folder, file), 'utf8')));
      // Entries with no page text (clients, quotes) have no text box for it: their files have none.
      const withoutBody = !editor.includes('body');
      if (withoutBody) expect(entries.map((entry) => String(entry.body ?? '').trim())).toEqual(entries.map(() => ''));
      const used = normalise(entries.flatMap((entry) => contentPaths(entry))).filter((path) => path !== sourceKey && !(withoutBody && path === 'body'));
      expect(used.filter((path) => !editor.includes(path))).toEqual([]);
    });
  }

  test('checklist lines written as text are edited as titles and written back as text', () => {
    const text = '---\nsections:\n  - type: checklist\n    title: T\n    items:\n      - One\n      - title: Two\n        description: More\n---\n';
    expect(fromFile(text).sections).toEqual([{ type: 'checklist', title: 'T', items: [{ title: 'One' }, { title: 'Two', description: 'More' }] }]);
    expect(toFile(fromFile(text))).toBe(text);
  });

  test('the form speaks a writer’s words: named pages, plain labels, sections by what they show, no field dump', () => {
    const pages = config.collections.find((item) => item.name === 'pages')!;
    expect('files' in pages && pages.files.map((file) => [file.label, file.file, file.preview_path])).toEqual([
      ['Home', 'content/pages/home.mdx', ''],
      ['About', 'content/pages/about.mdx', 'about'],
      ['Services', 'content/pages/services.mdx', 'services'],
      ['Consulting', 'content/pages/consulting.mdx', 'consulting'],
      ['Outsourcing', 'content/pages/outsourcing.mdx', 'outsourcing'],
      ['Case Studies', 'content/pages/case-studies.mdx', 'case-studies'],
      ['Security and Data Protection', 'content/pages/trust.mdx', 'trust'],
      ['Contact', 'content/pages/contact.mdx', 'contact'],
    ]);
    const services = config.collections.find((item) => item.name === 'services')!;
    const fields = 'fields' in services ? services.fields : [];
    const field = (path: string) =>
      path.split('.').reduce<DecapField | undefined>((found, name) => (found ? found.fields : fields)?.find((item) => item.name === name), undefined);
    expect(field('coreService')?.label).toBe('Also list in the footer');
    expect(field('hero.call')?.label).toBe("Show a 'Call' button");
    expect(
      field('hero')
        ?.fields?.map((item) => item.name)
        .slice(0, 3),
    ).toEqual(['tagline', 'title', 'highlight']);
    expect(field('hero.badges')?.fields?.find((item) => item.name === 'icon')?.widget).toBe('icon');
    const types = field('sections')?.types?.map((type) => type.label);
    expect(types).toEqual(expect.arrayContaining(['Service-level cards', 'Questions and answers', 'Closing call to action']));
    expect(fields.some((item) => item.name === 'reasons')).toBe(false);
    expect(fields.find((item) => item.name === 'body')?.widget).toBe('text');
    // A choice shows its meaning; the file keeps its word.
    const cards = field('sections')?.types?.find((type) => type.name === 'cards');
    expect(cards?.fields?.find((item) => item.name === 'tone')?.options).toEqual([
      { label: 'Plain (white)', value: 'plain' },
      { label: 'Muted (light grey)', value: 'muted' },
      { label: 'Dark (dark blue, white text)', value: 'dark' },
    ]);
    for (const collection of config.collections) expect(collection.editor).toEqual({ preview: false });
    expect(config.site_url).toBe('https://www.example.com');
    expect(config.display_url).toBe('https://www.example.com');
  });

  test('the form says what is true: "(optional)" only on optional fields, counters where a length is limited, positions by page type', () => {
    const fieldsOf = (name: string) => {
      const collection = config.collections.find((item) => item.name === name)!;
      return 'fields' in collection ? collection.fields : [];
    };
    const at = (fields: readonly DecapField[], path: string) =>
      path.split('.').reduce<DecapField | undefined>((found, name) => (found ? found.fields : fields)?.find((item) => item.name === name), undefined);
    const services = fieldsOf('services');
    /** Decap writes "(optional)" after the label of a field whose `required` is false, unless its widget is a "-needed" twin. */
    const saysOptional = (field: DecapField | undefined) => field?.required === false && !field.widget.endsWith('-needed');
    // Required once their group is used: no "(optional)", and the hint says when.
    expect(saysOptional(at(services, 'card.description'))).toBe(false);
    expect(at(services, 'card.description')?.hint).toBe('Required when "Overview card" is used.');
    expect(saysOptional(at(services, 'coreService.label'))).toBe(false);
    const sectionImage = at(services, 'hero.image');
    const imageField = (name: string) => sectionImage?.fields?.find((field) => field.name === name);
    expect(saysOptional(imageField('alt'))).toBe(false);
    expect(imageField('alt')?.hint).toContain('Required with an image, unless "Decorative only" is ticked.');
    expect(saysOptional(imageField('src'))).toBe(false);
    // Really optional ones keep it.
    expect(saysOptional(at(services, 'card.title'))).toBe(true);
    expect(saysOptional(imageField('decorative'))).toBe(true);
    expect(saysOptional(sectionImage)).toBe(true);
    // Counters follow the schema's limits.
    expect(at(services, 'seo.title')?.max_length).toBe(70);
    expect(at(services, 'seo.description')?.max_length).toBe(170);
    expect(at(services, 'navLabel')?.max_length).toBe(40);
    expect(at(services, 'hero.title')?.max_length).toBeUndefined();
    // A position is chosen as the page it comes after; a legal page's is in the footer, not a menu.
    expect(at(services, 'order')).toMatchObject({ label: 'Position in menus', widget: 'order-after' });
    expect(at(fieldsOf('legal'), 'order')).toMatchObject({ label: "Position in the footer's legal links", widget: 'order-after' });
    // The body and the section that places it have different names.
    expect(at(services, 'body')?.label).toBe('Page text');
    expect(at(services, 'sections')!.types!.find((type) => type.name === 'prose')?.label).toBe('Where the page text goes');
    // Listed as the menus list them.
    for (const name of ['services', 'consulting', 'outsourcing', 'legal']) {
      const collection = config.collections.find((item) => item.name === name)!;
      expect('sortable_fields' in collection && collection.sortable_fields[0]).toMatchObject({ field: 'order', default_sort: true });
    }
  });

  test('pages of services, consulting and outsourcing, case studies, clients, quotes, people, certifications and trust answers can be added; no entry can be deleted (a page is retired instead)', () => {
    const allowed = config.collections.map((item) => [item.name, 'folder' in item && item.create, item.delete]);
    expect(allowed).toEqual([
      ['pages', false, false],
      ['services', true, false],
      ['consulting', true, false],
      ['outsourcing', true, false],
      ['legal', false, false],
      ['case-studies', true, false],
      ['clients', true, false],
      ['testimonials', true, false],
      ['people', true, false],
      ['certifications', true, false],
      ['trust', true, false],
    ]);
  });

  test('people and certifications are edited as fields only, placed on the About page, and say what a buyer checks', () => {
    const at = (fields: readonly DecapField[], name: string) => fields.find((item) => item.name === name);
    for (const name of ['people', 'certifications']) {
      const collection = config.collections.find((item) => item.name === name)!;
      const fields = 'fields' in collection ? collection.fields : [];
      expect(fields.map((field) => field.name)).not.toContain('body');
      expect(at(fields, 'order')).toMatchObject({ label: 'Position on the About page', widget: 'order-after' });
      expect(at(fields, 'sample')).toMatchObject({ label: 'Sample', widget: 'boolean' });
      expect('preview_path' in collection && collection.preview_path).toBe('about');
    }
    const certifications = config.collections.find((item) => item.name === 'certifications')!;
    const fields = 'fields' in certifications ? certifications.fields : [];
    expect(at(fields, 'verifyUrl')?.label).toBe('Verification link');
    expect(at(fields, 'validUntil')).toMatchObject({ label: 'Valid until', widget: 'datetime', format: 'YYYY-MM-DD' });
    expect(at(fields, 'kind')?.options).toEqual([
      { label: 'Certificate', value: 'certificate' },
      { label: 'Partnership', value: 'partnership' },
    ]);
  });

  test("the trust page's answers are edited as fields only, placed on /trust, with a hint that an example's [gaps] are to be filled", () => {
    const collection = config.collections.find((item) => item.name === 'trust')!;
    const fields = 'fields' in collection ? collection.fields : [];
    const at = (name: string) => fields.find((item) => item.name === name);
    expect(fields.map((field) => field.name)).not.toContain('body');
    expect(at('order')).toMatchObject({ label: 'Position on the Trust page', widget: 'order-after' });
    expect(at('answer')?.hint).toContain('[square brackets]');
    expect(at('details')).toMatchObject({ label: 'Details a buyer checks', widget: 'list' });
    expect('preview_path' in collection && collection.preview_path).toBe('trust');
    expect('sortable_fields' in collection && collection.sortable_fields[0]).toMatchObject({ field: 'order', label: 'Order on the Trust page' });
  });

  test('an example entry is a labelled "Sample" checkbox with its hint, listed as a sample and found by a filter', () => {
    for (const name of ['case-studies', 'clients', 'testimonials', 'people', 'certifications', 'trust']) {
      const collection = config.collections.find((item) => item.name === name)!;
      const fields = 'fields' in collection ? collection.fields : [];
      const sample = fields.find((field) => field.name === 'sample');
      expect(sample, name).toMatchObject({ label: 'Sample', widget: 'boolean', required: false });
      expect(sample?.hint, name).toContain('cannot be published while it is ticked');
      // The first field a writer sees (after the notice of a file that cannot be opened).
      expect(fields.filter((field) => field.name !== problemKey)[0]?.name, name).toBe('sample');
      expect('summary' in collection && collection.summary, name).toMatch(/^\{\{sample \| ternary\('SAMPLE · ', ''\)\}\}/);
      expect('view_filters' in collection && collection.view_filters, name).toEqual([{ label: 'Samples still to replace', field: 'sample', pattern: true }]);
    }
  });

  test('changes go to GitHub as pull requests; the local backend is offered only by the dev server', () => {
    expect(config.backend).toMatchObject({ name: 'github', repo: 'owner/site', branch: 'main' });
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(config).not.toHaveProperty('local_backend');
    expect(decapConfig({ siteUrl: 'https://x.example', githubRepo: 'o/s', localBackendUrl: 'http://127.0.0.1:8081/api/v1' }).local_backend).toEqual({
      url: 'http://127.0.0.1:8081/api/v1',
      allowed_hosts: ['localhost', '127.0.0.1'],
    });
  });

  test('/admin is not indexed and allows the site, the GitHub API and, in dev, the local backend only', () => {
    const policyOf = (html: string) => /<meta http-equiv="content-security-policy" content="([^"]*)">/.exec(html)![1]!;
    expect(adminPage({})).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(policyOf(adminPage({}))).toBe(
      "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self'; img-src 'self' data: blob: https://avatars.githubusercontent.com; " +
        "connect-src 'self' blob: https://api.github.com; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    // Decap's own <style> elements by hash, never 'unsafe-inline' (src/cms/build/decap-styles.ts).
    expect(policyOf(adminPage({ styleHashes: decapStyleHashes() }))).toMatch(/; style-src 'self'( 'sha256-[\w+/]+=')+;/);
    expect(policyOf(adminPage({ localBackendUrl: 'http://127.0.0.1:8081/api/v1' }))).toContain(
      "connect-src 'self' blob: https://api.github.com http://127.0.0.1:8081;",
    );
    // Another GitHub API (CMS_GITHUB_API_ROOT) replaces api.github.com rather than joining it.
    expect(policyOf(adminPage({ githubApiRoot: 'https://github.example.org/api/v3' }))).toContain("connect-src 'self' blob: https://github.example.org;");
  });

  test('the editor’s policy names each stylesheet Decap writes into a <style> element: the empty one emotion fills, react-toastify’s and Uploadcare’s', () => {
    const hashes = decapStyleHashes();
    expect(hashes[0]).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    const code = `(zb=document.createElement("style")).innerText=':root{--x:\\'a\\'}\\n.b{c:d}';x.appendChild(document.createTextNode(e))}}('\\n.u{display:flex}');`;
    expect(decapInjectedStylesheets(code)).toEqual([":root{--x:'a'}\n.b{c:d}", '\n.u{display:flex}']);
    expect(stringLiteralValue("'\\u00e9\\x41\\\\'")).toBe('éA\\');
  });

  test('the Workflow tab links to the preview deployment the pull request’s status names, and another GitHub API is used only when named', () => {
    expect(config.backend.preview_context).toBe(previewStatusContext);
    expect(config.backend).not.toHaveProperty('api_root');
    expect(decapConfig({ siteUrl: 'https://x.example', githubRepo: 'o/s', githubApiRoot: 'https://github.example.org/api/v3' }).backend).toMatchObject({
      api_root: 'https://github.example.org/api/v3',
    });
  });
});
