import { company } from './company.ts';

/** Marketing figures (years, projects, clients, savings…). Content quotes them by name (`{{yearsExperience}}`, src/config/facts.ts); the values live here once. */
export const figures = {
  yearsExperience: '30+',
  projectsDelivered: '500+',
  happyClients: '100+',
  expertTeam: '50+',
  enterpriseProjects: '500+',
  certifiedProfessionals: '50+',
  savingsRange: '40-70%',
  savings: '70%',
  indiaProfessionals: '500M+',
  countriesServed: '50+',
  onTimeDelivery: '95%+',
  teamDeployment: '1-2 weeks',
  costReduction: 'up to 60%',
  cloudMigrations: '500+',
  architectureProjects: '200+',
  erpImplementations: '500+',
  support: '24/7',
} as const;

export type FigureName = keyof typeof figures;

/**
 * What each figure counts, and whose figure it is, so no figure stands bare beside another it seems to contradict:
 * the team of 50+ delivered 500+ projects over 30+ years; the ERP, cloud and architecture figures count work within
 * those projects (implementations supported, workloads migrated), not further projects. A stats item that quotes a
 * figure alone (`value: '{{projectsDelivered}}'`) shows `label` under it, and `context` when the figure is not the
 * company's own.
 */
export const figureLabels: Record<FigureName, { label: string; context?: string }> = {
  yearsExperience: { label: `Years in IT services, since ${company.foundedYear}` },
  projectsDelivered: { label: `Projects delivered since ${company.foundedYear}` },
  happyClients: { label: `Happy clients since ${company.foundedYear}` },
  expertTeam: { label: 'Expert team: certified consultants and engineers' },
  enterpriseProjects: { label: `Enterprise projects delivered since ${company.foundedYear}` },
  certifiedProfessionals: { label: 'Certified professionals on staff' },
  savingsRange: { label: 'Typical client saving against onshore teams' },
  savings: { label: 'Highest client saving against onshore teams' },
  indiaProfessionals: { label: "Professionals in India's talent pool", context: 'India’s workforce, not our staff' },
  countriesServed: { label: 'Countries where our clients are served' },
  onTimeDelivery: { label: 'Projects delivered on time' },
  teamDeployment: { label: 'From signing to a working team' },
  costReduction: { label: 'Process cost reduction for clients' },
  cloudMigrations: { label: 'Cloud workloads migrated' },
  architectureProjects: { label: 'Projects that included architecture work' },
  erpImplementations: { label: 'ERP implementations and upgrades supported' },
  support: { label: 'Round-the-clock monitoring and support' },
};
