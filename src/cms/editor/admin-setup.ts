/**
 * Runs in the browser before Decap CMS (/admin/decap-cms.js): holds Decap's start until the collections'
 * file format is registered, then starts it with /admin/config.yml (the page's `cms-config-url` link).
 */
import { registerFileProblems } from './file-problem.ts';
import { registerEditorWidgets } from './editor-widgets.ts';
import { showEditingTitle } from './editing-title.ts';
import type { DecapWidgets } from './entry-checks.ts';
import { fromFile, mdxFrontmatterFormat, toFile } from './frontmatter-format.ts';
import { registerMergeOnSave, rememberingOpenedText } from './merge-on-save.ts';
import { registerUploadGuard } from './upload-guard.ts';
import { fitEditorToPhones } from './phone-layout.ts';
import { registerPasteAsMarkdown } from './paste-into-page-text.ts';
import { registerNewEntryAddresses } from './new-entry-address.ts';
import { registerLastingNotices, type DecapLocales } from './lasting-notices.ts';

interface DecapGlobal extends DecapWidgets, DecapLocales {
  registerCustomFormat(name: string, extension: string, format: { fromFile: typeof fromFile; toFile: typeof toFile }): void;
  init(): void;
}

const page = window as unknown as { CMS_MANUAL_INIT?: boolean; CMS?: DecapGlobal };
page.CMS_MANUAL_INIT = true;
// Before Decap renders its media library, so the guard hears a chosen file first.
registerUploadGuard();
fitEditorToPhones();
registerPasteAsMarkdown();

document.addEventListener('DOMContentLoaded', () => {
  const cms = page.CMS;
  if (!cms) throw new Error('Decap CMS did not load (/admin/decap-cms.js).');
  cms.registerCustomFormat(mdxFrontmatterFormat, 'mdx', { fromFile, toFile: rememberingOpenedText(toFile) });
  registerFileProblems();
  registerLastingNotices(cms);
  // Before the entry checks, so they check what will be written: the writer's changes on the file as it is now.
  registerMergeOnSave(cms);
  registerEditorWidgets(cms);
  // After the entry checks' handlers, which would refuse the key it adds.
  registerNewEntryAddresses(cms);
  cms.init();
  showEditingTitle();
});
