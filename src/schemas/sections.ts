import { z } from 'astro/zod';
import { action, href, icon, image } from './fields.ts';
import { SECTIONS } from '../config/routes.ts';
import { splitAtHighlight } from './title-highlight.ts';
import { videoAddress, videoUrlProblem } from './video-url.ts';

/** Fields every section shares: an anchor id, a small tagline over the title, the title, a subtitle and actions. */
const heading = {
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'use lowercase letters, digits and hyphens' })
    .optional(),
  tagline: z.string().optional(),
  title: z.string().min(1),
  subtitle: z.string().optional(),
  tone: z.enum(['plain', 'muted', 'dark']).default('plain'),
  actions: z.array(action).default([]),
};

export const card = z.strictObject({
  icon: icon.optional(),
  title: z.string().min(1),
  description: z.string().min(1),
  features: z.array(z.string()).default([]),
  badge: z.string().optional(),
  link: href.optional(),
  /** Button text; the section's `linkLabel` or 'Learn More' when absent. */
  linkLabel: z.string().optional(),
  external: z.boolean().default(false),
  /** Consulting offers show how long an engagement takes. */
  duration: z.string().optional(),
  /** Shown across the top of the card. */
  image: image.optional(),
});

const cards = z
  .strictObject({
    type: z.literal('cards'),
    ...heading,
    items: z.array(card).min(1).optional(),
    /** Instead of items: a card for each page of this folder that has a `card` (an overview page lists its pages). */
    from: z.enum(SECTIONS).optional(),
    columns: z.literal([2, 3, 4]).default(3),
    variant: z.enum(['default', 'feature', 'compact']).default('default'),
    linkLabel: z.string().default('Learn More'),
    /** Where a card without its own link points (the services and outsourcing pages send them to /contact). */
    defaultLink: href.optional(),
  })
  .superRefine((section, context) => {
    if (section.items === undefined && section.from === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['items'],
        input: undefined,
        message: `"items" is missing: write the cards here, or show a card for each page of a folder with from: ${SECTIONS.join(', from: ')}`,
      });
    }
    if (section.items !== undefined && section.from !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['from'],
        input: section.from,
        message: 'write the cards as items or take them from the pages of a folder, not both: remove one of the two',
      });
    }
  });

export const listItem = z.union([z.string().min(1), z.strictObject({ title: z.string().min(1), description: z.string().optional() })]);

/** A list item as a title and an optional description, whether it was written as plain text or as both. */
export const titledItem = (item: z.infer<typeof listItem>): { title: string; description?: string } => (typeof item === 'string' ? { title: item } : item);

const checklist = z.strictObject({
  type: z.literal('checklist'),
  ...heading,
  items: z.array(listItem).min(1),
  columns: z.literal([1, 2, 3, 4]).default(2),
  style: z.enum(['check', 'chips']).default('check'),
});

const steps = z.strictObject({
  type: z.literal('steps'),
  ...heading,
  items: z.array(z.strictObject({ title: z.string(), description: z.string(), duration: z.string().optional() })).min(2),
});

const statParts = z
  .strictObject({
    number: z.number().nonnegative(),
    suffix: z.string().default(''),
    prefix: z.string().default(''),
    /** What the figure counts and whose it is; a company figure quoted alone brings its own (src/config/figures.ts). */
    label: z.string().min(1).optional(),
    /** Whose figure it is, when not the company's own ("India's workforce, not our staff"): shown apart from the company's figures. */
    context: z.string().min(1).optional(),
  })
  .superRefine((stat, context) => {
    if (stat.label === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['label'],
        input: undefined,
        message: `"label" is missing: say what the figure counts and whose it is ("Projects delivered since 1995"), or quote one of the company's figures alone, value: '{{projectsDelivered}}', which brings its own label`,
      });
    }
  });

/** "Up to 60%" → prefix "Up to ", number 60, suffix "%"; the first number is the one a counter counts to. */
const statValue = /^(\D*?)(\d+(?:\.\d+)?)(.*)$/s;

/**
 * A figure, written whole as `value` (`value: '{{yearsExperience}}'` quotes src/config/facts.ts; `value: 30+` works
 * too) or in parts as `number`, `prefix` and `suffix`. A value is split into the parts the page shows.
 */
export const stat = z.preprocess((input, context) => {
  if (input === null || typeof input !== 'object' || !('value' in input)) return input;
  const { value, ...rest } = input as { value: unknown } & Record<string, unknown>;
  const parts = typeof value === 'string' ? statValue.exec(value.trim()) : null;
  if (!parts) {
    context.addIssue({
      code: 'custom',
      path: ['value'],
      input: value,
      message: 'write the figure as text with a number in it, like 30+ or {{yearsExperience}}',
    });
    return input;
  }
  if ('number' in rest) {
    context.addIssue({ code: 'custom', path: ['number'], input: rest.number, message: 'write the figure once: as value, or as number with prefix and suffix' });
  }
  const [, prefix = '', number = '', suffix = ''] = parts;
  return { ...rest, prefix: prefix.charAt(0).toUpperCase() + prefix.slice(1), number: Number(number), suffix };
}, statParts);

const stats = z.strictObject({
  type: z.literal('stats'),
  ...heading,
  items: z.array(stat).min(1),
  /** Count from 0 to each number once scrolled into view (the About counters). */
  animated: z.boolean().default(false),
});

const sla = z.strictObject({
  type: z.literal('sla'),
  ...heading,
  items: z
    .array(
      z.strictObject({
        title: z.string(),
        responseTime: z.string(),
        description: z.string(),
        features: z.array(z.string()).default([]),
      }),
    )
    .min(1),
});

const stages = z.strictObject({
  type: z.literal('stages'),
  ...heading,
  items: z.array(z.strictObject({ stage: z.string(), description: z.string(), duration: z.string() })).min(1),
});

const maturity = z.strictObject({
  type: z.literal('maturity'),
  ...heading,
  items: z
    .array(
      z.strictObject({
        area: z.string(),
        description: z.string(),
        /** A named level ("Managed") or a percentage ("80%"). */
        level: z.string(),
        score: z.number().min(0).max(100),
      }),
    )
    .min(1),
});

const severity = z.strictObject({
  type: z.literal('severity'),
  ...heading,
  items: z.array(z.strictObject({ level: z.string(), responseTime: z.string(), description: z.string() })).min(1),
});

const badges = z.strictObject({
  type: z.literal('badges'),
  ...heading,
  items: z.array(z.strictObject({ label: z.string(), icon: icon.optional() })).min(1),
});

const split = z.strictObject({
  type: z.literal('split'),
  ...heading,
  paragraphs: z.array(z.string()).min(1),
  panel: z.strictObject({
    title: z.string(),
    items: z.array(z.strictObject({ icon: icon.optional(), text: z.string() })).min(1),
  }),
});

const faq = z.strictObject({
  type: z.literal('faq'),
  ...heading,
  items: z.array(z.strictObject({ question: z.string(), answer: z.string() })).min(1),
});

const cta = z.strictObject({
  type: z.literal('cta'),
  ...heading,
  note: z.string().optional(),
});

/** A world map of the offices of src/config/offices.ts, each marked and named: the offices come from there, not from content. */
const officeMap = z.strictObject({
  type: z.literal('officeMap'),
  ...heading,
});

/**
 * A YouTube or Vimeo video, shown as a play button with its title until the visitor presses it: only then does the
 * page load the player (VideoFacade.astro), and only such a page's policy allows that player's origin as a frame.
 */
const video = z.strictObject({
  type: z.literal('video'),
  ...heading,
  title: z.string().optional(),
  url: z.string().refine((url) => videoAddress(url) !== undefined, { error: (issue) => videoUrlProblem(String(issue.input)) }),
  /** Names the play button and, once loaded, the player's frame. */
  videoTitle: z.string().min(1),
  caption: z.string().optional(),
});

/**
 * Proof from the collections (src/schemas/proof.ts): the newest case studies, the clients who allow being shown and
 * the quotes. A part with nothing to show is left out, and the whole section when no part has anything.
 */
const proof = z.strictObject({
  type: z.literal('proof'),
  ...heading,
  /** How many of the newest case studies to show (0: none). */
  caseStudies: z.number().int().min(0).max(6).default(2),
});

/** Every case study, newest first, as cards; left out while there is none. */
const caseStudies = z.strictObject({
  type: z.literal('caseStudies'),
  ...heading,
});

/** The leadership, a card per file of content/people/; the section is left out while there is none. */
const people = z.strictObject({
  type: z.literal('people'),
  ...heading,
});

/** Certificates and partnerships, one per file of content/certifications/; left out while there is none. */
const certifications = z.strictObject({
  type: z.literal('certifications'),
  ...heading,
});

/** Answers to a buyer's security and data-protection questions, one per file of content/trust/; left out while there is none. */
const trust = z.strictObject({
  type: z.literal('trust'),
  ...heading,
});

/** Where the MDX body of the entry is rendered among the sections (after the hero when absent). */
const prose = z.strictObject({
  type: z.literal('prose'),
  id: heading.id,
  tagline: heading.tagline,
  title: z.string().optional(),
  tone: heading.tone,
});

/** Letters and digits only, in lower case: "AI-powered solutions" and "AI-Powered Solutions" are the same words. */
const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The small line over a title places it ("Consulting" over "Consulting Verticals"); the title said again is noise. */
function refuseRepeatedTitle(heading: { tagline?: string | undefined; title?: string | undefined }, context: z.core.$RefinementCtx): void {
  if (heading.tagline === undefined || !heading.title || words(heading.tagline) !== words(heading.title)) return;
  context.addIssue({
    code: 'custom',
    path: ['tagline'],
    input: heading.tagline,
    message: `"${heading.tagline}" repeats the title "${heading.title}": the tagline is the small line above the title, so give it words of its own that place the section (e.g. "What we offer"), or remove it`,
  });
}

export const section = z
  .discriminatedUnion('type', [
    cards,
    checklist,
    steps,
    stats,
    sla,
    stages,
    maturity,
    severity,
    badges,
    split,
    faq,
    cta,
    prose,
    officeMap,
    video,
    proof,
    caseStudies,
    people,
    certifications,
    trust,
  ])
  .superRefine(refuseRepeatedTitle);

export type Section = z.infer<typeof section>;
export type SectionOf<T extends Section['type']> = Extract<Section, { type: T }>;
export type Stat = z.infer<typeof stat>;
export type Card = z.infer<typeof card>;

export const hero = z
  .strictObject({
    tagline: z.string().optional(),
    title: z.string().min(1),
    subtitle: z.string().min(1),
    actions: z.array(action).default([]),
    badges: z.array(z.strictObject({ icon: icon.optional(), label: z.string() })).default([]),
    /** The highlighted phrase of the title, shown in the accent colour. */
    highlight: z.string().optional(),
    /** Adds a "Call" button with the company phone number from src/config/company.ts. */
    call: z.boolean().default(false),
    /** Beside the text from 1024 px, below it on narrower screens. */
    image: image.optional(),
  })
  .superRefine((hero, context) => {
    refuseRepeatedTitle(hero, context);
    if (hero.highlight !== undefined && !splitAtHighlight(hero.title, hero.highlight)) {
      context.addIssue({
        code: 'custom',
        path: ['highlight'],
        input: hero.highlight,
        message: `"${hero.highlight}" is not part of the title "${hero.title}": the highlight must be a phrase of the title, written exactly as there`,
      });
    }
  });

export type Hero = z.infer<typeof hero>;
