import { company } from './company.ts';

/**
 * Marketing figures (years, projects, clients, savings…). Content quotes them by name (`{{yearsExperience}}`, src/config/facts.ts); the values live here once,
 * and the build refuses copy that writes one out by hand (src/schemas/bare-figures.ts). One count, one figure: the
 * 500+ projects are the enterprise projects and hold the ERP implementations, so neither has a figure of its own.
 */
export const figures = {
  yearsExperience: '30+',
  projectsDelivered: '500+',
  happyClients: '100+',
  expertTeam: '50+',
  certifiedProfessionals: '50+',
  savingsRange: '40-70%',
  savings: 'up to 70%',
  indiaProfessionals: '500M+',
  countriesServed: '50+',
  onTimeDelivery: '95%+',
  teamDeployment: '1-2 weeks',
  costReduction: 'up to 60%',
  cloudMigrations: '500+',
  architectureProjects: '200+',
  support: '24/7',
} as const;

export type FigureName = keyof typeof figures;

/**
 * What each figure counts, and whose figure it is, so no figure stands bare beside another it seems to contradict:
 * the team of 50+ delivered 500+ projects for 100+ clients over 30+ years; the cloud and architecture figures count work
 * within those projects (workloads migrated, projects with architecture work), not further projects; the 50+ countries
 * and the 500M+ professionals are India's, not ours; savings are 40-70%, at most 70%; a team starts work within 1-2
 * weeks of signing, and taking over a running service goes on in stages after that. A stats item that quotes a
 * figure alone (`value: '{{projectsDelivered}}'`) shows `label` under it, and `context` when the figure is not the
 * company's own.
 */
export const figureLabels: Record<FigureName, { label: string; context?: string }> = {
  yearsExperience: { label: `Years in IT services, since ${company.foundedYear}` },
  projectsDelivered: { label: `Projects delivered since ${company.foundedYear}` },
  happyClients: { label: `Happy clients since ${company.foundedYear}` },
  expertTeam: { label: 'Expert team: certified consultants and engineers' },
  certifiedProfessionals: { label: 'Certified professionals on staff' },
  savingsRange: { label: 'Typical client saving against onshore teams' },
  savings: { label: 'Highest client saving against onshore teams' },
  indiaProfessionals: { label: "Professionals in India's talent pool", context: 'India’s workforce, not our staff' },
  countriesServed: { label: "Countries India's IT industry serves", context: 'India’s industry, not ours' },
  onTimeDelivery: { label: 'Projects delivered on time' },
  teamDeployment: { label: 'From signing to a team in place' },
  costReduction: { label: 'Process cost reduction for clients' },
  cloudMigrations: { label: 'Cloud workloads migrated' },
  architectureProjects: { label: 'Projects that included architecture work' },
  support: { label: 'Round-the-clock monitoring and support' },
};

/**
 * The words (their beginnings) of a phrase that states each company figure: "500+" beside "projects" is the projects
 * figure written out by hand (src/schemas/bare-figures.ts). Figures without words, such as 24/7, are not checked.
 */
export const figureWords: Partial<Record<FigureName, readonly string[]>> = {
  yearsExperience: ['year'],
  projectsDelivered: ['project', 'implementation', 'engagement', 'deliver'],
  happyClients: ['client', 'customer'],
  expertTeam: ['team', 'expert', 'engineer', 'consultant', 'staff', 'employee', 'people', 'headcount', 'specialist'],
  certifiedProfessionals: ['certified', 'certification', 'professional'],
  savingsRange: ['saving', 'save', 'cost', 'cheaper'],
  savings: ['saving', 'save', 'cost', 'cheaper'],
  indiaProfessionals: ['professional', 'talent', 'workforce', 'graduate'],
  countriesServed: ['countr', 'nation'],
  onTimeDelivery: ['on-time', 'time', 'deadline', 'schedule'],
  teamDeployment: ['team', 'deploy', 'staff', 'hire', 'onboard'],
  costReduction: ['cost', 'reduc', 'saving'],
  cloudMigrations: ['cloud', 'migrat', 'workload'],
  architectureProjects: ['architect'],
};
