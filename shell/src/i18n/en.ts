/** The shell's English catalogue (namespace `shell`). */
export const shellEn = {
  login: {
    welcome:
      'Welcome to the Help Desk administration portal. Please sign in with your credentials to access the system.',
  },
  header: {
    logout: 'Logout',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
    home: 'Go to the start page',
  },
};
