/** The names of the icons the site may use (those of lucide-static) and their drawing, for the content schema and the icon sprite. */
import iconNodes from 'lucide-static/icon-nodes.json' with { type: 'json' };

type IconNode = [tag: string, attributes: Record<string, string>][];

const nodes = iconNodes as unknown as Record<string, IconNode>;

export function isIconName(name: string): boolean {
  return Object.hasOwn(nodes, name);
}

export function iconNode(name: string): IconNode {
  const node = nodes[name];
  if (!node) throw new Error(`Unknown icon "${name}"`);
  return node;
}
