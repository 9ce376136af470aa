/** The editor's own widgets, registered with Decap before it starts (admin-setup.ts): checks first, as the icon chooser uses the checked select. */
import { registerEntryChecks, type DecapWidgets } from './entry-checks.ts';
import { registerIconWidget } from './icon-widget.ts';
import { registerCounterWidgets } from './counter-widget.ts';
import { registerOrderWidget } from './order-widget.ts';

export function registerEditorWidgets(cms: DecapWidgets): void {
  registerEntryChecks(cms);
  registerIconWidget(cms);
  // After the checks: the counted boxes and their twins without "(optional)" wrap the checked ones.
  registerCounterWidgets(cms as Parameters<typeof registerCounterWidgets>[0]);
  registerOrderWidget(cms);
}
