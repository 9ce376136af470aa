/**
 * Every inline script and style the site's own components write into pages, by name, with the component that
 * writes it. Components write them only through <InlineScript name> and <InlineStyle name>, so a page can carry
 * no other inline code, and each page's Content-Security-Policy allows only the texts listed here that it carries
 * (with the page's own stylesheet and Astro's island code: src/document/inline-code-allowlist.ts).
 */
import countUpSource from '../inline-scripts/count-up.js?raw';
import videoFacadeSource from '../inline-scripts/video-facade.js?raw';
import enquiryActionSource from '../inline-scripts/enquiry-action.js?raw';
import { transformSync } from 'esbuild';
import { speculationRules } from '../config/speculation-rules.ts';
import { inlineJson } from './inline-json.ts';

/** A script file called on what it needs, minified: every byte of an inline script is in the page's first response. */
const called = (source: string, call: string) => transformSync(`(${source})(${call});`, { minify: true, target: 'es2020' }).code.trim();

/** Counters count up from 0 to their targets over 2 s. */
const COUNT_UP_MS = 2000;

export const inlineScripts = {
  /** StatsBand.astro, before the figures: hides them until the script after the list has set them to 0 (not when motion is unwanted); after 3 s regardless, should that script never run. */
  countersPending: `if(!matchMedia('(prefers-reduced-motion: reduce)').matches){document.documentElement.classList.add('counters-pending');setTimeout(()=>document.documentElement.classList.remove('counters-pending'),3000)}`,
  /** StatsBand.astro, after the figures: counts them up (src/inline-scripts/count-up.js). */
  countUp: called(countUpSource, `document.currentScript.previousElementSibling,${COUNT_UP_MS}`),
  /** VideoFacade.astro, after the video's box: shows it, and loads the player when its play button is pressed (src/inline-scripts/video-facade.js). */
  videoFacade: called(videoFacadeSource, 'document.currentScript.previousElementSibling'),
  /**
   * MobileNav.astro, after the menu: browsers without popovers load the polyfill whose address the script carries in
   * `data-url`; browsers without invoker commands, which open the menu as a popover instead of a modal dialog, close it
   * when focus moves to the page behind it (not to its toggle, which closes it itself). Escape hides the header's
   * section list that a resting pointer shows (global.css, .nav-rest) until the pointer leaves that entry.
   */
  popoverPolyfill: `let c=document.currentScript,d=c.previousElementSibling,b=d.previousElementSibling;if(!('popover'in d)){let s=document.createElement('script');s.src=c.dataset.url;s.onload=()=>document.documentElement.classList.add('popover-polyfill');document.head.append(s)}'command'in b||d.addEventListener('focusout',e=>{let t=e.relatedTarget;t&&t!=b&&!d.contains(t)&&d.hidePopover()});addEventListener('keydown',e=>{let n=e.key=='Escape'&&document.querySelector('.nav-item:hover');n&&(n.classList.add('nav-rest'),n.onmouseleave=()=>n.classList.remove('nav-rest'))})`,
  /** pages/staff/enquiry.astro, after the box: asks the enquiry-action function about the page's link and records it on the button (src/inline-scripts/enquiry-action.js). */
  enquiryAction: called(enquiryActionSource, 'document.currentScript.previousElementSibling'),
  /** pages/404.astro: the address that was not found, for the browser's console. */
  notFoundLog: `console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);`,
  /** BaseLayout.astro, as <script type="speculationrules">: src/config/speculation-rules.ts. */
  speculationRules: inlineJson(speculationRules),
} as const;

export const inlineStyles = {
  /** pages/contact.astro, inside <noscript>: without JavaScript the form's Send button does not pretend it can send. */
  noscriptSubmit: `[aria-label='Contact form'] [type=submit]{opacity:.6;pointer-events:none}`,
} as const;

export type InlineScriptName = keyof typeof inlineScripts;
export type InlineStyleName = keyof typeof inlineStyles;
