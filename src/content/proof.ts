/**
 * The proof collections as pages show them (src/schemas/proof.ts): case studies newest first, those naming a service,
 * the clients who allow being shown, the quotes; and the rules across files, checked by the document layout once
 * every collection is loaded (a case study's services are pages of the site, a quote's case study exists), so a
 * mistake stops the build naming the file, line and field. Node only (reads the file for the line).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { getCollection, type CollectionEntry } from 'astro:content';
import { SECTIONS } from '../config/routes.ts';
import { positionOf } from '../schemas/issue-messages.ts';
import { nearestPageHint } from '../schemas/link-form.ts';
import { contentProblem } from './build-errors.ts';
import { builtPages } from './moved-addresses.ts';

export type CaseStudyEntry = CollectionEntry<'caseStudies'>;

/** Every case study, the most recent first (then by file name, so the order never depends on the disk). */
export async function caseStudiesNewestFirst(): Promise<CaseStudyEntry[]> {
  const entries = await getCollection('caseStudies');
  return entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || a.id.localeCompare(b.id));
}

/** The case studies that name the page at `path` among their services, newest first. */
export async function caseStudiesOf(path: string): Promise<CaseStudyEntry[]> {
  return (await caseStudiesNewestFirst()).filter((entry) => entry.data.services.includes(path));
}

/** The client as the page may name them: their name with permission, else the sector description. */
export const clientLabel = (data: CaseStudyEntry['data']): string => (data.client.named && data.client.name ? data.client.name : data.client.sector);

/** The clients who have allowed being shown, by name. */
export async function shownClients(): Promise<CollectionEntry<'clients'>[]> {
  return (await getCollection('clients', (entry) => entry.data.permission)).sort((a, b) => a.data.name.localeCompare(b.data.name));
}

/** Every quote, by file name. */
export async function testimonials(): Promise<CollectionEntry<'testimonials'>[]> {
  return (await getCollection('testimonials')).sort((a, b) => a.id.localeCompare(b.id));
}

/** The quotes a case study's page shows: those that link to it (content/testimonials/, `caseStudy:`). */
export async function quotesOf(caseStudy: string): Promise<CollectionEntry<'testimonials'>[]> {
  return (await testimonials()).filter(({ data }) => data.caseStudy === caseStudy);
}

/** Whether a page that is built has a "proof" section, which shows the quotes linked to no case study. */
async function hasProofBand(): Promise<boolean> {
  const withProof = (sections: readonly { type: string }[]) => sections.some((section) => section.type === 'proof');
  if ((await getCollection('pages')).some((entry) => withProof(entry.data.sections))) return true;
  for (const section of SECTIONS) if ((await getCollection(section)).some((entry) => !entry.data.retiredTo && withProof(entry.data.sections))) return true;
  return false;
}

/** Whether two quotes say the same, whatever their spaces, quote marks and case. */
const sameWords = (a: string, b: string) => {
  const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return words(a) !== '' && words(a) === words(b);
};

const quoteOnNoPage =
  'this quote is shown on no page: it names no case study, and no page has a "Proof" section (the home page\'s shows such quotes); add "caseStudy:" with the file name of the case study it belongs to, or put a "proof" section back on a page (docs/CONTENT.md §11)';

/** The first proof file that points at something the site does not have, as an error naming each such field; else undefined. */
export async function proofProblem(): Promise<Error | undefined> {
  const pages = await builtPages();
  const subPages = [...pages].filter((page) => SECTIONS.some((section) => page.startsWith(`/${section}/`)));
  const caseStudies = await getCollection('caseStudies');
  const slugs = caseStudies.map((entry) => entry.id);
  const quotes = await getCollection('testimonials');
  const proofBandShown = await hasProofBand();
  const checks: Array<{ filePath?: string; broken: Array<{ path: PropertyKey[]; message: string }> }> = [
    ...caseStudies.map((entry) => ({
      filePath: entry.filePath,
      broken: entry.data.services.flatMap((service, index) =>
        pages.has(service) ? [] : [{ path: ['services', index], message: `"${service}" is not a page of this site: ${nearestPageHint(service, subPages)}` }],
      ),
    })),
    ...quotes.map((entry) => ({
      filePath: entry.filePath,
      broken:
        entry.data.caseStudy === undefined || slugs.includes(entry.data.caseStudy)
          ? entry.data.caseStudy === undefined && !entry.data.sample && !proofBandShown
            ? [{ path: ['quote'], message: quoteOnNoPage }]
            : []
          : [
              {
                path: ['caseStudy'],
                message: `there is no case study "${entry.data.caseStudy}": write the file name of one in content/case-studies/ (${slugs.join(', ') || 'there are none yet'}), or remove the line`,
              },
            ],
    })),
    // A case study's own quote that a linked quote file repeats would show twice on its page.
    ...caseStudies.map((entry) => {
      const repeated = quotes.find(({ data }) => data.caseStudy === entry.id && sameWords(data.quote, entry.data.quote?.text ?? ''));
      return {
        filePath: entry.filePath,
        broken: repeated
          ? [
              {
                path: ['quote', 'text'],
                message: `the same words are in ${relative(process.cwd(), repeated.filePath ?? repeated.id)}, which links to this case study and is shown on its page: remove this quote (the "quote:" lines here) and keep that file`,
              },
            ]
          : [],
      };
    }),
  ];
  for (const { filePath, broken } of checks) {
    if (!filePath || broken.length === 0) continue;
    const source = readFileSync(filePath, 'utf8');
    const name = relative(process.cwd(), filePath);
    const lines = broken.map(({ path, message }) => {
      const at = positionOf(source, path) ?? { line: 1, column: 1 };
      return { at, text: `${name}:${at.line}:${at.column} ${path.map(String).join('.')}: ${message}` };
    });
    return contentProblem(name, lines.map((line) => line.text), lines[0]!.at, filePath);
  }
  return undefined;
}

/** A result's figure as the page shows it: "38%", "12 minutes", "2.4 million records" (British number format). */
export function resultFigure(result: { figure: number; unit: string }): { figure: string; unit: string; joined: boolean } {
  const figure = result.figure.toLocaleString('en-GB');
  // A symbol is written against the number; a word after a space.
  const joined = !/^\p{L}/u.test(result.unit);
  return { figure, unit: result.unit, joined };
}
