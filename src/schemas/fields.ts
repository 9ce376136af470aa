import { z } from 'astro/zod';
import { isLinkForm } from '../lib/link-form.ts';
import { isIconName } from '../lib/icon-names.ts';

/**
 * A link target: a path of this site, an anchor, or an https/tel/mailto URL. That the path's page exists is checked
 * once every collection is loaded (src/lib/content-links.ts).
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
