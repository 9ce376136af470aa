/**
 * The contact form's notifications, in their own chunk: sonner loads when a visitor starts on the form,
 * not with the page. Toasts raised before the Toaster mounts are shown once it subscribes.
 */
import { useEffect, type CSSProperties } from 'react';
import { toast, Toaster } from 'sonner';
import { themeColour } from '../../config/theme-colour.ts';
import { enquiryMessages, toastSettings } from '../../config/toasts.ts';
import { TitleText } from './SavedEnquiryNotes.tsx';

export type EnquiryOutcome = keyof typeof enquiryMessages;

export function showEnquiryToast(outcome: EnquiryOutcome): void {
  const { title, description } = enquiryMessages[outcome];
  // The last outcome replaces the one before; an error stays until closed.
  toast.dismiss();
  if (outcome === 'success') toast.success(<TitleText title={title} />, { description });
  else toast.error(title, { description, duration: Infinity });
}

/** Sonner's rich-colour text is under 4.5:1 on its tinted backgrounds (4.25 green, 4.34 red); these reach 5.1 and 5.8. */
const accessibleRichColors = { '--success-text': themeColour('success-600'), '--error-text': themeColour('error-700') } as CSSProperties;

export function EnquiryToaster() {
  // The form's status area announces each outcome; the toasts show it again without a second announcement.
  useEffect(() => document.querySelector(`[aria-label^="${toastSettings.containerAriaLabel}"]`)?.removeAttribute('aria-live'), []);
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      // Sonner's close control is 20 px; 24 px is the smallest target WCAG 2.5.8 allows.
      toastOptions={{ classNames: { closeButton: '!size-6' } }}
      visibleToasts={toastSettings.visibleToasts}
      duration={toastSettings.duration}
      hotkey={[...toastSettings.hotkey]}
      containerAriaLabel={toastSettings.containerAriaLabel}
      gap={toastSettings.gap}
      style={accessibleRichColors}
    />
  );
}
