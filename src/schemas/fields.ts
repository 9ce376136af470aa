import { z } from 'astro/zod';
import { isValidHref } from '../lib/known-routes.ts';
import { isIconName } from '../lib/icon-names.ts';

/** A link target: a page of this site (src/config/routes.ts, its redirects, or a file in content/), an anchor, or an https/tel/mailto URL. */
export const href = z.string().refine(isValidHref, {
  error: (issue) => `"${String(issue.input)}" is not a page of this site (src/config/routes.ts or a file in content/) nor an https:, tel: or mailto: link`,
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
