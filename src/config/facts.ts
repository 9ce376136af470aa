/**
 * Facts that copy quotes, by name: content writes `{{name}}` and the build puts the value in, in MDX bodies
 * (src/content/markdown-facts.ts) and frontmatter (src/schemas/facts.ts) alike. Change a value here and every page
 * that quotes it, and the form's toasts, change with it.
 */
import { businessHours, responseTime, responseTimeHours, supportPhone, talentPartner } from './company.ts';
import { officeRecords } from './office-records.ts';
import { headquarters, offices } from './offices.ts';
import { describeTimeZone } from './time-zone.ts';
import { figures } from './figures.ts';

const [weekdays, saturday] = businessHours;

/** A count as copy writes it: in words up to twelve, in figures above. */
const inWords = (count: number) =>
  ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'][count] ?? String(count);

export const facts = {
  ...figures,
  /** "We reply within {{responseTime}}." */
  responseTime,
  /** "{{responseTimeHours}}-hour response time" */
  responseTimeHours: String(responseTimeHours),
  /** "Mon-Fri 9:00-18:00" */
  weekdayHours: `${weekdays.days} ${weekdays.label}`,
  /** "Sat 9:00-14:00" */
  saturdayHours: `${saturday.days} ${saturday.label}`,
  /** "five": how many offices src/config/office-records.ts lists ("We operate from {{officeCount}} offices"). */
  officeCount: inWords(offices.length),
  /** "India, the United States, the United Kingdom, Canada and Australia": the offices' countries, in their order. */
  officeCountries: new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(officeRecords.map((office) => office.countryInProse)),
  /** "India Standard Time (UTC+05:30)": the headquarters' zone. */
  timeZone: describeTimeZone(headquarters.timeZone),
  /** "+91 120 555 0199": the 24/7 line for critical incidents. */
  supportPhone: supportPhone.display,
  talentPartnerName: talentPartner.name,
  talentPartnerUrl: talentPartner.contactUrl,
} as const satisfies Record<string, string>;

type FactName = keyof typeof facts;

export const isFactName = (name: string): name is FactName => Object.hasOwn(facts, name);

/** `{{name}}`, with spaces allowed inside the braces. */
const factPlaceholder = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** `meant`: the fact the name most likely misspells, when the caller has found one. */
export const unknownFactMessage = (name: string, meant?: string) =>
  `{{${name}}} is not a fact of src/config/facts.ts${meant ? `: did you mean {{${meant}}}?` : ''} (known: ${Object.keys(facts)
    .map((fact) => `{{${fact}}}`)
    .join(', ')})`;

const refuseUnknown = (name: string) => {
  throw new Error(unknownFactMessage(name));
};

/** `text` with every placeholder replaced by its fact; an unknown name throws, or is handed to `unknown` and kept. */
export function withFacts(text: string, unknown: (name: string) => void = refuseUnknown): string {
  return text.replace(factPlaceholder, (placeholder, name: string) => {
    if (isFactName(name)) return facts[name];
    unknown(name);
    return placeholder;
  });
}
