/** The names of the icons the site may use (those of lucide-static) and their drawing, for the content schema and the icon sprite. */
import iconNodes from 'lucide-static/icon-nodes.json' with { type: 'json' };

type IconNode = [tag: string, attributes: Record<string, string>][];

const nodes = iconNodes as unknown as Record<string, IconNode>;

export function isIconName(name: string): boolean {
  return Object.hasOwn(nodes, name);
}

/** An icon's shapes as SVG markup (`<path d="…"/>…`), for a symbol of the sprite or a picture of several icons. */
export function iconShapes(name: string): string {
  const node = nodes[name];
  if (!node) throw new Error(`Unknown icon "${name}"`);
  return node
    .map(
      ([tag, attributes]) =>
        `<${tag} ${Object.entries(attributes)
          .map(([key, value]) => `${key}="${value}"`)
          .join(' ')}/>`,
    )
    .join('');
}
