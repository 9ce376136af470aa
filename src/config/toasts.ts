import { email, phone, responseTime } from './company.ts';

/** The spec's notification constants (SPEC section 9); sonner's defaults for the rest (356 px wide, 14 px gap, 20 px swipe, 200 ms removal). */
export const toastSettings = {
  visibleToasts: 3,
  duration: 4000,
  hotkey: ['altKey', 'KeyT'],
  containerAriaLabel: 'Notifications',
  gap: 14,
} as const;

export const enquiryMessages = {
  success: {
    title: 'Message Sent Successfully! ✨',
    description: `Thank you for reaching out. We'll get back to you within ${responseTime}.`,
  },
  failure: {
    title: 'Error',
    description: 'Failed to send message. Please try again.',
  },
  /** The database's rate limit: trying again now would fail again, so the visitor gets the other ways in. */
  rateLimited: {
    title: 'Please call or email us',
    description: `We have just received several messages from you, so this one was not sent. Please call ${phone.display} or write to ${email}, or try again in a few minutes; what you typed is still here.`,
  },
} as const;
