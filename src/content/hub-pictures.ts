/**
 * What the hero pictures of /services, /consulting, /outsourcing, /case-studies and /about read
 * (src/picture-data/hub-visuals.ts): the cards their overview lists, in the same order and under the same titles, so a
 * page added as one file is drawn too; the case studies' lengths and teams; the company's figures; and the About
 * page's milestones.
 */
import { getCollection } from 'astro:content';
import { company } from '../config/company.ts';
import { figureLabels, figures } from '../config/figures.ts';
import { offices } from '../config/offices.ts';
import { caseStudiesVisual, deploymentVisual, lifecycleVisual, offersVisual, timelineVisual } from '../picture-data/hub-visuals.ts';
import { caseStudiesNewestFirst, clientLabel } from './proof.ts';
import type { HeroVisual } from '../picture-data/hero-visual.ts';
import type { Milestones } from '../schemas/hub-pictures.ts';
import { isLive } from './moved-addresses.ts';
import { overviewCards } from './overview-cards.ts';

/** The picture of a top-level page (content/pages/<id>.mdx), or none for a page without one. */
export async function hubVisual(id: string, data: { milestones?: Milestones }, today: Date): Promise<HeroVisual | undefined> {
  if (id === 'services') {
    const stages = new Map((await getCollection('services', isLive)).map(({ data }) => [data.card?.title ?? data.navLabel, data.lifecycle]));
    return lifecycleVisual((await overviewCards('services')).map((card) => ({ title: card.title, lifecycle: stages.get(card.title) })));
  }
  if (id === 'consulting') return offersVisual(await overviewCards('consulting'));
  if (id === 'outsourcing')
    return deploymentVisual({ lines: await overviewCards('outsourcing'), deployment: figures.teamDeployment, label: figureLabels.teamDeployment.label });
  if (id === 'case-studies')
    return caseStudiesVisual(
      (await caseStudiesNewestFirst()).map(({ data }) => ({ client: clientLabel(data), duration: data.duration, teamSize: data.teamSize })),
    );
  if (id === 'about') {
    const headquarters = offices.find((office) => office.headquarters) ?? offices[0]!;
    return timelineVisual({
      foundedYear: company.foundedYear,
      city: headquarters.city,
      countries: new Set(offices.map((office) => office.country)).size,
      today,
      milestones: data.milestones ?? [],
      totals: [`${offices.length} offices`, `${figures.projectsDelivered} projects`, `${figures.happyClients} clients`],
    });
  }
  return undefined;
}
