/**
 * The contact form's notifications, in their own chunk: sonner loads when a visitor starts on the form,
 * not with the page. Toasts raised before the Toaster mounts are shown once it subscribes.
 */
import type { CSSProperties } from 'react';
import { toast, Toaster } from 'sonner';
import { enquiryMessages, toastSettings } from '../../config/toasts.ts';

export type EnquiryOutcome = keyof typeof enquiryMessages;

export function showEnquiryToast(outcome: EnquiryOutcome): void {
  const { title, description } = enquiryMessages[outcome];
  if (outcome === 'success') toast.success(title, { description });
  else toast.error(title, { description });
}

/** Sonner's rich-colour text is under 4.5:1 on its tinted backgrounds (4.25 green, 4.34 red); these reach 5.1 and 5.8. */
const accessibleRichColors = { '--success-text': '#0f7a4a', '--error-text': '#c10007' } as CSSProperties;

export function EnquiryToaster() {
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      visibleToasts={toastSettings.visibleToasts}
      duration={toastSettings.duration}
      hotkey={[...toastSettings.hotkey]}
      containerAriaLabel={toastSettings.containerAriaLabel}
      gap={toastSettings.gap}
      style={accessibleRichColors}
    />
  );
}
