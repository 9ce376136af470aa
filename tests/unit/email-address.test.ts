/** The contact form's e-mail address check: the notifier's rule, with a host name in its own script sent in ASCII form. */
import { describe, expect, it } from 'vitest';
import { enquiryEmail, isAcceptedEmail } from '../../src/enquiry/email-address.ts';
import { toRow, emptyEnquiry } from '../../src/enquiry/enquiry.ts';
import { isPlainAddress } from '../../supabase/functions/notify-enquiry/message.ts';

describe('the e-mail address the form sends', () => {
  it.each(['a\u0085b@b.co', 'a\u00a0b@b.co', 'a@b\u200b.co', '"x"<a@b.co>', 'x <a@b.co>', '"a"@b.co', 'a@b.co (x)', 'a\u202eb@c.co', 'a@b\u00ad.co'])(
    'refuses %j, as the table and the notifier do',
    (typed) => {
      expect(isAcceptedEmail(typed)).toBe(false);
      expect(isPlainAddress(enquiryEmail(typed))).toBe(false);
    },
  );

  it('accepts what people type, spaces around it removed', () => {
    for (const typed of ['asha@acme.example', ' asha.rao+leads@acme.example ', "o'brien@example.ie", '\u00a0asha@acme.example\u3000']) {
      expect(isAcceptedEmail(typed), typed).toBe(true);
    }
    expect(toRow({ ...emptyEnquiry, email: ' asha@acme.example\u00a0' }, 'id').email).toBe('asha@acme.example');
  });

  it('sends a host name typed in its own script in the ASCII form mail servers use', () => {
    expect(enquiryEmail('meera@münchen.de')).toBe('meera@xn--mnchen-3ya.de');
    expect(enquiryEmail('meera@MÜNCHEN.de')).toBe('meera@xn--mnchen-3ya.de');
    expect(isAcceptedEmail('meera@bücher.example')).toBe(true);
    expect(toRow({ ...emptyEnquiry, email: 'meera@münchen.de' }, 'id').email).toBe('meera@xn--mnchen-3ya.de');
  });

  it('never drops an invisible character while converting a host name: it is refused instead', () => {
    for (const typed of ['meera@mü\u200bnchen.de', 'meera@mün\u00adchen.de', 'meera@münchen\u200d.de', 'meera@mü\ufe0fnchen.de']) {
      expect(enquiryEmail(typed), JSON.stringify(typed)).toBe(typed);
      expect(isAcceptedEmail(typed), JSON.stringify(typed)).toBe(false);
    }
  });

  it('keeps a local part in its own script refused: the staff e-mail could not reply to it', () => {
    expect(isAcceptedEmail('josé@example.com')).toBe(false);
  });
});
