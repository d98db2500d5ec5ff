import * as z from 'zod';
import type { TicketSubmitForm } from '../schemas/tickets';
import {
  ATTACHMENT_ACCEPT,
  attachmentError,
  attachmentIcon,
  FILE_TYPE_MESSAGE,
  fileExtension,
  fileTooLargeMessage,
} from './attachmentCheck';
import { fieldErrorsFromDetails, firstErrorPerField } from './formErrors';
import {
  isSubmitDisabled,
  sanitiseMobileInput,
  submitFieldError,
  validateSubmitForm,
} from './submitFormValidation';
import { loginErrorMessage, submitDestination, submitErrorMessage } from './submitOutcome';
import { passwordLabel, userFormTexts, validateUserForm } from './userFormValidation';

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

describe('validateUserForm (docs/product.md#validation)', () => {
  const values = {
    fullName: 'Asha',
    email: 'asha@x.co',
    mobile: '9876543210',
    city: 'Pune',
    role: 'convenor',
  };
  it.each([
    ['create', { ...values, password: 'password1' }, true],
    ['create', values, false],
    ['edit', values, true],
    ['edit', { ...values, password: '' }, true],
    ['edit', { ...values, committee: '' }, true],
  ] as const)('%s %p → ok %p', (mode, input, ok) => {
    expect(validateUserForm(input, mode).ok).toBe(ok);
  });
  it.each([
    ['fullName', '', 'Full name is required'],
    ['email', 'nope', 'Please provide a valid email address.'],
    ['mobile', '', 'Mobile number is required'],
    ['city', ' ', 'City is required'],
    [
      'role',
      'wizard',
      'Role must be one of: admin, credaipresident, citypresident, governor, observer, convenor, customer',
    ],
  ])('%s = %p → %p', (field, value, message) => {
    const result = validateUserForm({ ...values, [field]: value }, 'edit');
    expect(result.ok ? undefined : result.errors[field as keyof typeof result.errors]).toBe(message);
  });
  it('password required on create', () => {
    const result = validateUserForm({ ...values, password: '' }, 'create');
    expect(result.ok ? undefined : result.errors.password).toBe('Password is required');
  });
  it('labels and texts by mode', () => {
    expect(passwordLabel('edit')).toBe('Password (leave blank to keep current)');
    expect(passwordLabel('create')).toBe('Password');
    expect(userFormTexts('create')).toEqual({
      title: 'Add New User',
      submit: 'Create User',
      success: 'User created successfully!',
    });
    expect(userFormTexts('edit')).toEqual({
      title: 'Edit User',
      submit: 'Update User',
      success: 'User updated successfully!',
    });
  });
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
    [{ name: 'a.exe', size: 10 }, FILE_TYPE_MESSAGE],
    [{ name: 'noextension', size: 10 }, FILE_TYPE_MESSAGE],
    [{ name: '.pdf', size: 10 }, FILE_TYPE_MESSAGE],
  ])('%p → %p', (file, message) => {
    expect(attachmentError(file)).toBe(message);
  });
  it('size message and helpers', () => {
    expect(fileTooLargeMessage(30 * MB)).toBe('File size (30.00 MB) exceeds the maximum limit of 20MB');
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

describe('submit outcome (docs/product.md#submit-flow, docs/product.md#errors)', () => {
  it.each([
    [
      { ticketId: 5, userId: 3, shareUrl: '/ticket-detail/5#key=k' },
      { ok: true, path: '/ticket-detail/5#key=k' },
    ],
    [
      { ticketId: 5, userId: 3 },
      { ok: true, path: '/ticket-detail/NQ' },
    ],
    [
      { userId: 3, memberUrl: '/tickets/3#key=m' },
      { ok: true, path: '/tickets/3#key=m' },
    ],
    [{ userId: 3 }, { ok: true, path: '/tickets/Mw' }],
    [{}, { ok: false, error: 'Could not determine ticket ID from server response.' }],
  ])('%p → %p', (answer, destination) => {
    expect(submitDestination(answer)).toEqual(destination);
  });
  it.each([
    [{ message: 'Committee not found' }, 'Committee not found'],
    [{ message: 'An error occurred' }, 'An error occurred while submitting your ticket. Please try again.'],
    [
      { message: 'Error setting up request' },
      'An error occurred while submitting your ticket. Please try again.',
    ],
    [{ message: ' ' }, 'An error occurred while submitting your ticket. Please try again.'],
    [null, 'An error occurred while submitting your ticket. Please try again.'],
  ])('submit error %p → %p', (error, message) => {
    expect(submitErrorMessage(error)).toBe(message);
  });
  it.each([
    [{ message: 'Account disabled' }, 'Account disabled'],
    [{ message: 'An error occurred' }, 'Invalid email or password'],
    [{ message: '' }, 'Invalid email or password'],
    [undefined, 'Invalid email or password'],
  ])('login error %p → %p', (error, message) => {
    expect(loginErrorMessage(error)).toBe(message);
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
