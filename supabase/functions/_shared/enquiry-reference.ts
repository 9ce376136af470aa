/**
 * An enquiry's reference, as the visitor and staff quote it: "KT-" and the first eight hexadecimal digits of its id,
 * in capitals (KT-1A2B3C4D). The form shows it the moment the enquiry is stored, the acknowledgement e-mail repeats it,
 * and `npm run enquiries` finds an enquiry by it. Plain TypeScript: the browser, Deno and Node run it.
 */
export const enquiryReference = (id: string): string => `KT-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** Whether `text` is a reference ("kt-1a2b3c4d" too), for finding an enquiry by it. */
export const isEnquiryReference = (text: string): boolean => /^KT-[0-9A-F]{8}$/i.test(text.trim());
