import { encodeRouteId } from '../rules/routeId';
import {
  MEMBER_KEYS_STORAGE_KEY,
  memberKeyFor,
  memberTicketsPath,
  parseMemberUrl,
  rememberMemberKey,
} from './memberKeys';

const KEY = `${'A'.repeat(40)}-_z`;

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe("the member's key on this device", () => {
  test('remembered per member, read back, others kept', () => {
    expect(memberKeyFor(3)).toBeNull();
    rememberMemberKey(3, KEY);
    rememberMemberKey(4, 'b'.repeat(43));
    expect(memberKeyFor(3)).toBe(KEY);
    expect(memberKeyFor(4)).toBe('b'.repeat(43));
    expect(memberKeyFor(5)).toBeNull();
    expect(memberKeyFor(null)).toBeNull();
    expect(memberKeyFor(undefined)).toBeNull();
  });

  test('only a well-formed key is stored or read', () => {
    rememberMemberKey(3, 'short');
    expect(localStorage.getItem(MEMBER_KEYS_STORAGE_KEY)).toBeNull();
    localStorage.setItem(MEMBER_KEYS_STORAGE_KEY, JSON.stringify({ '3': 'not a key', '4': 7 }));
    expect(memberKeyFor(3)).toBeNull();
    expect(memberKeyFor(4)).toBeNull();
  });

  test.each(['not json', '[1,2]', 'null', '"text"'])('a damaged store (%p) reads as empty', (stored) => {
    localStorage.setItem(MEMBER_KEYS_STORAGE_KEY, stored);
    expect(memberKeyFor(3)).toBeNull();
    rememberMemberKey(3, KEY);
    expect(memberKeyFor(3)).toBe(KEY);
  });

  test('a storage that refuses writes is no failure', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberMemberKey(3, KEY)).not.toThrow();
    expect(memberKeyFor(3)).toBeNull();
  });
});

describe('parseMemberUrl (docs/architecture.md#security-decisions memberUrl)', () => {
  test.each<[string | null | undefined, { userId: number; key: string } | null]>([
    [`/tickets/3#key=${KEY}`, { userId: 3, key: KEY }],
    [`/tickets/${encodeRouteId(42)}#key=${KEY}`, { userId: 42, key: KEY }],
    ['/tickets/3', null],
    ['/tickets/3#key=', null],
    [`/tickets/abc!#key=${KEY}`, null],
    [`/ticket-detail/3#key=${KEY}`, null],
    [`https://elsewhere.example/tickets/3#key=${KEY}`, null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (url, expected) => {
    expect(parseMemberUrl(url)).toEqual(expected);
  });

  test('the link back to the list carries the key in the fragment', () => {
    expect(memberTicketsPath(3, KEY)).toBe(`/tickets/3#key=${KEY}`);
  });
});
