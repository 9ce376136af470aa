import { getCollection } from 'astro:content';
import { SECTIONS } from '../config/routes.ts';
import { isLive } from './moved-addresses.ts';

/** getStaticPaths for the sections' sub-pages: /<section>/<file name>, for every file of every section's collection but the retired ones. */
export async function sectionStaticPaths() {
  const perSection = await Promise.all(
    SECTIONS.map(async (section) => (await getCollection(section, isLive)).map((entry) => ({ params: { section, slug: entry.id }, props: { section, entry } }))),
  );
  return perSection.flat();
}
