/**
 * What a visitor sees go wrong at one screen width, measured in the page (pass `layoutProblems` to
 * `page.evaluate`; it must not refer to anything outside itself). Each problem is one line naming the element.
 *
 * While measuring, every box that clips its overflow (`overflow: hidden` or `clip`, or a section's containment) is opened up, so content
 * that a clip would hide from a sideways-scroll check, such as a heading running out of its panel, shows. And
 * headings lose their safety net (breaking a word that is longer than the line): a heading whose words only fit
 * by breaking mid-word counts as overflowing, since hyphenation is not everywhere and a broken word reads badly.
 * The page is put back as it was afterwards, so one page can be checked at many widths. The header's height is
 * checked when `expectedHeaderHeight` is given (null: it follows the visitor's text size).
 */
export function layoutProblems(expectedHeaderHeight: number | null): string[] {
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  const tolerance = 1;

  const describe = (element: Element) => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const label = element.getAttribute('aria-label');
    return `<${element.localName}>${label ? ` [${label}]` : ''} "${text}"`;
  };
  /** Clipped to nothing, like visually hidden (sr-only) text and the skip link until it has focus. */
  const clippedAway = (element: Element | null): boolean => {
    for (; element; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.clipPath !== 'none' || style.getPropertyValue('clip') !== 'auto') return true;
    }
    return false;
  };
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && getComputedStyle(element).visibility !== 'hidden' && !clippedAway(element);
  };
  /** The distinct lines the visible text of an element sits on. */
  const lineCount = (element: Element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const bottoms = new Set<number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || clippedAway(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) bottoms.add(Math.round(rect.bottom));
    }
    return bottoms.size;
  };
  /** The nearest ancestor that lays out boxes, for an inline element. */
  const box = (element: Element) => {
    let parent = element.parentElement;
    while (parent && getComputedStyle(parent).display.startsWith('inline')) parent = parent.parentElement;
    return parent;
  };

  // Through the CSSOM, which the Content-Security-Policy allows (it refuses style attributes); the site sets none of these.
  const overrides: [HTMLElement, string][] = [];
  const override = (element: HTMLElement, property: string, value: string) => {
    element.style.setProperty(property, value, 'important');
    overrides.push([element, property]);
  };

  function checkPage() {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width + tolerance) {
      const widest = [...document.body.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > width + tolerance && visible(element))
        .filter((element, _index, all) => !all.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map(describe);
      problems.push(`page is ${scrollWidth} px wide (scrolls sideways): ${widest.join(', ')}`);
    }
  }

  function checkHeader() {
    const header = document.querySelector('body > header, header.site-header');
    if (!header) return problems.push('no header');
    const headerRect = header.getBoundingClientRect();
    if (expectedHeaderHeight !== null && Math.abs(headerRect.height - expectedHeaderHeight) > tolerance) {
      problems.push(`header is ${Math.round(headerRect.height)} px tall (expected ${expectedHeaderHeight} px)`);
    }
    for (const item of header.querySelectorAll('a, button')) {
      if (!visible(item)) continue;
      const rect = item.getBoundingClientRect();
      if (rect.left < -tolerance || rect.right > width + tolerance) {
        problems.push(`header item ${describe(item)} is outside the screen (x ${Math.round(rect.left)}–${Math.round(rect.right)})`);
      }
      if (rect.top < headerRect.top - tolerance || rect.bottom > headerRect.bottom + tolerance) {
        problems.push(`header item ${describe(item)} sticks out of the header (y ${Math.round(rect.top)}–${Math.round(rect.bottom)})`);
      }
      const lines = lineCount(item);
      if (lines > 1) problems.push(`header item ${describe(item)} wraps onto ${lines} lines`);
    }
  }

  function checkBoxes() {
    for (const element of document.querySelectorAll('h1, h2, h3, h4, h5, h6, a, button, summary, .btn')) {
      if (!visible(element)) continue;
      // An inline element has no box of its own to overflow (its clientWidth is 0); the container check covers it.
      if (getComputedStyle(element).display !== 'inline' && element.scrollWidth > element.clientWidth + tolerance) {
        problems.push(`${describe(element)} overflows its box (${element.scrollWidth} px of content in ${element.clientWidth} px)`);
        continue;
      }
      const container = box(element);
      if (!container || container === document.body) continue;
      const rect = element.getBoundingClientRect();
      const outer = container.getBoundingClientRect();
      if (rect.right > outer.right + tolerance || rect.left < outer.left - tolerance) {
        problems.push(
          `${describe(element)} runs out of ${describe(container).slice(0, 30)}… (x ${Math.round(rect.left)}–${Math.round(rect.right)} in ${Math.round(outer.left)}–${Math.round(outer.right)})`,
        );
      }
    }
  }

  // A section rendered only as it nears the screen (content-visibility in global.css) clips what runs out of it, as
  // paint containment does: rendered here, its overflow shows wherever the section is.
  for (const element of document.querySelectorAll<HTMLElement>('main > *')) {
    if (getComputedStyle(element).contentVisibility === 'auto') override(element, 'content-visibility', 'visible');
  }
  for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
    override(heading, 'overflow-wrap', 'normal');
    override(heading, 'hyphens', 'manual');
  }
  for (const element of document.querySelectorAll<HTMLElement>('*')) {
    const style = getComputedStyle(element);
    const clips = [style.overflowX, style.overflowY].some((value) => value === 'hidden' || value === 'clip');
    const rect = element.getBoundingClientRect();
    // Visually hidden text (sr-only) is one pixel, or clipped to nothing, by design.
    if (clips && rect.width > 1 && rect.height > 1 && style.clipPath === 'none') override(element, 'overflow', 'visible');
  }
  try {
    checkPage();
    checkHeader();
    checkBoxes();
  } finally {
    for (const [element, property] of overrides) element.style.removeProperty(property);
  }
  return problems;
}

/**
 * Words of headings that the browser breaks across two lines, as a visitor reads them ("tomorro / w's"), measured with
 * the page's own styles: each word's characters are one range, and a range whose boxes sit on more than one line is
 * a word broken mid-word (a break after a compound's hyphen is not). Pass to `page.evaluate`; it must not refer to anything outside itself.
 */
export function headingWordsBrokenMidWord(): string[] {
  const broken: string[] = [];
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      // A compound's hyphen is its own place to break ("in-" / "house"): each part counts as a word.
      for (const word of text.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(`<${heading.localName}> "${word[0]}" is broken across ${lines.size} lines`);
      }
    }
  }
  return broken;
}

/**
 * How the header's home link (the logo) is cut: its mark or any of the name it shows lies outside the screen or the
 * header. Pass to `page.evaluate`; it must not refer to anything outside itself.
 */
export function logoCuts(): string[] {
  const header = document.querySelector('header.site-header');
  const home = header?.querySelector('a[href="/"]');
  if (!header || !home) return ['no logo link in the header'];
  const screen = document.documentElement.clientWidth;
  const bar = header.getBoundingClientRect();
  const cuts: string[] = [];
  const check = (name: string, rect: DOMRect) => {
    if (rect.width === 0) return;
    if (rect.left < -1 || rect.right > screen + 1) cuts.push(`${name} runs off the screen (x ${Math.round(rect.left)}–${Math.round(rect.right)})`);
    if (rect.top < bar.top - 1 || rect.bottom > bar.bottom + 1)
      cuts.push(`${name} runs out of the header (y ${Math.round(rect.top)}–${Math.round(rect.bottom)})`);
  };
  for (const mark of home.querySelectorAll('svg')) check('the logo mark', mark.getBoundingClientRect());
  const walker = document.createTreeWalker(home, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const word = node.textContent?.trim();
    if (!word || node.parentElement?.closest('.sr-only')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) check(`"${word}"`, rect);
  }
  return cuts;
}

/**
 * The share of the screen's height the header covers once the visitor has scrolled a screen down the page, where
 * a fixed header stays and hides what there is to read. Pass to `page.evaluate`; it scrolls back to the top.
 */
export function headerCoverWhenScrolled(): number {
  const header = document.querySelector('header.site-header');
  if (!header) return 0;
  window.scrollTo({ top: window.innerHeight, behavior: 'instant' });
  const rect = header.getBoundingClientRect();
  window.scrollTo({ top: 0, behavior: 'instant' });
  return Math.max(0, Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0)) / window.innerHeight;
}
