import { email, phone, responseTime } from './company.ts';

/**
 * Notifications: at most 3 visible, each shown for 4 s (an error stays until closed, so there is time to read it), reached
 * with Alt+T, named "Notifications", 14 px apart. The rest are sonner 2's defaults: 356 px wide, dismissed by a 45 px
 * swipe, removed 200 ms after closing. The form's own status area says the same and keeps it (SavedEnquiryNotes.tsx).
 */
export const toastSettings = {
  visibleToasts: 3,
  duration: 4000,
  hotkey: ['altKey', 'KeyT'],
  containerAriaLabel: 'Notifications',
  gap: 14,
} as const;

/** In the form's status area while an enquiry is on its way. */
export const sendingText = 'Sending your message…';

const failureText = 'Failed to send message. Please try again.';

/** What happens to an enquiry kept in this browser: the toast and the status beside the Send button say it alike. */
export const queuedText = {
  one: 'Meanwhile it is saved in this browser and will be sent automatically when the connection returns.',
  heading: (count: number) => (count === 1 ? 'Your message is saved in this browser.' : `${count} messages are saved in this browser.`),
  next: (count: number) =>
    `${count === 1 ? 'It will be sent' : 'They will be sent'} automatically when the connection returns, even if you close this page. You can also press Send Message to try again now.`,
} as const;

/**
 * The database's rate limit, in words: the toast says it in text, the notice under the form with the phone number and
 * the address as links (`call` and `write` are what goes in their place).
 */
export function rateLimitedText<T>(call: T, write: T): Array<string | T> {
  return [
    'We have just received several messages from you. Please call ',
    call,
    ' or write to ',
    write,
    ', or try again in a few minutes. What you typed is still here.',
  ];
}

export const enquiryMessages = {
  success: {
    title: 'Message Sent Successfully! ✨',
    description: `Thank you for reaching out. We'll get back to you within ${responseTime}.`,
  },
  failure: {
    title: 'Error',
    description: failureText,
  },
  /** Failed, but kept in this browser to send later: the spec's words, then what happens next (the status beside Send says the same). */
  queued: {
    title: 'Error',
    description: `${failureText} ${queuedText.one}`,
  },
  /** A preview's demo mode (src/config/supabase-project.ts): the form went through its steps and sent nothing. */
  demo: {
    title: 'Not sent: this is a preview',
    description: 'This copy of the site previews a change, so its form stores nothing and e-mails nobody.',
  },
  /** The database's rate limit: trying again now would fail again, so the visitor gets the other ways in. */
  rateLimited: {
    title: 'Please call or email us',
    description: rateLimitedText(phone.display, email).join(''),
  },
} as const;
