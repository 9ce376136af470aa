/** Decap CMS's configuration, generated from the content schemas (src/cms/editor/decap-config.ts). */
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { stringify } from 'yaml';
import { contentCollections, decapConfig, type ServicePage } from '../../cms/editor/decap-config.ts';
import { cmsSettings } from '../../cms/build/cms-settings.ts';
import { SECTIONS, sectionPath } from '../../config/routes.ts';

/** The pages a case study can name, by section and menu order; a retired page has no page to list it on. */
async function servicePages(): Promise<ServicePage[]> {
  const sections = await Promise.all(
    SECTIONS.map(async (section) => {
      const sectionLabel = contentCollections.find(({ folder }) => folder === section)?.label ?? section;
      return (await getCollection(section))
        .filter((entry) => !entry.data.retiredTo)
        .toSorted((a, b) => a.data.order - b.data.order)
        .map((entry) => ({ label: `${sectionLabel}: ${entry.data.navLabel}`, value: sectionPath(section, entry.id) }));
    }),
  );
  return sections.flat();
}

export const GET: APIRoute = async () =>
  new Response(
    `# Generated from src/schemas/ by src/pages/admin/config.yml.ts: edit those, not this file.\n${stringify(decapConfig({ ...cmsSettings(), servicePages: await servicePages() }), { lineWidth: 0 })}`,
    {
      headers: { 'Content-Type': 'text/yaml; charset=utf-8' },
    },
  );
