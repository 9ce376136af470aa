/**
 * The editor's Media refuses, before anything is sent, a file the site cannot show (src/schemas/upload-rules.ts):
 * a listener on the window, in the capture phase, sees a chosen or dropped file before Decap's own handler (React
 * listens at its root, below the window), stops the event, and shows why in a box that stays over the media
 * library until the writer closes it or uploads a file that fits. A chosen file's first bytes are read before it
 * goes on, so a HEIC photo renamed .jpg is refused too. Decap's own option (a field's
 * `media_library.config.max_file_size`) checks only the size, in a browser alert with its own words.
 */
import { uploadHeadBytes, uploadProblem, uploadRefusedHeading } from '../../schemas/upload-rules.ts';
import { uploadFileName } from './file-names.ts';
import { closeNotice, showNotice } from './notice-box.ts';

const boxId = 'upload-refused';

const closeBox = () => closeNotice(boxId);
const showRefusal = (problems: string[]) => showNotice(boxId, uploadRefusedHeading, problems);

/** Why each of `files` cannot be used (by name and size, and by its first bytes when `heads` are given). */
const problemsOf = (files: File[], heads?: Uint8Array[]) =>
  files.map((file, index) => uploadProblem({ name: file.name, size: file.size, head: heads?.[index] })).filter((problem) => problem !== undefined);

function refuse(event: Event, problems: string[]): void {
  event.stopImmediatePropagation();
  event.preventDefault();
  if (event.target instanceof HTMLInputElement) event.target.value = '';
  showRefusal(problems);
}

/** The change events this guard sends again once the files' first bytes have passed, which it lets through. */
const passed = new WeakSet<Event>();

/**
 * Gives each chosen file the name it will have on the site ("Büro Foto (1).JPG" → buro-foto-1.jpg) before Decap
 * reads it, since Decap's own cleaning leaves a hyphen before the extension and keeps the original's case.
 */
function renameForTheSite(input: HTMLInputElement, files: File[]): void {
  if (files.every((file) => uploadFileName(file.name) === file.name)) return;
  const renamed = new DataTransfer();
  for (const file of files) renamed.items.add(new File([file], uploadFileName(file.name), { type: file.type, lastModified: file.lastModified }));
  input.files = renamed.files;
}

/**
 * A chosen file: held while its first bytes are read (a HEIC photo renamed .jpg is still a HEIC photo), then refused
 * with the reason or handed on to Decap as the same change event.
 */
function checkChosen(event: Event, input: HTMLInputElement): void {
  if (passed.has(event)) return;
  const files = [...(input.files ?? [])];
  if (files.length === 0) return;
  const problems = problemsOf(files);
  if (problems.length > 0) return refuse(event, problems);
  event.stopImmediatePropagation();
  void Promise.all(files.map(async (file) => new Uint8Array(await file.slice(0, uploadHeadBytes).arrayBuffer()))).then((heads) => {
    const found = problemsOf(files, heads);
    if (found.length > 0) {
      input.value = '';
      return showRefusal(found);
    }
    closeBox();
    renameForTheSite(input, files);
    const again = new Event('change', { bubbles: true });
    passed.add(again);
    input.dispatchEvent(again);
  });
}

/** A dropped file, by name and size (its bytes are checked again where it is written). */
function checkDropped(event: DragEvent): void {
  const files = [...(event.dataTransfer?.files ?? [])];
  const problems = problemsOf(files);
  if (problems.length > 0) refuse(event, problems);
  else if (files.length > 0) closeBox();
}

export function registerUploadGuard(): void {
  window.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (input instanceof HTMLInputElement && input.type === 'file') checkChosen(event, input);
    },
    { capture: true },
  );
  window.addEventListener('drop', checkDropped, { capture: true });
}
