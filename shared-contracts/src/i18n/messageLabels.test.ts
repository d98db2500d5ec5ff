import { MESSAGE_CHANNELS, MESSAGE_EVENTS } from '../schemas/conversation';
import { messageChannelText, messageEventText } from './messageLabels';
import { english } from './text';

describe('the names of the outbox messages', () => {
  it('names every channel and event in the common catalogue', () => {
    for (const channel of MESSAGE_CHANNELS) expect(english(messageChannelText(channel))).not.toBe('');
    for (const event of MESSAGE_EVENTS) expect(english(messageEventText(event))).not.toBe('');
  });
  it('reads the product texts', () => {
    expect(english(messageChannelText('whatsapp'))).toBe('WhatsApp');
    expect(english(messageEventText('ticket.status_changed'))).toBe('Status changed');
  });
});
