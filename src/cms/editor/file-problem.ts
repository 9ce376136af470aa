/**
 * A file the build cannot read is shown in the editor as its problem, never as a form: the first field of every
 * collection holds what frontmatter-format.ts found (nothing for a file that reads, and then it is hidden); for a
 * broken file it says what to fix with the build's own words, hides the other fields and refuses to save.
 */
import { themeColour } from '../../config/theme-colour.ts';
import type { DecapField } from './decap-fields.ts';
import { problemKey, type FileProblem } from './frontmatter-format.ts';

const widget = 'file-problem';

const heading = 'This page cannot be opened in the editor';

export const fileProblemField: DecapField = { name: problemKey, label: heading, widget, required: false };

/** What the writer reads in place of the form. */
export function fileProblemMessage(file: string, problem: FileProblem): string[] {
  return [
    `${file}, line ${problem.line}:`,
    problem.text,
    `The editor shows no form for this page, so nothing in the file can be lost. Correct line ${problem.line} in the file itself (on GitHub: open the file and choose “Edit this file”), then reload this page.`,
  ];
}

export const fileProblemRefusal = (problem: FileProblem) => `This page cannot be saved until line ${problem.line} of its file is fixed (see below).`;

// Decap labels each field's box "<widget> field": the box of a file that reads is hidden, and for one that does not,
// every field after it; the alert has its own heading in place of the field's label.
const globalStyles = `
[aria-label="${widget} field"]:has([data-file-ok]) { display: none; }
[aria-label="${widget} field"]:has([data-file-problem]) ~ * { display: none; }
[aria-label="${widget} field"] label { display: none; }
`;

interface Immutable {
  toJS(): unknown;
}
interface ControlProps {
  value?: Immutable | FileProblem | null;
  entry?: { get(key: string): unknown };
}
interface Control {
  props: ControlProps;
}
type H = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;
interface DecapPage {
  CMS: { registerWidget(widget: { name: string; controlComponent: unknown; globalStyles: string }): void };
  h: H;
  createClass(spec: Record<string, unknown>): unknown;
}

const problemOf = (value: ControlProps['value']): FileProblem | undefined =>
  value && typeof (value as Immutable).toJS === 'function' ? ((value as Immutable).toJS() as FileProblem) : ((value ?? undefined) as FileProblem | undefined);

/** Registers the field's widget with Decap (window.CMS, with the `h` and `createClass` it puts beside it). */
export function registerFileProblems(): void {
  const { CMS, h, createClass } = window as unknown as DecapPage;
  const controlComponent = createClass({
    // Decap asks each field before saving; an error keeps the file as it is.
    isValid(this: Control) {
      const problem = problemOf(this.props.value);
      return problem ? { error: { type: 'CUSTOM', message: fileProblemRefusal(problem) } } : true;
    },
    render(this: Control) {
      const problem = problemOf(this.props.value);
      if (!problem) return h('span', { 'data-file-ok': '' });
      const file = String(this.props.entry?.get('path') ?? 'This file');
      const [where, text, advice] = fileProblemMessage(file, problem);
      return h(
        'div',
        {
          role: 'alert',
          'data-file-problem': '',
          style: {
            padding: '16px',
            border: `2px solid ${themeColour('error-700')}`,
            borderRadius: '6px',
            background: themeColour('error-50'),
            color: themeColour('ink-900'),
          },
        },
        h('h2', { style: { margin: '0 0 12px', fontSize: '18px' } }, heading),
        h('p', { style: { margin: 0, fontWeight: 600 } }, where),
        h('p', { style: { margin: '12px 0', whiteSpace: 'pre-wrap' } }, text),
        h('p', { style: { margin: 0 } }, advice),
      );
    },
  });
  CMS.registerWidget({ name: widget, controlComponent, globalStyles });
}
