import iconNodes from 'lucide-static/icon-nodes.json' with { type: 'json' };

export type IconNode = [tag: string, attributes: Record<string, string>][];

const nodes = iconNodes as unknown as Record<string, IconNode>;

export function isIconName(name: string): boolean {
  return Object.hasOwn(nodes, name);
}

export function iconNode(name: string): IconNode {
  const node = nodes[name];
  if (!node) throw new Error(`Unknown icon "${name}"`);
  return node;
}
