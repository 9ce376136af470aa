/** The form's two notes about what this browser keeps: a draft restored from an earlier visit, and enquiries waiting for a connection. */

interface Props {
  /** When the restored draft was kept (ISO time), or null when nothing was restored. */
  restoredDraft: string | null;
  onClearDraft(): void;
  /** How many enquiries wait to be sent. */
  queued: number;
  onCancelQueued(): void;
}

const noteClass = 'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg p-4 text-sm';
const buttonClass = 'rounded-md font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

export function SavedEnquiryNotes({ restoredDraft, onClearDraft, queued, onCancelQueued }: Props) {
  return (
    <>
      {queued > 0 && (
        <div role="status" className={`${noteClass} bg-accent-300/30 text-ink-900`}>
          <p>
            <strong>{queued === 1 ? 'Your message is saved in this browser.' : `${queued} messages are saved in this browser.`}</strong>{' '}
            {queued === 1 ? 'It will be sent' : 'They will be sent'} automatically when your connection returns, even if you close this page and
            come back later.
          </p>
          <button type="button" onClick={onCancelQueued} className={buttonClass}>
            Cancel sending
          </button>
        </div>
      )}
      {restoredDraft !== null && queued === 0 && (
        <div role="status" className={`${noteClass} bg-ink-50 text-ink-800`}>
          <p>We kept what you started writing{restoredDraft ? ` on ${new Date(restoredDraft).toLocaleDateString('en-IN', { day: 'numeric', month: 'long' })}` : ''}. It is stored only in this browser.</p>
          <button type="button" onClick={onClearDraft} className={buttonClass}>
            Clear the form
          </button>
        </div>
      )}
    </>
  );
}
