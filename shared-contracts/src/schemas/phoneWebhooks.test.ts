import { isStopWord, smsInboundSchema, smsReceiptsSchema, whatsappWebhookSchema } from './phoneWebhooks';

describe('the phone providers webhooks', () => {
  it('knows STOP and its usual forms, in any case, and nothing else', () => {
    for (const word of ['STOP', 'stop', ' Stop. ', 'STOP ALL', 'Unsubscribe', 'बंद', 'थांबवा'])
      expect(isStopWord(word)).toBe(true);
    for (const word of ['', 'please stop calling me', 'stopped', 'ok']) expect(isStopWord(word)).toBe(false);
  });

  it('reads a WhatsApp webhook, one or many SMS reports, and an inbound SMS', () => {
    expect(
      whatsappWebhookSchema.safeParse({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.1', status: 'read' }] } }],
          },
        ],
      }).success,
    ).toBe(true);
    expect(
      whatsappWebhookSchema.safeParse({ entry: [{ changes: [{ value: { statuses: [{ id: 1 }] } }] }] })
        .success,
    ).toBe(false);
    expect(smsReceiptsSchema.safeParse({ requestId: 'r1', desc: 'DELIVERED', status: 1 }).success).toBe(true);
    expect(
      smsReceiptsSchema.safeParse([{ requestId: 'r1' }, { requestId: 'r2', desc: 'FAILED' }]).success,
    ).toBe(true);
    expect(smsReceiptsSchema.safeParse({ desc: 'DELIVERED' }).success).toBe(false);
    expect(smsInboundSchema.safeParse({ from: '919812345670', text: 'STOP' }).success).toBe(true);
  });
});
