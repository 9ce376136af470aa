/**
 * What the editor at /admin calls each field of the content schemas, the one-line hint under it, and the order
 * writers meet the fields in. One place for the editor's words: decap-fields.ts reads labels and hints from here
 * by the field's path (`hero.highlight`), or by its name alone where the name means the same everywhere.
 */

export interface FieldWords {
  label: string;
  hint?: string;
  /** Optional in the schema, yet needed in practice (an image's alt text, unless it is decorative): no "(optional)" shown. */
  needed?: boolean;
}

/** By path first (`hero.title`, `sections.items.rating`: list indexes and section types left out), then by name. */
const byPath: Readonly<Record<string, FieldWords>> = {
  'seo.title': { label: 'Title in search results', hint: '10 to 70 characters, shown as the link in search results and on the browser tab.' },
  'seo.description': { label: 'Description in search results', hint: '50 to 170 characters, shown under the link in search results.' },
  'hero.title': { label: 'Title', hint: 'The big heading at the top of the page.' },
  'hero.highlight': { label: 'Highlighted words', hint: 'Words of the title shown in colour, written exactly as in the title.' },
  'hero.subtitle': { label: 'Text under the title' },
  'hero.call': { label: "Show a 'Call' button", hint: 'Adds a button that calls the company phone number.' },
  'hero.badges': { label: 'Badges', hint: 'Short points shown as small labels under the buttons.' },
  coreService: { label: 'Also list in the footer', hint: "Lists this page under the footer's Core Services; leave empty to keep it out." },
  'coreService.label': { label: 'Name in the footer' },
  'coreService.order': { label: 'Position in the footer', hint: 'A whole number; lower numbers come first.' },
  card: { label: 'Overview card', hint: "This page's card on the Services, Consulting or Outsourcing overview page; leave empty to keep it off." },
  'card.title': { label: 'Title on the card', hint: 'Leave empty to use the name in menus.' },
  'card.link': { label: "Card's link", hint: 'Leave empty to link to this page.' },
  retiredTo: {
    label: 'Retire this page: send its visitors to',
    hint: 'Leave empty to keep the page. An address such as /services: the page is taken off the site and its visitors are sent there. Change the links to this page first.',
  },
  'card.order': { label: 'Position among the overview cards', hint: 'Only where it differs from the position in menus.' },
  // People (content/people/) and certifications (content/certifications/), shown on /about.
  role: { label: 'Job title', hint: 'As the person would write it, such as Chief Technology Officer.' },
  photo: {
    label: 'Photo',
    hint: 'Optional. A portrait of the person, uploaded with their agreement; without one the page shows their initials.',
  },
  profile: {
    label: 'Public profile link',
    hint: 'The https address of a page about the person on another site, such as their LinkedIn profile, where a buyer can check their experience.',
  },
  kind: { label: 'Certificate or partnership' },
  issuer: { label: 'Issued by', hint: 'The organisation that issued the certificate or runs the partner programme.' },
  holder: { label: 'Held by', hint: "The company's name, or how many staff hold it, such as 14 staff." },
  credentialId: {
    label: 'Certificate number or partner ID',
    hint: 'As the issuer prints it. Write this, the verification link, or both, so a buyer can check it.',
  },
  verifyUrl: {
    label: 'Verification link',
    hint: "The https address of the issuer's page that confirms it: its register, partner directory or badge page.",
  },
  validUntil: {
    label: 'Valid until',
    hint: 'The expiry date on the certificate (for staff certificates, the earliest). The site will not build with a date that has passed.',
  },
  // Answers on the trust page (content/trust/).
  answer: {
    label: 'Answer',
    hint: "The company's answer, in a sentence or two. An example keeps [square brackets] where the facts go: replace each before unticking Sample.",
  },
  details: {
    label: 'Details a buyer checks',
    hint: 'Optional. Short lines under the answer: the standard, the clauses, who signs, how often.',
  },
  'sections.from': { label: 'Cards from the pages of', hint: 'Shows the overview card of each page of this group, instead of cards written here.' },
  reasons: { label: "Reasons beside the contact form ('Why Choose Us')" },
  'sections.items.score': { label: 'Score (0 to 100)', hint: 'The length of the bar.' },
  'sections.items.responseTime': { label: 'Response time', hint: 'For example: 15 minutes.' },
  lifecycle: {
    label: "Stage of the systems' life (Services pages)",
    hint: 'Where the Services page picture places this service. Services pages only: leave empty on consulting and outsourcing pages.',
  },
  milestones: {
    label: 'Milestones (About page picture)',
    hint: 'What the company added over the years, in order; the picture shows them between the founding year and today.',
  },
  'milestones.year': { label: 'Year', hint: 'Only if known for certain: without a year the milestone is shown in its place in the list, with no year.' },
  'sections.items.context': {
    label: 'Whose figure',
    hint: "Only for a figure that is not the company's own, such as India's workforce; shown apart from the company's figures.",
  },
  'sections.items.value': {
    label: 'Figure',
    hint: 'The figure as written, like 30+ or {{yearsExperience}}; or leave empty and fill in number, prefix and suffix.',
  },
  'sections.items.level': { label: 'Level', hint: 'A named level (Managed) or a percentage (80%).' },
  'sections.panel': { label: 'Side panel' },
  'sections.paragraphs': { label: 'Paragraphs' },
  'sections.note': { label: 'Small print under the buttons' },
  'sections.animated': { label: 'Count up when scrolled into view' },
  'sections.variant': { label: 'Card style', hint: 'Default: plain cards. Feature: a coloured bar on top. Compact: smaller cards and icons.' },
  'sections.style': { label: 'Look', hint: 'Check: a list with ticks. Chips: short words in pills.' },
  'sections.linkLabel': { label: "Cards' button text", hint: 'Used by cards that have no button text of their own.' },
  'sections.defaultLink': { label: "Cards' link", hint: 'Where cards without a link of their own lead, such as /contact.' },
  'sections.items.features': { label: 'Bullet points' },
  'sections.items.badge': { label: 'Badge', hint: 'A few words of specific information shown on the card, such as ISO 27001-aligned.' },
  'sections.items.linkLabel': { label: 'Button text' },
  'sections.items.link': { label: 'Link', hint: 'A page like /contact, a section of this page like #process, or https://…' },
  'sections.items.duration': { label: 'Duration', hint: 'For example: 2-4 weeks.' },
  'sections.items.external': { label: 'Opens another website in a new tab' },
  'sections.url': {
    label: 'Video address',
    hint: 'The YouTube or Vimeo address, copied from the address bar or the Share button, such as https://youtu.be/… or https://vimeo.com/…',
  },
  'sections.videoTitle': { label: 'Video title', hint: 'What the video is called: shown on the play button and read out by screen readers.' },
  'sections.caption': { label: 'Caption', hint: 'A line under the video; a link to the video on its own site follows it.' },
  'sections.caseStudies': { label: 'How many case studies', hint: 'The newest ones are shown; 0 shows none.' },
  // Proof a buyer can check: case studies, clients and client quotes (src/schemas/proof.ts).
  'caseStudies.body': {
    label: 'What we did',
    hint: 'The work, in a few paragraphs: how it was approached, what was delivered, who did it. Markdown, as in page text.',
  },
  client: { label: 'Client' },
  'client.named': {
    label: 'The client allows us to name them',
    hint: 'Only with their written agreement. Unticked, the page shows the sector description alone.',
  },
  'client.name': { label: "Client's name", hint: 'Only when they allow naming; leave empty otherwise (this file is public).' },
  'client.sector': { label: 'Who the client is, without the name', hint: 'For example: A UK logistics provider running warehouses across Britain.' },
  problem: { label: 'The problem', hint: 'What the client faced before the work began, in two or three sentences.' },
  services: {
    label: 'Services used',
    hint: 'Each service, consulting or outsourcing page the work used: the case study is listed on those pages.',
  },
  results: { label: 'Results', hint: 'Each result as a figure a buyer can check, with its unit and over what period.' },
  'results.figure': { label: 'Figure', hint: 'The number alone, such as 38 or 2.4.' },
  'results.unit': { label: 'Unit', hint: 'Written after the figure: %, hours, days, million records…' },
  'results.measure': { label: 'What it measures', hint: 'For example: shorter month-end close.' },
  'results.period': { label: 'Over what period', hint: 'For example: in the first two quarters after go-live.' },
  duration: { label: 'Duration', hint: 'How long the work took, such as 14 weeks.' },
  teamSize: { label: 'Team size', hint: 'Optional. How many people worked on it at its peak, as a number.' },
  technologies: { label: 'Technologies', hint: 'Optional. What the work was built or run on, chosen from the list.' },
  engagement: { label: 'Engagement model', hint: 'Optional. How the work was bought and run.' },
  referenceCall: {
    label: 'The client will take a reference call',
    hint: 'Only with their agreement: the page then tells buyers they can ask to speak to this client.',
  },
  date: { label: 'Completed', hint: 'When the work was completed: the newest case studies are listed first.' },
  quote: { label: "The client's words", hint: 'A quote from a named person at the client, as they approved it.' },
  'quote.text': { label: 'What they said' },
  'logo.src': { label: 'Logo file' },
  logo: { label: 'Logo', hint: 'Optional. PNG, JPEG, WebP or AVIF, on a white or transparent background; without one, the name is shown.' },
  permission: { label: 'The client allows us to show them', hint: 'Only with their written agreement; unticked, the client is shown nowhere.' },
  caseStudy: { label: 'From the case study', hint: 'Optional: the case study this quote belongs to; the quote links to it.' },
};

const byName: Readonly<Record<string, FieldWords>> = {
  seo: { label: 'Search engines' },
  hero: { label: 'Top of the page' },
  sections: {
    label: 'Sections',
    hint: 'The blocks of the page, top to bottom. The page text goes where a "Where the page text goes" section is, or after the top.',
  },
  navLabel: {
    label: 'Name in menus',
    hint: 'Short, up to 40 characters. A new page takes its address from it: "Cloud Operations" becomes /<section>/cloud-operations.',
  },
  order: { label: 'Position in menus', hint: 'The page this one comes after in the menu and on the overview page.' },
  lastUpdated: { label: 'Last updated' },
  summary: { label: 'Summary' },
  tagline: { label: 'Small line above the title' },
  title: { label: 'Title' },
  subtitle: { label: 'Text under the title' },
  description: { label: 'Description' },
  actions: { label: 'Buttons' },
  label: { label: 'Text' },
  href: { label: 'Link', hint: 'A page like /contact, a section of this page like #process, or https://…, tel:… or mailto:…' },
  external: { label: 'Opens another website in a new tab' },
  variant: { label: 'Button style', hint: 'Primary: filled. Secondary: quieter. Light: for dark backgrounds. Outline: a border only.' },
  icon: { label: 'Icon', hint: 'Type to search; see them all at lucide.dev/icons.' },
  context: { label: 'Words for screen readers', hint: 'Said after the button text, for buttons like "Learn More": for example "about data migration".' },
  id: { label: 'Anchor', hint: 'Lowercase words joined by hyphens, so buttons can lead here with #anchor.' },
  tone: { label: 'Background', hint: 'Plain: white. Muted: light grey. Dark: dark blue with white text.' },
  items: { label: 'Items' },
  columns: { label: 'Columns' },
  stage: { label: 'Stage' },
  area: { label: 'Area' },
  number: { label: 'Number' },
  prefix: { label: 'Before the number', hint: 'For example: Up to ' },
  suffix: { label: 'After the number', hint: 'For example: + or %' },
  question: { label: 'Question' },
  answer: { label: 'Answer' },
  name: { label: 'Name' },
  role: { label: 'Job title' },
  company: { label: 'Company' },
  text: { label: 'Text' },
  image: { label: 'Image', hint: 'Optional. Choose an uploaded image, or upload one (PNG, JPEG, WebP or AVIF).' },
  src: { label: 'Image file' },
  alt: {
    label: 'Alt text',
    hint: 'What the image shows, in a few words, for visitors who cannot see it. Required with an image, unless "Decorative only" is ticked.',
    needed: true,
  },
  decorative: { label: 'Decorative only', hint: 'Tick instead of writing alt text when the image adds nothing the text does not say.' },
  sample: {
    label: 'Sample',
    hint: 'Ticked: an example the site came with, marked "Sample" on the page. The site cannot be published while it is ticked: write the real entry, then untick.',
  },
  body: { label: 'Page text', hint: 'Markdown: `## Heading` for a heading, `**bold**`, `[link text](/contact)`; facts as `{{name}}`.' },
};

/** The words shown for the values of a choice, where the value itself is a developer's word. */
const choiceWords: Readonly<Record<string, string>> = {
  plain: 'Plain (white)',
  muted: 'Muted (light grey)',
  dark: 'Dark (dark blue, white text)',
  primary: 'Primary (filled)',
  secondary: 'Secondary (quieter)',
  light: 'Light (for dark backgrounds)',
  outline: 'Outline (a border only)',
  default: 'Default (plain cards)',
  feature: 'Feature (a coloured bar on top)',
  compact: 'Compact (smaller cards and icons)',
  check: 'Check (a list with ticks)',
  chips: 'Chips (short words in pills)',
  certificate: 'Certificate',
  partnership: 'Partnership',
  services: 'Services',
  consulting: 'Consulting',
  outsourcing: 'Outsourcing',
  install: 'Install (servers, networks, software)',
  implement: 'Implement (business applications)',
  migrate: 'Migrate (data)',
  support: 'Support (keep running)',
  secure: 'Secure',
  operate: 'Operate for you (outsourced)',
};

/** A choice's options as Decap shows them: the words a writer reads, the value the file keeps. */
export const choiceOptions = (values: readonly string[]) => values.map((value) => ({ label: choiceWords[value] ?? value, value }));

/** A legal page's `order`: its place among the legal links at the foot of every page (src/content/menus.ts), not in a menu. */
export const legalOrderWords: FieldWords = {
  label: "Position in the footer's legal links",
  hint: 'The legal page this one comes after in the links at the foot of every page.',
};

/** A person's or a certification's `order`: its place among the others on /about, not in a menu. */
export const aboutOrderWords: FieldWords = {
  label: 'Position on the About page',
  hint: 'The entry this one comes after on the About page.',
};

/** An answer's `order`: its place among the answers on /trust, not in a menu. */
export const trustOrderWords: FieldWords = {
  label: 'Position on the Trust page',
  hint: 'The answer this one comes after on the Trust page.',
};

/** Section types by what a visitor sees, with what each is for. */
export const sectionTypes: Readonly<Record<string, FieldWords>> = {
  cards: { label: 'Cards', hint: 'A grid of cards, each with an icon, a title, a description and a link.' },
  checklist: { label: 'Checklist', hint: 'A list of points with ticks, or short words in pills.' },
  steps: { label: 'Process steps', hint: 'Numbered steps of how the work is done.' },
  stats: { label: 'Figures', hint: 'A band of large numbers with a label each.' },
  sla: { label: 'Service-level cards', hint: 'Support levels with their response times and what each includes.' },
  stages: { label: 'Timeline', hint: 'Stages of a project with how long each takes.' },
  maturity: { label: 'Maturity bars', hint: 'Areas scored from 0 to 100, shown as bars.' },
  severity: { label: 'Severity table', hint: 'Incident levels with their response times.' },
  badges: { label: 'Badges', hint: 'A row of small labels, such as certifications.' },
  proof: {
    label: 'Proof: case studies, clients, quotes',
    hint: 'The newest case studies, the clients who allow being shown and their quotes, from their own collections.',
  },
  caseStudies: { label: 'Every case study', hint: 'A card for each case study, newest first, from the Case studies collection.' },
  split: { label: 'Text beside a panel', hint: 'Paragraphs on one side, a titled list on the other.' },
  faq: { label: 'Questions and answers', hint: 'Frequently asked questions; at most one per page.' },
  cta: { label: 'Closing call to action', hint: 'A closing title with buttons, usually last on the page.' },
  prose: { label: 'Where the page text goes', hint: 'Marks where the Page text box (at the end of the form) appears among the sections.' },
  officeMap: { label: 'Office map', hint: 'A world map with every office marked and named; the offices come from the site settings, not from this page.' },
  people: {
    label: 'People (leadership)',
    hint: 'A card for each person of "People (About page)", with photo, job title and profile link; left out while there is none.',
  },
  certifications: {
    label: 'Certifications and partnerships',
    hint: 'A card for each entry of "Certifications (About page)", with issuer, ID, expiry and verification link; left out while there is none.',
  },
  trust: {
    label: 'Security and data protection answers',
    hint: 'A card for each entry of "Answers (Trust page)": a buyer\'s question with the company\'s answer; left out while there is none.',
  },
  video: {
    label: 'Video',
    hint: 'A YouTube or Vimeo video, shown as a play button with its title; the video loads only when a visitor presses play.',
  },
};

/** The path a field's words are looked up by: list indexes and section types are not part of it. */
export const wordsPath = (parent: string, name: string) => (parent ? `${parent}.${name}` : name);

export function fieldWords(path: string): FieldWords {
  const name = path.split('.').at(-1)!;
  return byPath[path] ?? byName[name] ?? { label: name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase()) };
}

/** Fields in the order a writer fills them in, where that differs from the schema's (unlisted ones keep theirs, after). */
const writersOrder: Readonly<Record<string, readonly string[]>> = {
  '': [
    'sample',
    'seo',
    'title',
    'lastUpdated',
    'summary',
    'answer',
    'details',
    'navLabel',
    'order',
    'coreService',
    'hero',
    'reasons',
    'sections',
    'card',
    'body',
  ],
  hero: ['tagline', 'title', 'highlight', 'subtitle', 'actions', 'call', 'badges'],
  sections: [
    'tagline',
    'title',
    'subtitle',
    'url',
    'videoTitle',
    'caption',
    'items',
    'paragraphs',
    'panel',
    'note',
    'actions',
    'columns',
    'variant',
    'style',
    'linkLabel',
    'defaultLink',
    'animated',
    'tone',
    'id',
  ],
  'sections.items': ['icon', 'title', 'description', 'features', 'link', 'linkLabel', 'external', 'badge', 'duration'],
  'hero.actions': ['label', 'href', 'variant', 'icon', 'external', 'context'],
  'sections.actions': ['label', 'href', 'variant', 'icon', 'external', 'context'],
};

export function inWritersOrder<T extends { name: string }>(parent: string, fields: readonly T[]): T[] {
  const order = writersOrder[parent];
  if (!order) return [...fields];
  const rank = (field: T) => (order.includes(field.name) ? order.indexOf(field.name) : order.length);
  return fields.toSorted((a, b) => rank(a) - rank(b));
}
