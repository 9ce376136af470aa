/**
 * Two additions to Decap's text boxes, registered over its (checked) widgets:
 * - a character counter under a box whose schema sets a most (`max_length` in config.yml: SEO title 70): "52 of 70
 *   characters", with a polite announcement for screen readers only when the text is too long;
 * - the twins of string, text, number and image for fields required once their optional group is used
 *   (decap-fields.ts `neededInGroup`): the same widget, without Decap's "(optional)" after the label.
 */
import { themeColour } from '../../config/theme-colour.ts';
import type { DecapWidgets } from './entry-checks.ts';
import { neededSuffix, neededWidgets } from './decap-fields.ts';

type H = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
interface Settings {
  get(key: string): unknown;
}
interface Props {
  field: Settings;
  value?: unknown;
  forID?: string;
}

/** What the counter says, and what is announced (only when over). */
export function counterWords(length: number, max: number): { shown: string; announced: string } {
  const shown = `${length} of ${max} characters`;
  return { shown, announced: length > max ? `${shown}: ${length - max} too many` : '' };
}

const hiddenStyle = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

export function registerCounterWidgets(cms: DecapWidgets & { registerWidget(widget: Record<string, unknown>): void }): void {
  const h = (window as unknown as { h?: H }).h;
  if (!h) throw new Error('Decap CMS offers no createElement to build the counters on.');
  const withCounter = (name: string) => {
    const base = cms.getWidget(name);
    if (!base) return;
    // React 19 passes `ref` as a prop: Decap's ref reaches the box's own control, which it asks to validate.
    const Counted = (props: Props) => {
      const max = props.field.get('max_length');
      const box = h(base.control, { ...props });
      if (typeof max !== 'number') return box;
      const length = [...String(props.value ?? '')].length;
      const { shown, announced } = counterWords(length, max);
      const over = length > max;
      return h(
        'div',
        null,
        box,
        h(
          'p',
          {
            'data-counter': '',
            id: `${props.forID}-counter`,
            style: { margin: '4px 0 0', fontSize: '12px', fontWeight: over ? 600 : 400, color: themeColour(over ? 'error-700' : 'ink-600') },
          },
          shown,
        ),
        h('span', { role: 'status', 'aria-live': 'polite', style: hiddenStyle }, announced),
      );
    };
    cms.registerWidget(name, Counted, base.preview, base.schema);
  };
  withCounter('string');
  withCounter('text');
  // Decap labels a field's box "<widget> field"; its label is the first child's, "(optional)" the label's span.
  for (const name of neededWidgets) {
    const base = cms.getWidget(name);
    if (!base) continue;
    const twin = `${name}${neededSuffix}`;
    cms.registerWidget({
      name: twin,
      controlComponent: base.control,
      previewComponent: base.preview,
      schema: base.schema,
      globalStyles: `[aria-label="${twin} field"] > :first-child > label > span { display: none; }`,
    });
  }
}
