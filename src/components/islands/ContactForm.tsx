import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useRef, useState, type ComponentType, type InputEvent, type SubmitEvent } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { QueuedStatus, RestoredDraftNote } from './SavedEnquiryNotes.tsx';
import type { EnquiryOutcome } from './EnquiryToasts.tsx';
import { email, mailtoHref, phone, telHref } from '../../config/company.ts';
import { enquiryLimits, serviceChoices } from '../../config/enquiry.ts';
import { enquiryMessages, rateLimitedText } from '../../config/toasts.ts';
import { enquiryValues, hasContent, honeypotFieldName, isHoneypotFilled, toRow, type EnquiryValues } from '../../enquiry/enquiry.ts';
import { cancelQueued, isWorthQueueing, queueEnquiry, sendQueuedEnquiries } from '../../enquiry/enquiry-outbox.ts';
import { $draft, $outbox, keepDraft } from '../../enquiry/enquiry-storage.ts';
import { isRateLimited, submitEnquiry, type EnquiryError } from '../../enquiry/submit-enquiry.ts';
import { getSupabase } from '../../enquiry/supabase-client.ts';
import { hasVisibleText } from '../../enquiry/visible-text.ts';
import { emailAddressMessage, isAcceptedEmail } from '../../enquiry/email-address.ts';
import { takeHeldSubmit } from '../../enquiry/held-submit.ts';

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-ink-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-ink-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500';
const labelClass = 'block text-sm font-semibold text-ink-800';

function Required() {
  return (
    <>
      <span aria-hidden="true" className="text-red-700">
        {' '}
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

let toastsModule: Promise<typeof import('./EnquiryToasts.tsx')> | undefined;
const loadToasts = () => {
  toastsModule ??= import('./EnquiryToasts.tsx').catch((error: unknown) => {
    toastsModule = undefined;
    throw error;
  });
  return toastsModule;
};

interface TextFieldProps {
  name: 'name' | 'email' | 'company' | 'phone';
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  required?: boolean;
}

/** Fields whose text must carry content: at least one letter, digit or symbol, here as in the database (src/enquiry/visible-text.ts). */
const contentFields = {
  name: 'Please enter your name: it needs at least one letter or digit.',
  company: 'Please enter a company name with at least one letter or digit, or leave the field empty.',
  message: 'Please write your message: it needs at least one letter or digit.',
} as const;

/**
 * Marks a field invalid while it holds text without a visible character, or (the email field) an address the table
 * would refuse; an empty field is left to `required`.
 */
function checkContent(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (field.name === 'email') {
    field.setCustomValidity(field.value === '' || isAcceptedEmail(field.value) ? '' : emailAddressMessage);
    return;
  }
  const message = contentFields[field.name as keyof typeof contentFields];
  if (message) field.setCustomValidity(field.value === '' || hasVisibleText(field.value) ? '' : message);
}

const onContentInput = (event: InputEvent<HTMLInputElement | HTMLTextAreaElement>) => checkContent(event.currentTarget);

function TextField({ name, label, type, autoComplete, required = false }: TextFieldProps) {
  const id = `contact-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <Required />}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        maxLength={enquiryLimits[name].max}
        onInput={name in contentFields || name === 'email' ? onContentInput : undefined}
        className={inputClass}
      />
    </div>
  );
}

const valueFields = ['name', 'email', 'company', 'phone', 'service', 'message'] as const;

/** Puts a kept draft into the fields the visitor has not typed in yet. */
function restoreDraft(form: HTMLFormElement, values: EnquiryValues): void {
  for (const name of valueFields) {
    const field = form.elements.namedItem(name);
    if (
      (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) &&
      field.value === '' &&
      values[name] !== ''
    ) {
      field.value = values[name];
    }
  }
}

/** A failure that is not an answer from the server (e.g. supabase-js could not even be downloaded) is a network failure. */
function asEnquiryError(error: unknown): EnquiryError {
  if (typeof error === 'object' && error !== null && 'status' in error) return error as EnquiryError;
  return { message: error instanceof Error ? error.message : String(error), code: null, details: null, hint: null, status: 0 };
}

const readValues = (data: FormData): EnquiryValues => enquiryValues(Object.fromEntries(data));

/**
 * The contact form. Its code loads on the visitor's first touch (`client:intent`); inputs are uncontrolled, so
 * what is typed while it loads, or before a failed submission, stays where it is, and only success clears the form.
 */
function Form() {
  const [submitting, setSubmitting] = useState(false);
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  /** Shown in the form only if the notifications could not be downloaded or drawn. */
  const [fallbackNotice, setFallbackNotice] = useState<EnquiryOutcome | null>(null);
  /** Set when the notifications failed to render: their boundary shows the fallback, and the form keeps working. */
  const toastsBroken = useRef(false);
  /** Shown until the next submission when the visitor has sent too many enquiries: the other ways to reach us. */
  const [rateLimited, setRateLimited] = useState(false);
  /**
   * The enquiry not yet known to be stored, by its content: sending the same content again reuses its id, so an
   * attempt that was stored without an answer is recognised (23505) instead of stored twice.
   */
  const unsent = useRef<{ id: string; content: string } | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  /** When the draft shown was first kept, if the form was filled from it on arrival. */
  const [restoredDraft, setRestoredDraft] = useState<string | null>(null);
  const queued = useStore($outbox);
  /** The status beside Send; scrolled into view with the button when an enquiry this visitor just sent is kept for later. */
  const queuedStatus = useRef<HTMLDivElement>(null);
  const revealQueued = useRef(false);
  useEffect(() => {
    if (!revealQueued.current || queued.length === 0) return;
    revealQueued.current = false;
    queuedStatus.current?.scrollIntoView({ block: 'nearest' });
  }, [queued]);

  const saveDraft = () => {
    if (formRef.current) keepDraft(readValues(new FormData(formRef.current)));
  };

  const sendQueued = () =>
    sendQueuedEnquiries(getSupabase, {
      delivered(entry) {
        const form = formRef.current;
        const draft = $draft.get();
        if (draft && JSON.stringify(draft.values) === entry.content) $draft.set(null);
        if (form && JSON.stringify(readValues(new FormData(form))) === entry.content) {
          form.reset();
          setRestoredDraft(null);
        }
        if (unsent.current?.content === entry.content) unsent.current = null;
        void notify('success');
      },
      refused(_entry, error) {
        setRateLimited(isRateLimited(error));
        void notify(isRateLimited(error) ? 'rateLimited' : 'failure');
      },
    });

  useEffect(() => {
    const form = formRef.current;
    const draft = $draft.get();
    // The browser may have put the values back itself (a reload); either way the visitor sees the kept draft.
    if (form && draft) {
      restoreDraft(form, draft.values);
      if (hasContent(readValues(new FormData(form)))) setRestoredDraft(draft.savedAt);
    }
    saveDraft();
    warmUp();
    void sendQueued();
    // Send pressed while this code was loading: sent now, once.
    if (form && takeHeldSubmit(form)) form.requestSubmit();
    const online = () => void sendQueued();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);

  const clearDraft = () => {
    formRef.current?.reset();
    $draft.set(null);
    setRestoredDraft(null);
  };

  const mountToasts = async () => {
    const module = await loadToasts();
    setToasts(() => module.EnquiryToaster);
    return module;
  };

  const notify = async (outcome: EnquiryOutcome) => {
    if (toastsBroken.current) {
      setFallbackNotice(outcome);
      return;
    }
    try {
      (await mountToasts()).showEnquiryToast(outcome);
      setFallbackNotice(null);
    } catch {
      setFallbackNotice(outcome);
    }
  };

  /** The visitor has started on the form (that is what loaded this code): fetch supabase-js and the notifications. */
  const warmUp = () => {
    void getSupabase().catch(() => undefined);
    void mountToasts().catch(() => undefined);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    // Text typed before the form's code ran, or filled in by the browser, has not been checked yet.
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) checkContent(field);
    if (!form.reportValidity()) return;
    const data = new FormData(form);
    setSubmitting(true);
    setRateLimited(false);
    const values = readValues(data);
    const content = JSON.stringify(values);
    // The same content reuses the id of its earlier attempt (here or queued), so it is recognised, never stored twice.
    const id =
      $outbox.get().find((entry) => entry.content === content)?.row.id ?? (unsent.current?.content === content ? unsent.current.id : crypto.randomUUID());
    try {
      if (!isHoneypotFilled(data.get(honeypotFieldName))) {
        unsent.current = { id, content };
        const result = await submitEnquiry(await getSupabase(), toRow(values, id));
        if (!result.ok) throw result.error;
        unsent.current = null;
        cancelQueued(id);
      }
      form.reset();
      $draft.set(null);
      setRestoredDraft(null);
      await notify('success');
    } catch (thrown) {
      console.error('Failed to send the enquiry:', thrown);
      const error = asEnquiryError(thrown);
      setRateLimited(isRateLimited(error));
      const kept = isWorthQueueing(error);
      if (kept) {
        revealQueued.current = true;
        queueEnquiry(toRow(values, id), content);
      }
      await notify(isRateLimited(error) ? 'rateLimited' : kept ? 'queued' : 'failure');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {/* method="dialog": without JavaScript, pressing Send neither reloads the page nor puts the message in its address. */}
      <form ref={formRef} method="dialog" onSubmit={onSubmit} onInput={saveDraft} className="space-y-5" aria-label="Contact form">
        {queued.length === 0 && <RestoredDraftNote restoredDraft={restoredDraft} onClearDraft={clearDraft} />}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="name" label="Full Name" type="text" autoComplete="name" required />
          <TextField name="email" label="Email Address" type="email" autoComplete="email" required />
          <TextField name="company" label="Company" type="text" autoComplete="organization" />
          <TextField name="phone" label="Phone Number" type="tel" autoComplete="tel" />
        </div>
        <div>
          <label htmlFor="contact-service" className={labelClass}>
            Service of Interest
          </label>
          <select id="contact-service" name="service" defaultValue="" className={inputClass}>
            <option value="">Select a service</option>
            {serviceChoices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="contact-message" className={labelClass}>
            Message
            <Required />
          </label>
          <textarea
            id="contact-message"
            name="message"
            required
            onInput={onContentInput}
            rows={5}
            maxLength={enquiryLimits.message.max}
            placeholder="Tell us about your project, timeline and goals"
            className={inputClass}
          />
        </div>
        {/* Hidden from people and assistive technology; naive bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name={honeypotFieldName} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {fallbackNotice && (
          <p role="alert" className={`rounded-lg p-4 text-sm ${fallbackNotice === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>
            <strong>{enquiryMessages[fallbackNotice].title}</strong> {enquiryMessages[fallbackNotice].description}
          </p>
        )}
        {rateLimited && (
          <p role="status" className="rounded-lg bg-accent-300/30 p-4 text-sm text-ink-900">
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
          </p>
        )}
        <button
          type="submit"
          disabled={submitting}
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-500 sm:w-auto"
        >
          {submitting ? 'Sending Message...' : 'Send Message'}
        </button>
        <QueuedStatus ref={queuedStatus} queued={queued.length} onCancelQueued={() => queued.forEach((entry) => cancelQueued(entry.row.id))} />
      </form>
      {Toasts && (
        <ErrorBoundary onError={() => (toastsBroken.current = true)}>
          <Toasts />
        </ErrorBoundary>
      )}
    </>
  );
}

export default function ContactForm() {
  return (
    <ErrorBoundary>
      <Form />
    </ErrorBoundary>
  );
}
