import { z } from 'astro/zod';
import { isLinkForm } from './link-form.ts';
import { isIconName } from './icon-names.ts';
import { imagePathProblem } from './image-path.ts';

/**
 * A link target: a path of this site, an anchor, or an https/tel/mailto URL. That the path's page exists is checked
 * once every collection is loaded (src/content/link-checks.ts).
 */
export const href = z.string().refine(isLinkForm, {
  error: (issue) =>
    `"${String(issue.input)}" is not a link: write a page of this site as /path in lowercase (e.g. /services/security or /contact#form), a section of this page as #id, or a full https:, tel: or mailto: address`,
});

export const icon = z.string().refine(isIconName, {
  error: (issue) => `"${String(issue.input)}" is not a Lucide icon name (browse them at lucide.dev/icons, e.g. "database")`,
});

export const seo = z.strictObject({
  title: z.string().min(10).max(70),
  description: z.string().min(50).max(170),
});

export const action = z.strictObject({
  label: z.string().min(1),
  href,
  /** Opens in a new tab (external sites only). */
  external: z.boolean().default(false),
  variant: z.enum(['primary', 'secondary', 'light', 'outline']).default('primary'),
  icon: icon.optional(),
  /** Extra words for screen readers and search engines when the visible label is generic ("Learn More"). */
  context: z.string().optional(),
});

export type Action = z.infer<typeof action>;

/** An image of content/uploads/, as ../uploads/<name>; that the file exists is checked when the page's file is read (src/content/image-checks.ts). */
export const imageSource = z.string().superRefine((path, context) => {
  const problem = imagePathProblem(path);
  if (problem) context.addIssue({ code: 'custom', input: path, message: problem });
});

/**
 * An image with its alt text, the words that stand for it for visitors who cannot see it and for search engines;
 * or marked decorative, when it adds nothing the text does not say (it then gets an empty alt).
 */
export const image = z
  .strictObject({
    src: imageSource,
    alt: z.string().optional(),
    decorative: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    const described = (value.alt ?? '').trim() !== '';
    if (!described && !value.decorative) {
      context.addIssue({
        code: 'custom',
        path: ['alt'],
        input: value.alt,
        message: 'the image needs its alt text: say in a few words what it shows, for visitors who cannot see it; or set decorative: true if it only decorates',
      });
    }
    if (described && value.decorative) {
      context.addIssue({
        code: 'custom',
        path: ['decorative'],
        input: value.decorative,
        message: 'an image is either described by its alt text or decorative, not both: remove the alt text, or set decorative: false',
      });
    }
  });

export type Image = z.infer<typeof image>;
