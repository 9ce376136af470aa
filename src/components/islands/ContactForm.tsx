import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ComponentType, type InputEvent, type SubmitEvent, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { FormStatus, RestoredDraftNote, type SendState } from './SavedEnquiryNotes.tsx';
import type { EnquiryOutcome } from './EnquiryToasts.tsx';
import { responseTimeHours } from '../../config/company.ts';
import { enquiryLimits, serviceChoices } from '../../config/enquiry.ts';
import { enquiryValues, hasContent, honeypotFieldName, isHoneypotFilled, toRow, type EnquiryValues } from '../../enquiry/enquiry.ts';
import { cancelQueued, isWorthQueueing, queueEnquiry, sendQueuedEnquiries } from '../../enquiry/enquiry-outbox.ts';
import { $draft, $outbox, keepDraft } from '../../enquiry/enquiry-storage.ts';
import { isRateLimited, submitEnquiry, type EnquiryError } from '../../enquiry/submit-enquiry.ts';
import { getSupabase } from '../../enquiry/supabase-client.ts';
import { enquiryDemo } from '../../config/supabase-project.ts';
import { hasVisibleText } from '../../enquiry/visible-text.ts';
import { emailAddressMessage, isAcceptedEmail } from '../../enquiry/email-address.ts';
import { takeHeldSubmit } from '../../enquiry/held-submit.ts';
import { answeringOffices, officeForTimeZone, visitorTimeZone } from '../../enquiry/answering-office.ts';

/** global.css: .field, .field-label. */
const inputClass = 'field';
const labelClass = 'field-label';

/** What the form says is wrong with each field, by name, beside the field. */
type FieldErrors = Partial<Record<string, string>>;

/** A field's error: its border, `aria-invalid`, and the text beside it that assistive technology reads with the field. */
function errorProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error`, className: `${inputClass} border-red-700` } : { className: inputClass };
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

function Required() {
  return (
    <>
      <span aria-hidden="true" className="text-red-700">
        {' *'}
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
  error?: string;
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

function TextField({ name, label, type, autoComplete, required = false, error }: TextFieldProps) {
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
        {...errorProps(id, error)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

const valueFields = ['name', 'email', 'company', 'phone', 'service', 'message', 'office'] as const;

/** Chooses the office nearest the visitor's time zone, unless one is chosen: the visitor can change it. */
function suggestOffice(form: HTMLFormElement): void {
  const field = form.elements.namedItem('office');
  if (field instanceof HTMLSelectElement && field.value === '') field.value = officeForTimeZone(visitorTimeZone() ?? undefined);
}

/** Puts a kept draft into the fields the visitor has not typed in yet. */
function restoreDraft(form: HTMLFormElement, values: EnquiryValues): void {
  for (const name of valueFields) {
    const field = form.elements.namedItem(name);
    const value = values[name] ?? '';
    if (
      (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) &&
      field.value === '' &&
      value !== ''
    ) {
      field.value = value;
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
  /** What the status area says: "Sending…", then the outcome, until the visitor starts on a new message. */
  const [sendState, setSendState] = useState<SendState>(null);
  const submitting = sendState === 'sending';
  /** Set while sending: Send stays focusable (aria-disabled), so a second press or Enter must do nothing. */
  const busy = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  /** Set when the notifications failed to render: their boundary shows the fallback, the status area still tells. */
  const toastsBroken = useRef(false);
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
    if (form) suggestOffice(form);
    saveDraft();
    // From here on the form shows its own messages beside the fields, by the same rules as the browser's bubbles.
    if (form) form.noValidate = true;
    warmUp();
    // A queued enquiry that still meets no answer although the browser is online (a connection back but not yet
    // carrying traffic, or a first request too slow) is tried again while the page stays open, at growing intervals,
    // not only at the next 'online' event.
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = 5_000;
    const sendWaiting = async () => {
      clearTimeout(retry);
      const waiting = await sendQueued();
      if (waiting && navigator.onLine) {
        retry = setTimeout(() => void sendWaiting(), wait);
        wait = Math.min(wait * 2, 60_000);
      } else wait = 5_000;
    };
    void sendWaiting();
    // Send pressed while this code was loading: sent now, once.
    if (form && takeHeldSubmit(form)) form.requestSubmit();
    const online = () => void sendWaiting();
    window.addEventListener('online', online);
    return () => {
      clearTimeout(retry);
      window.removeEventListener('online', online);
    };
  }, []);

  const clearDraft = () => {
    formRef.current?.reset();
    if (formRef.current) suggestOffice(formRef.current);
    $draft.set(null);
    setRestoredDraft(null);
  };

  const mountToasts = async () => {
    const module = await loadToasts();
    setToasts(() => module.EnquiryToaster);
    return module;
  };

  /** The status area keeps the outcome; the spec's toast shows it too, when the notifications can be drawn. */
  const notify = async (outcome: EnquiryOutcome) => {
    // A queued enquiry delivered while the visitor sends another waits for that one's outcome in the status area.
    if (!busy.current) setSendState(outcome);
    if (toastsBroken.current) return;
    try {
      (await mountToasts()).showEnquiryToast(outcome);
    } catch {
      // the status area says it
    }
  };

  /** The visitor starts on a new message: the last outcome goes, and a corrected field loses its error. */
  const onInput = (event: SyntheticEvent<HTMLFormElement>) => {
    saveDraft();
    if (!busy.current) setSendState(null);
    const field = event.target as HTMLInputElement;
    if (errors[field.name] && field.validity.valid) setErrors({ ...errors, [field.name]: undefined });
  };

  /** The visitor has started on the form (that is what loaded this code): fetch supabase-js and the notifications. */
  const warmUp = () => {
    void getSupabase().catch(() => undefined);
    void mountToasts().catch(() => undefined);
  };

  // It catches what sending throws and tells the visitor, so the form's handler starts it and forgets it (`void`).
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const form = event.currentTarget;
    // Text typed before the form's code ran, or filled in by the browser, has not been checked yet.
    const fields = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')];
    fields.forEach(checkContent);
    const invalid = fields.filter((field) => !field.validity.valid);
    // Drawn before the focus moves, so the first invalid field is announced with its error.
    flushSync(() => setErrors(Object.fromEntries(invalid.map((field) => [field.name, field.validationMessage]))));
    if (invalid[0]) {
      invalid[0].focus();
      return;
    }
    const data = new FormData(form);
    busy.current = true;
    setSendState('sending');
    const values = readValues(data);
    const content = JSON.stringify(values);
    // The same content reuses the id of its earlier attempt (here or queued), so it is recognised, never stored twice.
    const id =
      $outbox.get().find((entry) => entry.content === content)?.row.id ?? (unsent.current?.content === content ? unsent.current.id : crypto.randomUUID());
    let outcome: EnquiryOutcome = enquiryDemo ? 'demo' : 'success';
    try {
      if (!isHoneypotFilled(data.get(honeypotFieldName))) {
        unsent.current = { id, content };
        const result = await submitEnquiry(await getSupabase(), toRow(values, id));
        if (!result.ok) throw result.error;
        unsent.current = null;
        cancelQueued(id);
      }
      form.reset();
      suggestOffice(form);
      $draft.set(null);
      setRestoredDraft(null);
    } catch (thrown) {
      console.error('Failed to send the enquiry:', thrown);
      const error = asEnquiryError(thrown);
      const kept = isWorthQueueing(error);
      if (kept) {
        revealQueued.current = true;
        queueEnquiry(toRow(values, id), content);
      }
      outcome = isRateLimited(error) ? 'rateLimited' : kept ? 'queued' : 'failure';
    }
    busy.current = false;
    await notify(outcome);
  };

  return (
    <>
      {/* method="dialog": without JavaScript, pressing Send neither reloads the page nor puts the message in its address. */}
      <form ref={formRef} method="dialog" onSubmit={(event) => void onSubmit(event)} onInput={onInput} className="space-y-5" aria-label="Contact form">
        {queued.length === 0 && <RestoredDraftNote restoredDraft={restoredDraft} onClearDraft={clearDraft} />}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="name" label="Full Name" type="text" autoComplete="name" required error={errors.name} />
          <TextField name="email" label="Email Address" type="email" autoComplete="email" required error={errors.email} />
          <TextField name="company" label="Company" type="text" autoComplete="organization" error={errors.company} />
          <TextField name="phone" label="Phone Number" type="tel" autoComplete="tel" error={errors.phone} />
        </div>
        <div>
          <label htmlFor="contact-service" className={labelClass}>
            Service of Interest
          </label>
          <select id="contact-service" name="service" defaultValue="" className={inputClass}>
            <option value="">Select a service</option>
            {serviceChoices.map((choice) => (
              // The text is the value: one copy of each name in the page.
              <option key={choice}>{choice}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="contact-office" className={labelClass}>
            Office to answer you
          </label>
          <select id="contact-office" name="office" defaultValue="" aria-describedby="contact-office-note" className={inputClass}>
            <option value="">Let us choose</option>
            {answeringOffices.map((office) => (
              <option key={office.code} value={office.code}>
                {office.label}
              </option>
            ))}
          </select>
          <p id="contact-office-note" className="mt-1 text-sm text-ink-600">
            {`Suggested from your time zone. We answer within ${responseTimeHours} hours of that office’s working time.`}
          </p>
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
            {...errorProps('contact-message', errors.message)}
          />
          <FieldError id="contact-message" error={errors.message} />
        </div>
        {/* Hidden from people and assistive technology; naive bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name={honeypotFieldName} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {/* aria-disabled, not disabled, while sending: a disabled button would drop the visitor's focus to the page. */}
        <button
          type="submit"
          aria-disabled={submitting || undefined}
          className={`inline-flex w-full items-center justify-center gap-2 rounded-lg px-6 py-3 text-base font-semibold text-white shadow-sm sm:w-auto ${submitting ? 'cursor-not-allowed bg-brand-500' : 'bg-brand-600 hover:bg-brand-700'}`}
        >
          {submitting ? 'Sending Message...' : 'Send Message'}
        </button>
        <FormStatus ref={queuedStatus} state={sendState} queued={queued.length} onCancelQueued={() => queued.forEach((entry) => cancelQueued(entry.row.id))} />
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
