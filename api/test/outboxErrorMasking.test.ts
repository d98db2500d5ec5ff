/**
 * Failed messages show admins the provider's last error (GET /messages/failed), masked like the
 * recipient beside it: a refused address or number is not shown in full.
 */
import { maskedErrorText } from '../src/services/outbox/outboxStore';

describe('the last error of a failed message, as admins see it', () => {
  it('masks the refused email address a mail server echoes, and any other address in the text', () => {
    expect(
      maskedErrorText(
        'email',
        'ravi@example.com',
        '550 5.1.1 <ravi@example.com>: unknown user (from desk@credai.test)',
      ),
    ).toBe('550 5.1.1 <r***@example.com>: unknown user (from d***@credai.test)');
  });

  it('masks the number an SMS gateway echoes', () => {
    expect(maskedErrorText('sms', '9876543210', 'DLT rejected 919876543210: template mismatch')).toBe(
      'DLT rejected 9198******10: template mismatch',
    );
  });

  it('leaves a text without contact details, and no text, as they are', () => {
    expect(maskedErrorText('email', 'ravi@example.com', 'connect ECONNREFUSED 127.0.0.1:25')).toBe(
      'connect ECONNREFUSED 127.0.0.1:25',
    );
    expect(maskedErrorText('email', 'ravi@example.com', null)).toBeNull();
  });
});
