import { ApiError, apiErrorFromAnswer, toApiError } from './errors';

describe('apiErrorFromAnswer: the error helper of docs/product.md#errors for an answer read without ky', () => {
  it.each<[string, number, unknown, { status: number; message: string; details?: unknown }]>([
    [
      'the error text and details',
      400,
      { error: 'Committee not found', details: ['committeeId'] },
      {
        status: 400,
        message: 'Committee not found',
        details: ['committeeId'],
      },
    ],
    ['the error text alone', 413, { error: 'File too large' }, { status: 413, message: 'File too large' }],
    ['a blank error text', 500, { error: '  ' }, { status: 500, message: 'An error occurred' }],
    ['an error that is not text', 500, { error: 42 }, { status: 500, message: 'An error occurred' }],
    ['a body that is not JSON', 502, undefined, { status: 502, message: 'An error occurred' }],
    ['a JSON body that is not an object', 500, 'oops', { status: 500, message: 'An error occurred' }],
  ])('%s', (_case, status, data, expected) => {
    const error = apiErrorFromAnswer(status, data);
    expect(error).toBeInstanceOf(ApiError);
    expect(toApiError(error)).toEqual(expected);
  });
});
