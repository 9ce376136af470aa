/** The editor's own widgets, registered with Decap before it starts (admin-setup.ts): checks first, as the icon chooser uses the checked select. */
import { registerEntryChecks, type DecapWidgets } from './entry-checks.ts';
import { registerIconWidget } from './icon-widget.ts';

export function registerEditorWidgets(cms: DecapWidgets): void {
  registerEntryChecks(cms);
  registerIconWidget(cms);
}
