/**
 * The icon chooser: Decap's select, offering every icon name the content schema accepts (lucide-static's), with
 * type-to-search. The names are added in the browser rather than written ~1,600 times into /admin/config.yml.
 */
import iconNodes from 'lucide-static/icon-nodes.json' with { type: 'json' };

interface DecapSelect {
  getWidget(name: string): { control: unknown; preview: unknown } | undefined;
  registerWidget(name: string, control: unknown, preview?: unknown): void;
}

interface FieldSettings {
  set(key: string, value: unknown): FieldSettings;
}

type CreateElement = (type: unknown, props: Record<string, unknown>) => unknown;

const iconNames = Object.keys(iconNodes);

export function registerIconWidget(cms: DecapSelect): void {
  const select = cms.getWidget('select');
  // React's createElement, which Decap puts on window for custom widgets.
  const h = (window as unknown as { h?: CreateElement }).h;
  if (!select || !h) throw new Error('Decap CMS offers no select widget to build the icon chooser on.');
  // React 19 passes `ref` as a prop: the select gets it, so Decap validates the select itself (entry-checks.ts).
  const IconControl = (props: { field: FieldSettings }) =>
    h(select.control, { ...props, configuredField: props.field, field: props.field.set('options', iconNames) });
  cms.registerWidget('icon', IconControl, select.preview);
}
