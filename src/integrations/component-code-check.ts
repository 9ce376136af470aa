/**
 * A component's own <style> or <script> (one Astro processes, not `is:inline`) stops the build and `astro dev`,
 * naming the component. Astro would put its stylesheet into the page's head after the layout has written the page's
 * Content-Security-Policy, so browsers refuse it on every page, and it would bypass the page's one stylesheet that
 * carries only the rules the page uses (src/document/page-css.ts). A Vite plugin: Astro asks Vite for each such block
 * as a module of its own (`Hero.astro?astro&type=style&index=0&lang.css`).
 */
import { relative } from 'node:path';

const componentBlock = /^(.+?\.astro)\?astro&type=(style|script)&/;

export const componentCodeCheck = {
  name: 'component-code-check',
  transform(_code: string, id: string) {
    const [, file, type] = componentBlock.exec(id) ?? [];
    if (!file) return;
    const name = relative(process.cwd(), file);
    throw new Error(
      type === 'style'
        ? `${name} has a <style> of its own: browsers would refuse it under the pages' Content-Security-Policy. Style it with Tailwind classes, or put the rules in src/styles/global.css (each page carries the rules it uses).`
        : `${name} has a <script> of its own: Astro would write it into the page where the Content-Security-Policy does not allow it. Make it an island (src/components/islands/) or an inline script listed in src/document/inline-code.ts and written with <InlineScript name="…">.`,
    );
  },
};
