import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { EnquiryOutcome } from './EnquiryToasts.tsx';
import { enquiryLimits, serviceChoices } from '../../config/enquiry.ts';
import { enquiryMessages } from '../../config/toasts.ts';
import { honeypotFieldName, isHoneypotFilled, isServiceChoice, toRow, type EnquiryValues } from '../../lib/enquiry.ts';
import { submitEnquiry } from '../../lib/submit-enquiry.ts';
import { getSupabase } from '../../lib/supabase-client.ts';

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

function TextField({ name, label, type, autoComplete, required = false }: TextFieldProps) {
  const id = `contact-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && <Required />}
      </label>
      <input id={id} name={name} type={type} required={required} autoComplete={autoComplete} maxLength={enquiryLimits[name].max} className={inputClass} />
    </div>
  );
}

function readValues(data: FormData): EnquiryValues {
  const text = (name: string) => String(data.get(name) ?? '');
  const service = text('service');
  return {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    phone: text('phone'),
    service: isServiceChoice(service) ? service : '',
    message: text('message'),
  };
}

/**
 * The contact form. Inputs are uncontrolled, so anything typed before hydration or before a failed
 * submission stays where it is; only success clears the form.
 */
function Form() {
  const [hydrated, setHydrated] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  /** Shown in the form only if the notifications could not be downloaded or drawn. */
  const [fallbackNotice, setFallbackNotice] = useState<EnquiryOutcome | null>(null);
  /** Set when the notifications failed to render: their boundary shows the fallback, and the form keeps working. */
  const toastsBroken = useRef(false);

  useEffect(() => setHydrated(true), []);

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

  const warmedUp = useRef(false);
  /** The first focus or keystroke starts downloading supabase-js and the notifications. */
  const warmUp = () => {
    if (warmedUp.current) return;
    warmedUp.current = true;
    void getSupabase().catch(() => undefined);
    void mountToasts().catch(() => undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setSubmitting(true);
    try {
      if (!isHoneypotFilled(data.get(honeypotFieldName))) {
        const row = toRow(readValues(data), crypto.randomUUID());
        const result = await submitEnquiry(await getSupabase(), row);
        if (!result.ok) throw result.error;
      }
      form.reset();
      await notify('success');
    } catch (error) {
      console.error('Failed to send the enquiry:', error);
      await notify('failure');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <form onSubmit={onSubmit} onFocus={warmUp} onInput={warmUp} className="space-y-5" aria-label="Contact form">
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
        <button
          type="submit"
          disabled={!hydrated || submitting}
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-500 sm:w-auto"
        >
          {submitting ? 'Sending Message...' : 'Send Message'}
        </button>
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
