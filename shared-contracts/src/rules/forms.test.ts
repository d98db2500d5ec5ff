import * as z from 'zod';
import { i18n } from '../i18n';
import { english, say, type Text } from '../i18n/text';
import type { TicketSubmitForm } from '../schemas/tickets';
import {
  ATTACHMENT_ACCEPT,
  attachmentError,
  attachmentIcon,
  fileExtension,
  fileTooLarge,
} from './attachmentCheck';
import { fieldErrorsFromDetails, firstErrorPerField } from './formErrors';
import {
  isSubmitDisabled,
  sanitiseMobileInput,
  submitFieldError,
  validateSubmitForm,
} from './submitFormValidation';

/** A rule's text as the English page shows it (through the catalogue, as a component does). */
const en = (text: Text | null) => (text ? say(i18n.t, text) : text);

const form: TicketSubmitForm = {
  fullName: 'Ravi Kumar',
  cityId: '1',
  city: 'Pune',
  cityPresident: 'Asha',
  mobile: '9876543210',
  committeeId: '2',
  committee: 'Legal',
  email: 'ravi@example.com',
  description: 'The lift has been broken for a week',
  phoneUpdates: '',
};

describe('validateSubmitForm (docs/product.md#validation)', () => {
  it('accepts a valid form', () => {
    const result = validateSubmitForm(form);
    expect(result.ok).toBe(true);
    expect(result.ok && result.data.cityId).toBe(1);
  });
  it.each([
    ['fullName', '', 'Full name is required'],
    ['fullName', 'R2D2', 'Full name should not contain numbers'],
    ['mobile', '', 'Mobile number is required'],
    ['mobile', '98765', 'Mobile number must be 10 digits'],
    ['description', '', 'Description is required'],
    ['description', Array(501).fill('word').join(' '), 'Description should not exceed 500 words'],
    ['email', '', 'Please provide a valid email address.'],
    ['email', 'ravi@', 'Please provide a valid email address.'],
    ['cityId', '', 'Please select a city.'],
    ['committeeId', '', 'Please select a committee.'],
  ] as const)('%s = %p → %p', (field, value, message) => {
    const result = validateSubmitForm({ ...form, [field]: value });
    expect(result.ok).toBe(false);
    expect(result.errors[field]).toBe(message);
  });
  it.each([
    [{ cityId: '' }, 'Please select both a city and a committee'],
    [{ committeeId: '' }, 'Please select both a city and a committee'],
    [{ mobile: '' }, undefined],
  ])('form-level message for %p → %p', (change, message) => {
    expect(validateSubmitForm({ ...form, ...change }).errors._form).toBe(message);
  });
  it.each([
    ['fullName', 'Ravi', null],
    ['fullName', 'Ravi 1', 'Full name should not contain numbers'],
    ['mobile', '123', 'Mobile number must be 10 digits'],
    ['description', '', 'Description is required'],
  ] as const)('live check of %s = %p → %p', (field, value, message) => {
    expect(submitFieldError(field, value)).toBe(message);
  });
  it.each([
    ['98a76-54 3210', '9876543210'],
    ['123456789012', '1234567890'],
    ['', ''],
  ])('mobile input %p → %p', (typed, kept) => {
    expect(sanitiseMobileInput(typed)).toBe(kept);
  });
  it.each([
    [true, {}, true],
    [false, {}, false],
    [false, { fullName: 'x' }, true],
    [false, { mobile: 'x' }, true],
    [false, { description: 'x' }, true],
    [false, { email: 'x', fullName: null }, false],
  ])('submit disabled when busy %p and errors %p → %p', (busy, errors, disabled) => {
    expect(isSubmitDisabled(busy, errors)).toBe(disabled);
  });
});

describe('firstErrorPerField', () => {
  it('only the first problem of a field is kept', () => {
    const parsed = z.string().min(5, 'too short').regex(/^\d+$/, 'digits only').safeParse('ab');
    expect(parsed.success ? {} : firstErrorPerField(parsed.error)).toEqual({ _form: 'too short' });
  });
  it('a problem with the whole value is reported under _form', () => {
    const parsed = z.object({ a: z.string() }).safeParse(null);
    expect(parsed.success ? {} : firstErrorPerField(parsed.error)).toHaveProperty('_form');
  });
});

describe('attachment checks (docs/product.md#validation)', () => {
  const MB = 1024 * 1024;
  it.each([
    [{ name: 'a.pdf', size: 20 * MB }, null],
    [{ name: 'scan.JPEG', size: 1 }, null],
    [{ name: 'a.docx', size: 20 * MB + 1 }, 'File size (20.00 MB) exceeds the maximum limit of 20MB'],
    [{ name: 'a.png', size: 25.5 * MB }, 'File size (25.50 MB) exceeds the maximum limit of 20MB'],
    [{ name: 'a.exe', size: 10 }, 'Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed'],
    [{ name: 'noextension', size: 10 }, 'Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed'],
    [{ name: '.pdf', size: 10 }, 'Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed'],
  ])('%p → %p', (file, message) => {
    expect(en(attachmentError(file))).toBe(message);
  });
  it('size message and helpers', () => {
    expect(english(fileTooLarge(30 * MB))).toBe('File size (30.00 MB) exceeds the maximum limit of 20MB');
    expect(fileExtension('Report.Final.PDF')).toBe('.pdf');
    expect(ATTACHMENT_ACCEPT).toBe('.pdf,.doc,.docx,.jpg,.jpeg,.png');
  });
  it.each([
    ['a.pdf', 'pdf'],
    ['a.doc', 'word'],
    ['a.DOCX', 'word'],
    ['a.jpg', 'image'],
    ['a.jpeg', 'image'],
    ['a.png', 'image'],
    ['a.txt', 'file'],
  ])('icon of %p → %p', (name, icon) => {
    expect(attachmentIcon(name)).toBe(icon);
  });
});

describe("fieldErrorsFromDetails: the api's details on the form's fields", () => {
  const details = [
    { path: 'mobile', message: 'Mobile number must be 10 digits' },
    { path: 'mobile', message: 'a second problem of the same field' },
    { path: 'email', message: 'Email is already in use' },
    { path: 'notAField', message: 'ignored' },
    { message: 'no path' },
    'not an object',
  ];

  test('the first message of each field the form has; the rest ignored', () => {
    expect(fieldErrorsFromDetails(details, ['mobile', 'email', 'fullName'])).toEqual({
      mobile: 'Mobile number must be 10 digits',
      email: 'Email is already in use',
    });
  });

  test('a mark instead of the message when the form shows it elsewhere', () => {
    expect(fieldErrorsFromDetails(details, ['email'], true)).toEqual({ email: true });
  });

  test.each([undefined, null, 'details', { path: 'mobile', message: 'x' }])('%p names no field', (value) => {
    expect(fieldErrorsFromDetails(value, ['mobile'])).toEqual({});
  });
});
