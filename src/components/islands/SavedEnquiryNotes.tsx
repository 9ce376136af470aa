/**
 * The form's notes about what this browser keeps: a draft restored from an earlier visit (at the top of the form),
 * and enquiries waiting to be sent (beside the Send button, where the visitor's eyes are when sending fails).
 */
import type { Ref } from 'react';
import { queuedText } from '../../config/toasts.ts';

const noteClass = 'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg p-4 text-sm';
const buttonClass = 'rounded-md font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

interface DraftNoteProps {
  /** When the restored draft was kept (ISO time), or null when nothing was restored. */
  restoredDraft: string | null;
  onClearDraft(): void;
}

export function RestoredDraftNote({ restoredDraft, onClearDraft }: DraftNoteProps) {
  if (restoredDraft === null) return null;
  return (
    <div role="status" className={`${noteClass} bg-ink-50 text-ink-800`}>
      <p>
        We kept what you started writing{restoredDraft ? ` on ${new Date(restoredDraft).toLocaleDateString('en-IN', { day: 'numeric', month: 'long' })}` : ''}.
        It is stored only in this browser.
      </p>
      <button type="button" onClick={onClearDraft} className={buttonClass}>
        Clear the form
      </button>
    </div>
  );
}

interface QueuedStatusProps {
  /** How many enquiries wait to be sent. */
  queued: number;
  onCancelQueued(): void;
  ref?: Ref<HTMLDivElement>;
}

/** A polite live region that is always in the page, so what appears in it is announced. */
export function QueuedStatus({ queued, onCancelQueued, ref }: QueuedStatusProps) {
  return (
    <div ref={ref} role="status" className="scroll-mb-4">
      {queued > 0 && (
        <div className={`${noteClass} bg-accent-300/30 text-ink-900`}>
          <p>
            <strong>{queuedText.heading(queued)}</strong> {queuedText.next(queued)}
          </p>
          <button type="button" onClick={onCancelQueued} className={buttonClass}>
            Cancel sending
          </button>
        </div>
      )}
    </div>
  );
}
