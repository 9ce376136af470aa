/**
 * The form's notes: a draft restored from an earlier visit (at the top of the form), and its status area beside the
 * Send button, where the visitor's eyes and focus are when they send: "Sending…", the outcome, and the enquiries this
 * browser keeps to send later.
 */
import { Fragment, type Ref } from 'react';
import { email, mailtoHref, phone, telHref } from '../../config/company.ts';
import { enquiryMessages, queuedText, rateLimitedText, sendingText } from '../../config/toasts.ts';
import type { EnquiryOutcome } from './EnquiryToasts.tsx';

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

/** A title's trailing emoji, shown but hidden from assistive technology: it is decoration, not words to hear. */
export function TitleText({ title }: { title: string }) {
  const [words, emoji] = title.split(/ (?=\p{Extended_Pictographic})/u);
  return emoji ? (
    <>
      {words} <span aria-hidden="true">{emoji}</span>
    </>
  ) : (
    title
  );
}

/** What the status area says about the last submission: sending, or its outcome (a kept enquiry speaks for itself below). */
export type SendState = EnquiryOutcome | 'sending' | null;

interface FormStatusProps {
  state: SendState;
  /** How many enquiries wait to be sent. */
  queued: number;
  onCancelQueued(): void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A polite live region that is always in the page, so what appears in it is announced, once: the toasts repeat it
 * for the eye without a second announcement (EnquiryToasts.tsx). What it says stays until the visitor starts again.
 */
export function FormStatus({ state, queued, onCancelQueued, ref }: FormStatusProps) {
  return (
    <div ref={ref} role="status" className="scroll-mb-4 space-y-3">
      {state === 'sending' && <p className="text-sm">{sendingText}</p>}
      {(state === 'success' || state === 'failure') && (
        <p className={`${noteClass} ${state === 'success' ? 'bg-ink-50 text-ink-800' : 'bg-accent-300/30 text-ink-900'}`}>
          <span>
            <strong>
              <TitleText title={enquiryMessages[state].title} />
            </strong>{' '}
            {enquiryMessages[state].description}
          </span>
        </p>
      )}
      {state === 'rateLimited' && (
        <p className={`${noteClass} bg-accent-300/30 text-ink-900`}>
          <span>
            <strong>Your message was not sent.</strong>{' '}
            {rateLimitedText(
              <a href={telHref} className="font-semibold whitespace-nowrap underline">
                {phone.display}
              </a>,
              <a href={mailtoHref} className="font-semibold underline">
                {email}
              </a>,
            ).map((part, index) => (
              <Fragment key={index}>{part}</Fragment>
            ))}
          </span>
        </p>
      )}
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
