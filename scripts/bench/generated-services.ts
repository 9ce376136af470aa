/** Service pages for the build benchmark: valid against src/schemas/page.ts (subPage), with varied copy. */

const AREAS = ['Data', 'Cloud', 'Network', 'Identity', 'Payroll', 'Warehouse', 'Analytics', 'Backup', 'Mobile', 'Billing', 'Logistics', 'Compliance'];
const ACTIONS = ['Migration', 'Support', 'Hardening', 'Monitoring', 'Automation', 'Integration', 'Modernisation', 'Consolidation', 'Testing'];
const QUALITIES = ['reliable', 'audited', 'documented', 'measured', 'secure', 'predictable', 'well-tested', 'fully reconciled'];
const ICONS = ['database', 'cloud', 'lock', 'clock', 'boxes', 'file-check'];

const pick = <T>(list: readonly T[], index: number, salt = 0): T => list[(index * 7 + salt * 13) % list.length]!;

export const generatedSlug = (index: number) => `bench-service-${String(index).padStart(4, '0')}`;

export function generatedServiceMdx(index: number): string {
  const area = pick(AREAS, index);
  const action = pick(ACTIONS, index, 1);
  const quality = pick(QUALITIES, index, 2);
  const name = `${area} ${action} ${index}`;
  const card = (n: number) => {
    const cardArea = pick(AREAS, index + n, 3);
    return `      - title: ${cardArea} ${pick(ACTIONS, index + n, 4)}
        icon: ${pick(ICONS, index + n)}
        description: ${cardArea} work planned in ${2 + ((index + n) % 6)} weeks, delivered by a ${quality} team with weekly reports.
        features:
          - ${pick(QUALITIES, index + n, 5)} hand-over
          - Named engineer for ${cardArea.toLowerCase()}
        link: /contact`;
  };
  return `---
seo:
  title: ${name} | Benchmark Services
  description: Generated page ${index} for the build benchmark, describing ${quality} ${area.toLowerCase()} ${action.toLowerCase()} for business clients.
order: ${1000 + index}
navLabel: ${name}
hero:
  tagline: ${area} Services
  title: ${name} That Stays ${quality}
  subtitle: Page ${index} of the build benchmark. We deliver ${area.toLowerCase()} ${action.toLowerCase()} that is ${quality} from the first week.
sections:
  - type: prose
    title: About ${name}
  - type: cards
    tagline: What We Do
    title: ${name} Offers
    columns: 3
    items:
${[0, 1, 2].map(card).join('\n')}
---

${area} ${action.toLowerCase()} is page ${index} of a generated set. Teams that need ${quality} results in ${area.toLowerCase()} get a fixed plan, a named lead and a weekly report.
`;
}
