/** The shell's English catalogue (namespace `shell`). Product texts are copied exactly. */
export const shellEn = {
  login: {
    welcome:
      'Welcome to the Help Desk administration portal. Please sign in with your credentials to access the system.',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    submit: 'Sign In',
    submitting: 'Signing In...',
    needHelp: 'Need help?',
    helpDeskLogo: 'Help Desk logo',
    associationLogo: "Real-estate developers' association logo",
  },
  header: {
    toggleSidebar: 'Toggle sidebar',
    home: 'Help Desk home',
    logout: 'Logout',
    outOfOffice: 'Out of office',
  },
  sidebar: {
    label: 'Main menu',
    dashboard: 'Dashboard',
    users: 'Users',
    messages: 'Failed messages',
    chapters: 'Chapters',
    reports: 'Reports',
    logout: 'Logout',
    close: 'Close menu',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
    home: 'Go to the start page',
  },
};
