import {
  interestKey,
  MAX_INTERESTS,
  MEMBER_ALIAS_PATTERN,
  staffInterestsUpdateSchema,
  unmaskRequestSchema,
} from './interests';
import { againstNameSchema, submitBoxSchema } from './ticketConcern';
import { ticketCustomerSchema, ticketSubmitSchema } from './tickets';

describe('declared interests and shielded identity (ADR 0048, ADR 0049)', () => {
  it('compares names whole, whatever their case and spacing', () => {
    expect(interestKey('  Acme   Builders ')).toBe('acme builders');
    expect(interestKey('ACME BUILDERS')).toBe(interestKey('acme builders'));
    expect(interestKey('Acme')).not.toBe(interestKey('Acme Builders'));
    expect(interestKey(null)).toBe('');
    expect(interestKey(undefined)).toBe('');
  });

  it('takes a list of firms and projects, each named, at most MAX_INTERESTS', () => {
    const parsed = staffInterestsUpdateSchema.parse({
      interests: [
        { kind: 'firm', name: ' Acme Builders ' },
        { kind: 'project', name: 'Green Heights', projectId: 4 },
      ],
    });
    expect(parsed.interests[0]?.name).toBe('Acme Builders');
    expect(staffInterestsUpdateSchema.safeParse({ interests: [{ kind: 'firm', name: ' ' }] }).success).toBe(
      false,
    );
    expect(staffInterestsUpdateSchema.safeParse({ interests: [{ kind: 'person', name: 'A' }] }).success).toBe(
      false,
    );
    const many = Array.from({ length: MAX_INTERESTS + 1 }, (_, i) => ({ kind: 'firm', name: `Firm ${i}` }));
    expect(staffInterestsUpdateSchema.safeParse({ interests: many }).success).toBe(false);
  });

  it('needs a reason to unmask', () => {
    expect(unmaskRequestSchema.safeParse({ reason: '' }).success).toBe(false);
    expect(unmaskRequestSchema.safeParse({}).success).toBe(false);
    expect(unmaskRequestSchema.parse({ reason: ' Legal notice ' }).reason).toBe('Legal notice');
  });

  it('reads the submit form’s against-whom name and its two boxes', () => {
    expect(againstNameSchema.parse(undefined)).toBeUndefined();
    expect(againstNameSchema.parse('  ')).toBeUndefined();
    expect(againstNameSchema.parse(' Acme Builders ')).toBe('Acme Builders');
    expect(submitBoxSchema.parse('true')).toBe(true);
    expect(submitBoxSchema.parse('')).toBe(false);
    expect(submitBoxSchema.parse(undefined)).toBe(false);
    expect(submitBoxSchema.safeParse('yes').success).toBe(false);
    const form = {
      fullName: 'Ravi Kumar',
      cityId: '1',
      mobile: '9876543210',
      committeeId: '2',
      email: 'ravi@example.com',
      description: 'Leak',
    };
    const plain = ticketSubmitSchema.parse(form);
    expect([plain.againstName, plain.concernsOfficeBearer, plain.shieldIdentity]).toEqual([
      undefined,
      false,
      false,
    ]);
    const shielded = ticketSubmitSchema.parse({
      ...form,
      againstName: 'Acme Builders',
      concernsOfficeBearer: 'true',
      shieldIdentity: 'true',
    });
    expect([shielded.againstName, shielded.concernsOfficeBearer, shielded.shieldIdentity]).toEqual([
      'Acme Builders',
      true,
      true,
    ]);
  });

  it('answers a shielded member as an alias without id, email or mobile', () => {
    const customer = ticketCustomerSchema.parse({
      fullName: 'Member 7F3A',
      shielded: true,
      alias: 'Member 7F3A',
    });
    expect(customer.id).toBeUndefined();
    expect(MEMBER_ALIAS_PATTERN.test(customer.alias ?? '')).toBe(true);
    expect(MEMBER_ALIAS_PATTERN.test('Member Ravi')).toBe(false);
  });
});
