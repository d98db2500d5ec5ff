import { formFieldProps } from './formFieldProps';

function formWith(errors: Record<string, unknown>) {
  return {
    errors: errors as Record<string, string | boolean>,
    getInputProps: (path: string) => ({ value: `value of ${path}`, error: errors[path] }),
  };
}

describe('formFieldProps', () => {
  it('keeps the input props and translates a text error', () => {
    const props = formFieldProps(formWith({ from: 'absence.fromRequired' }), 'from', (key) => `«${key}»`);
    expect(props).toEqual({ value: 'value of from', error: '«absence.fromRequired»' });
  });

  it('leaves a mark that is not text as it is, and no error as none', () => {
    const translate = jest.fn((key: string) => key);
    expect(formFieldProps(formWith({ email: true }), 'email', translate).error).toBe(true);
    expect(formFieldProps(formWith({}), 'email', translate).error).toBeUndefined();
    expect(translate).not.toHaveBeenCalled();
  });
});
