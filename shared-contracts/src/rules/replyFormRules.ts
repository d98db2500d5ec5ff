import { errorText, say, type Translate } from '../i18n/text';
import { ticketReplyRequestSchema } from '../schemas/conversation';
import { attachmentError } from './attachmentCheck';

/**
 * The checks of a reply's form, the staff's and the member's alike (@mantine/form's `validate`):
 * the text by the shared schema, the file by the submit's upload rules (docs/product.md#validation),
 * each as a message in the language of `t`.
 */
export function replyFormRules(t: Translate) {
  return {
    text: (text: string) => {
      const parsed = ticketReplyRequestSchema.shape.text.safeParse(text);
      const message = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
      return message && errorText(t, message);
    },
    attachment: (file: File | null) => {
      const problem = file && attachmentError(file);
      return problem ? say(t, problem) : null;
    },
  };
}
