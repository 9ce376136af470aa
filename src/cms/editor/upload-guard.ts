/**
 * The editor's Media refuses, before anything is sent, a file the site cannot show (src/schemas/upload-rules.ts):
 * a listener on the window, in the capture phase, sees a chosen or dropped file before Decap's own handler (React
 * listens at its root, below the window), stops the event, and shows why in a box that stays over the media
 * library until the writer closes it or uploads a file that fits. Decap's own option (a field's
 * `media_library.config.max_file_size`) checks only the size, in a browser alert with its own words.
 */
import { uploadProblem, uploadRefusedHeading } from '../../schemas/upload-rules.ts';

const boxId = 'upload-refused';

function closeBox(): void {
  document.getElementById(boxId)?.remove();
}

function showRefusal(problems: string[]): void {
  closeBox();
  const box = document.createElement('div');
  box.id = boxId;
  box.setAttribute('role', 'alert');
  Object.assign(box.style, {
    position: 'fixed',
    top: '16px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: '100000',
    maxWidth: '640px',
    padding: '16px',
    border: '2px solid #b91c1c',
    borderRadius: '6px',
    background: '#fef2f2',
    color: '#111827',
    boxShadow: '0 4px 16px rgb(0 0 0 / 0.25)',
  });
  const heading = document.createElement('p');
  heading.style.cssText = 'margin:0 0 8px;font-weight:600';
  heading.textContent = uploadRefusedHeading;
  box.append(heading);
  for (const problem of problems) {
    const text = document.createElement('p');
    text.style.margin = '0 0 8px';
    text.textContent = problem;
    box.append(text);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', closeBox);
  box.append(close);
  document.body.append(box);
}

/** Stops `event` and shows why when one of `files` cannot be used; otherwise lets it through. */
function check(event: Event, files: FileList | null | undefined): void {
  const problems = [...(files ?? [])].map((file) => uploadProblem({ name: file.name, size: file.size })).filter((problem) => problem !== undefined);
  if (problems.length === 0) {
    if (files?.length) closeBox();
    return;
  }
  event.stopImmediatePropagation();
  event.preventDefault();
  if (event.target instanceof HTMLInputElement) event.target.value = '';
  showRefusal(problems);
}

export function registerUploadGuard(): void {
  window.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (input instanceof HTMLInputElement && input.type === 'file') check(event, input.files);
    },
    { capture: true },
  );
  window.addEventListener('drop', (event) => check(event, event.dataTransfer?.files), { capture: true });
}
