/** Texts used by more than one app. */
export const commonEn = {
  appName: 'Help Desk',
  loading: 'Loading...',
  remoteUnavailable: {
    title: 'This section is unavailable right now',
    body: 'It could not be loaded. Check your connection and try again; the rest of the help desk still works.',
    retry: 'Retry',
  },
};
