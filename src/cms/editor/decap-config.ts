/**
 * The Decap CMS configuration served at /admin/config.yml: one collection per content folder, its fields read
 * off the collection's zod schema (decap-fields.ts), saved through the GitHub backend as one pull request per
 * change (editorial workflow), or straight to the working tree through decap-server when run locally.
 */
import type { z } from 'astro/zod';
import { topLevelPages } from '../../config/routes.ts';
import { legalPage, page, subPage } from '../../schemas/page.ts';
import { caseStudy, client, testimonial } from '../../schemas/proof.ts';
import { person } from '../../schemas/person.ts';
import { certification } from '../../schemas/certification.ts';
import { trustItem } from '../../schemas/trust.ts';
import { objectFields, type DecapField } from './decap-fields.ts';
import { aboutOrderWords, fieldWords, legalOrderWords, trustOrderWords } from './field-labels.ts';
import { orderWidget } from './order-widget-name.ts';
import { fileProblemField } from './file-problem.ts';
import { addressKey, mdxFrontmatterFormat, problemKey } from './frontmatter-format.ts';
import { uploadsFolder, uploadsPath } from '../../schemas/image-path.ts';

/** The GitHub repository writers' pull requests go to; CMS_GITHUB_REPO at build time overrides it. */
export const defaultGithubRepo = 'kalpaka-technologies/website';

/** The commit status .github/workflows/preview.yml posts on a pull request with its preview's address; the editor links to it. */
export const previewStatusContext = 'Preview on Cloudflare Pages';

/**
 * Each content folder, the schema its files pass (as src/content.config.ts pairs them), the editor's name for it,
 * whether writers may add its pages (never delete one: a page is retired, docs/CONTENT.md §4), and the
 * address of an entry (`slug` is its file name), for "View Live".
 */
export const contentCollections: readonly {
  folder: string;
  label: string;
  schema: z.ZodType;
  create: boolean;
  identifier: string;
  address: string;
  /** Entries with no menu position (the proof collections), listed by this field instead. */
  sortBy?: string;
  /** Its MDX body, as the writer sees it; `false`: the entries have none. */
  body?: DecapField | false;
}[] = [
  { folder: 'pages', label: 'Main pages', schema: page, create: false, identifier: 'hero.title', address: '' },
  { folder: 'services', label: 'Services', schema: subPage, create: true, identifier: 'navLabel', address: 'services/{{slug}}' },
  { folder: 'consulting', label: 'Consulting', schema: subPage, create: true, identifier: 'navLabel', address: 'consulting/{{slug}}' },
  { folder: 'outsourcing', label: 'Outsourcing', schema: subPage, create: true, identifier: 'navLabel', address: 'outsourcing/{{slug}}' },
  { folder: 'legal', label: 'Legal pages', schema: legalPage, create: false, identifier: 'title', address: '{{slug}}' },
  // Proof a buyer can check (src/schemas/proof.ts). A new case study's file name, and address, comes from its title.
  {
    folder: 'case-studies',
    label: 'Case studies',
    schema: caseStudy,
    create: true,
    identifier: 'title',
    address: 'case-studies/{{slug}}',
    sortBy: 'date',
    body: { name: 'body', ...fieldWords('caseStudies.body'), widget: 'text', required: false },
  },
  { folder: 'clients', label: 'Clients', schema: client, create: true, identifier: 'name', address: '', sortBy: 'name', body: false },
  { folder: 'testimonials', label: 'Client quotes', schema: testimonial, create: true, identifier: 'name', address: '', sortBy: 'name', body: false },
  // Shown together on /about, which is where "View Live" leads; placed on it by their order.
  { folder: 'people', label: 'People (About page)', schema: person, create: true, identifier: 'name', address: 'about', body: false },
  { folder: 'certifications', label: 'Certifications (About page)', schema: certification, create: true, identifier: 'title', address: 'about', body: false },
  // A buyer's security and data-protection questions, answered together on /trust.
  { folder: 'trust', label: 'Answers (Trust page)', schema: trustItem, create: true, identifier: 'title', address: 'trust', body: false },
];

/** How the entries list marks an example entry, before its name. */
export const sampleInList = 'SAMPLE · ';

/** Whether a collection's entries may be examples (`sample: true`, src/schemas/sample.ts). */
const hasSamples = (schema: z.ZodType) => objectFields(schema).some((field) => field.name === 'sample');

/** Collections placed on the About page by their order, not in a menu. */
const onAboutPage = new Set<z.ZodType>([person, certification]);

/** The MDX body as plain Markdown text: the rich-text mode would rewrite Markdown and `{{facts}}` it does not change. */
const bodyField: DecapField = { name: 'body', ...fieldWords('body'), widget: 'text', required: false };

/**
 * The fields of a collection's entries; the contact page's reasons only where the contact page shows them. One
 * list per schema, shared, so config.yml writes it once and refers to it (a YAML alias) from the other collections.
 */
const fieldsBySchema = new Map<z.ZodType, DecapField[]>();
/** A position is chosen as the page it comes after (order-widget.ts); a legal page's is in the footer, a person's on /about, an answer's on /trust, not a menu. */
const orderField = (field: DecapField, schema: z.ZodType): DecapField =>
  field.name !== 'order'
    ? field
    : {
        ...field,
        ...(schema === legalPage ? legalOrderWords : onAboutPage.has(schema) ? aboutOrderWords : schema === trustItem ? trustOrderWords : {}),
        widget: orderWidget,
      };
const entryFields = (schema: z.ZodType, withReasons = false, body: DecapField | false = bodyField) => {
  const fields =
    fieldsBySchema.get(schema) ??
    fieldsBySchema.set(schema, [fileProblemField, ...objectFields(schema).map((field) => orderField(field, schema)), ...(body ? [body] : [])]).get(schema)!;
  return withReasons ? fields : fields.filter((field) => field.name !== 'reasons');
};

/** The top-level pages, one file each, listed by their menu name (content/pages/home.mdx is "Home", at /). */
const pageFiles = () =>
  topLevelPages.map(({ path, label }) => {
    const name = path === '/' ? 'home' : path.slice(1);
    return { name, label, file: `content/pages/${name}.mdx`, preview_path: path.slice(1), fields: entryFields(page, name === 'contact') };
  });

export interface CmsSettings {
  siteUrl: string;
  githubRepo: string;
  /** Base URL of an OAuth proxy elsewhere; by default writers sign in through the editor's own /admin/auth. */
  authUrl?: string;
  /** The editor's own origin (EDITOR_URL), where its sign-in Functions run; the site's when absent. */
  editorUrl?: string;
  /** decap-server's API, offered on localhost only; absent from the production build. */
  localBackendUrl?: string;
  /** Another GitHub API than https://api.github.com (GitHub Enterprise's, or the sign-in test's stand-in). */
  githubApiRoot?: string;
  /** The pages a case study's "Services used" offers, as the content has them (src/pages/admin/config.yml.ts). */
  servicePages?: readonly ServicePage[];
}

export interface ServicePage {
  /** "Consulting: IT Strategy" */
  label: string;
  /** "/consulting/it-strategy" */
  value: string;
}

/**
 * Fields a writer chooses rather than types: a case study's services from the site's service pages, and a quote's
 * case study from the case studies. Without the pages (the editor's own checks), the schema's field as it is.
 */
function chosenFields(fields: DecapField[], servicePages: readonly ServicePage[] | undefined): DecapField[] {
  return fields.map((field) => {
    if (field.name === 'services' && field.widget === 'list' && servicePages)
      return {
        name: field.name,
        label: field.label,
        ...(field.hint ? { hint: field.hint } : {}),
        widget: 'select',
        multiple: true,
        min: 1,
        options: [...servicePages],
      };
    if (field.name === 'caseStudy' && field.widget === 'string')
      return {
        name: field.name,
        label: field.label,
        ...(field.hint ? { hint: field.hint } : {}),
        required: false,
        widget: 'relation',
        collection: 'case-studies',
        value_field: '{{slug}}',
        search_fields: ['title'],
        display_fields: ['title'],
      };
    return field;
  });
}

export function decapConfig({ siteUrl, ...settings }: CmsSettings) {
  return {
    backend: {
      name: 'github',
      repo: settings.githubRepo,
      branch: 'main',
      // Sign-in goes through the editor's own functions (editor/functions/admin/auth.ts), or a proxy elsewhere if one is named.
      ...(settings.authUrl
        ? { base_url: settings.authUrl, auth_endpoint: 'auth' }
        : { base_url: new URL(settings.editorUrl ?? siteUrl).origin, auth_endpoint: 'admin/auth' }),
      ...(settings.githubApiRoot ? { api_root: settings.githubApiRoot } : {}),
      // In the Workflow tab, "View Preview" opens the address of this status on the pull request's latest commit.
      preview_context: previewStatusContext,
      squash_merges: true,
      commit_messages: { create: 'Create {{collection}} “{{slug}}”', update: 'Update {{collection}} “{{slug}}”', delete: 'Delete {{collection}} “{{slug}}”' },
    },
    publish_mode: 'editorial_workflow',
    ...(settings.localBackendUrl ? { local_backend: { url: settings.localBackendUrl, allowed_hosts: ['localhost', '127.0.0.1'] } } : {}),
    // Uploads are stored beside the content, where Astro's image pipeline takes them, and written into a page as
    // ../uploads/<name>, the path from a page's file (src/schemas/image-path.ts).
    media_folder: uploadsFolder,
    public_folder: uploadsPath.slice(0, -1),
    // An optional field left empty is left out of the file rather than written as ''.
    omit_empty_optional_fields: true,
    site_url: siteUrl,
    display_url: siteUrl,
    // Decap's own cleaning of names, applied after the editor's (file-names.ts), which leaves nothing for it to change.
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: contentCollections.map(({ folder, label, schema, create, identifier, address, sortBy, body }) => ({
      name: folder,
      label,
      format: mdxFrontmatterFormat,
      // Decap's preview pane lists the fields unstyled, which is not what the page looks like.
      editor: { preview: false },
      // No Delete control: on the GitHub backend Decap commits a deletion straight to main, outside any pull request;
      // a page is retired instead (its `retiredTo` field), through its own pull request and its checks.
      delete: false,
      ...(folder === 'pages'
        ? { files: pageFiles() }
        : {
            folder: `content/${folder}`,
            extension: 'mdx',
            create,
            // Written by the editor before saving a new page (new-entry-address.ts), from its identifier field.
            slug: `{{fields.${addressKey}}}`,
            identifier_field: identifier,
            // A file the editor cannot open is listed by its problem (frontmatter-format.ts), which no other entry has; an
            // example entry (`sample: true`) by "Sample" first, so the list shows what still has to be replaced.
            summary: `${hasSamples(schema) ? `{{sample | ternary('${sampleInList}', '')}}` : ''}{{${identifier}}}{{${problemKey}.summary}}`,
            // Listed as the menus (or the footer's legal links) list them; by name on request.
            sortable_fields: sortBy
              ? [{ field: sortBy, default_sort: sortBy === 'date' ? 'desc' : true }, ...(sortBy === identifier ? [] : [identifier])]
              : [
                  {
                    field: 'order',
                    label:
                      folder === 'legal'
                        ? 'Footer order'
                        : onAboutPage.has(schema)
                          ? 'Order on the About page'
                          : schema === trustItem
                            ? 'Order on the Trust page'
                            : 'Menu order',
                    default_sort: true,
                  },
                  identifier,
                ],
            ...(hasSamples(schema) ? { view_filters: [{ label: 'Samples still to replace', field: 'sample', pattern: true }] } : {}),
            ...(address ? { preview_path: address } : {}),
            fields: chosenFields(entryFields(schema, false, body), settings.servicePages),
          }),
    })),
  };
}
