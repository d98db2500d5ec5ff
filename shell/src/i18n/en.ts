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
    code: 'Code from your authenticator app',
    codeHint: 'Enter the six-digit code from your authenticator app, or one of your recovery codes.',
    verify: 'Verify',
    verifying: 'Verifying...',
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
    integrations: 'Integrations',
    privacy: 'Personal data',
    reports: 'Reports',
    fileComplaint: 'File a complaint',
    cannedResponses: 'Canned answers',
    logout: 'Logout',
    close: 'Close menu',
  },
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
    home: 'Go to the start page',
  },
};
