import { getCollection } from 'astro:content';
import type { Section } from '../config/routes.ts';

/** getStaticPaths for a section's sub-pages: the file name is the route slug. */
export async function sectionStaticPaths(section: Section) {
  const entries = await getCollection(section);
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
