import type { Page } from '@playwright/test';

/** A node of Chromium's accessibility tree, as assistive technology receives it (CDP `Accessibility.getFullAXTree`). */
export interface AxNode {
  role: string;
  name: string;
  ignored: boolean;
  properties: Record<string, unknown>;
}

/** The page's whole accessibility tree, flattened. */
export async function accessibilityTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.map((node) => ({
    role: String(node.role?.value ?? ''),
    name: String(node.name?.value ?? ''),
    ignored: node.ignored,
    properties: Object.fromEntries((node.properties ?? []).map((property) => [property.name, property.value.value])),
  }));
}

/**
 * The expanded state a button named `name` exposes (true, false, or undefined when it says nothing, or when it is not
 * in the tree at all, as behind a modal dialog). The popover API's invokers get it from the browser, with no attribute.
 */
export async function buttonExpanded(page: Page, name: string): Promise<boolean | undefined> {
  const button = (await accessibilityTree(page)).find((node) => node.role === 'button' && node.name === name && !node.ignored);
  return button?.properties.expanded as boolean | undefined;
}
