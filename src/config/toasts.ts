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
    description: "Thank you for reaching out. We'll get back to you within 24 hours.",
  },
  failure: {
    title: 'Error',
    description: 'Failed to send message. Please try again.',
  },
} as const;
