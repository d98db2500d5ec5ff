/**
 * Texts used by more than one app (namespace `common`), copied exactly from docs/product.md.
 * The shared rules return keys into it (ADR 0014) and `errors` is the table of the texts the api
 * and the client send, keyed by their stable code (ADR 0024).
 */
export const commonEn = {
  appName: 'Help Desk',
  loading: 'Loading...',
  remoteUnavailable: {
    title: 'This section is unavailable right now',
    body: 'It could not be loaded. Check your connection and try again; the rest of the help desk still works.',
    retry: 'Retry',
  },
  /** docs/product.md#ticket-states: how the list, badges and filters name a status. */
  status: {
    pending: 'Pending',
    'in-review': 'In Review',
    approved: 'Approved',
    resolved: 'Resolved',
    rejected: 'Rejected',
    other: '{{status}}',
  },
  /** What the outbox's messages are, by channel and by event (the staff's and the admin's lists). */
  messages: {
    channel: { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' },
    event: {
      submitted: 'Ticket submitted',
      statusChanged: 'Status changed',
      handedOff: 'Handed to a new holder',
      replied: 'New reply',
      linkRequested: 'Link to the tickets',
      shareLinkRotated: 'New link to the ticket',
      memberLinkRotated: 'New link to the tickets',
      reminder: 'Reminder of a due stage',
      escalated: 'Escalation of an overdue stage',
      interimReply: 'Interim reply',
      reportMonthly: 'Monthly report',
      ratingRequested: 'Request to rate the outcome',
      appealFiled: 'Appeal filed',
      appealDecided: 'Appeal decided',
      reopened: 'Ticket reopened',
      transferred: 'Ticket transferred',
      privacyAnswered: 'Personal data request answered',
      retentionNotice: 'Erasure notice',
    },
  },
  /** docs/product.md#roles: the observer is shown as Office Bearer. */
  role: {
    admin: 'Admin',
    credaipresident: 'Credai President',
    citypresident: 'City President',
    governor: 'Governor',
    observer: 'Office Bearer',
    convenor: 'Convenor',
    customer: 'Customer',
    other: '{{role}}',
  },
  /** docs/product.md#displayed-assignee of the public views. */
  assignee: {
    completed: 'Completed',
    unknown: 'Unknown',
    other: '{{assignee}}',
  },
  /** A ticket's city when it has none (docs/product.md#data). */
  city: {
    unknown: 'Unknown',
  },
  /**
   * The history entries the api writes itself (docs/workflow.md): shown by their code in the
   * page's language; the English is exactly the text stored (`Approved by City President`).
   */
  history: {
    submitted: 'Ticket submitted',
    approve: 'Approved by $t(common:role.{{role}})',
    reject: 'Rejected by $t(common:role.{{role}})',
    resolve: 'Resolved by $t(common:role.{{role}})',
    review: 'Moved to review by $t(common:role.{{role}})',
    /** What the clock writes (ADR 0033): reminders, escalations, interim replies, stand-ins. */
    reminder:
      'Reminder sent to {{name}} ($t(common:role.{{role}})): the $t(common:history.stage.{{stage}}) is due {{due}}',
    reminderActingFor:
      'Reminder sent to {{name}} ($t(common:role.{{role}})), acting for {{actingFor}}: the $t(common:history.stage.{{stage}}) is due {{due}}',
    escalation:
      'Escalated to {{name}} ($t(common:role.{{role}})): the $t(common:history.stage.{{stage}}) was due {{due}}',
    escalationActingFor:
      'Escalated to {{name}} ($t(common:role.{{role}})), acting for {{actingFor}}: the $t(common:history.stage.{{stage}}) was due {{due}}',
    interimReply:
      'Interim reply: the $t(common:history.stage.{{stage}}) is expected by {{expectedBy}}. {{reason}}',
    standIn: 'Handed to {{name}} ($t(common:role.{{role}})), acting for {{actingFor}}',
    /** The member's last word (ADR 0038): ratings, reopening, appeals and their decisions, transfers, closing. */
    rated: 'Rated {{stars}} of 5 by the member',
    ratedWithComment: 'Rated {{stars}} of 5 by the member: {{comment}}',
    reopened: 'Reopened by the member: {{reason}}',
    appealed: 'Appealed to the Credai President by the member: {{reason}}',
    appealUpheld: 'Appeal upheld by the Credai President: {{reason}}',
    appealRemanded:
      "Appeal sent back to the City President by the Credai President: {{reason}}. The member's appeal: {{appeal}}",
    appealDismissed: 'Appeal dismissed by the Credai President: {{reason}}',
    transferred: 'Transferred from {{from}} to {{to}}: {{reason}}',
    recused:
      'Passed over {{name}} ($t(common:role.{{role}})), who declared an interest: handed to {{toName}} ($t(common:role.{{toRole}}))',
    recusedOfficeBearer:
      'The complaint concerns an office bearer of the chapter: handed to {{toName}} ($t(common:role.{{toRole}}))',
    closedRated: "Case closed after the member's rating",
    closedUnrated: 'Case closed: no rating within {{days}} days',
    closedNoAppeal: 'Case closed: no appeal within {{days}} days',
    stage: {
      review: "City President's review",
      resolution: "Convenor's resolution",
      approval: "Office Bearer's final approval",
      appeal: "Credai President's appeal decision",
    },
  },
  /** The named people of a ticket (the dialog and the detail screen). */
  /** Conflicts of interest and shielded identity (ADR 0048, ADR 0049). */
  recusal: {
    handledElsewhere: 'Handled by another office bearer',
    shielded: 'Identity kept from the chapter',
    unmask: 'Show identity',
    unmaskReason: 'Why do you need to see who this member is?',
    unmaskSubmit: 'Show identity',
    unmaskRecorded: 'Shown to you; this is recorded in the audit trail.',
    againstName: 'Complaint against: {{name}}',
    concernsOfficeBearer: 'Concerns an office bearer of the chapter',
  },
  people: {
    cityPresident: 'City President',
    convenor: 'Convenor',
    observer: 'Observer',
    officeBearer: 'Office Bearer',
  },
  /** docs/product.md#screens list footers. */
  pagination: {
    ticketRange: 'Showing {{from, number}} to {{to, number}} of {{total, number}} entries',
    ticketRangeAtLeast: 'Showing {{from, number}} to {{to, number}} of {{total, number}}+ entries',
    userRange: 'Showing {{from, number}} to {{to, number}} of {{total, number}} users',
    pageOf: 'Page {{page, number}} of {{pages, number}}',
    pageOfAtLeast: 'Page {{page, number}} of {{pages, number}}+',
  },
  /** The language switcher (each language is named in itself). */
  language: {
    label: 'Language',
  },
  /** The due badge of a row or card (docs/architecture.md#time-and-service-levels), in working time. */
  due: {
    inDays_one: 'Due in {{count}} day',
    inDays_other: 'Due in {{count}} days',
    inHours_one: 'Due in {{count}} hour',
    inHours_other: 'Due in {{count}} hours',
    withinHour: 'Due within the hour',
    overdueDays_one: 'Overdue by {{count}} day',
    overdueDays_other: 'Overdue by {{count}} days',
    overdueHours_one: 'Overdue by {{count}} hour',
    overdueHours_other: 'Overdue by {{count}} hours',
    overdue: 'Overdue',
  },
  /**
   * docs/product.md#validation and docs/product.md#errors: every error and validation text the
   * api, the shared schemas and the client produce, by code. The English is the product's text:
   * the api sends it (with its code) and a screen shows the code's text in the page's language.
   */
  errors: {
    genericError: 'An error occurred',
    noResponse: 'No response from server. Please check your internet connection.',
    requestSetup: 'Error setting up request',
    invalidResponse: 'Invalid response from server',
    invalidResponseFormat: 'Invalid response format from server',
    invalidCredentials: 'Invalid email or password',
    unauthorizedRole: 'Unauthorized role',
    userNotFound: 'User not found',
    invalidTicketId: 'Invalid ticket ID. Please try again.',
    invalidUserId: 'Invalid user ID. Please try again.',
    submitFailed: 'An error occurred while submitting your ticket. Please try again.',
    noTicketIdInAnswer: 'Could not determine ticket ID from server response.',
    selectCityAndCommittee: 'Please select both a city and a committee',
    committeesFallback: 'Using default committee list. API data unavailable.',
    committeesFailed: 'Using default committee list. Failed to load from server.',
    citiesFallback: 'Using default city list. API data unavailable.',
    citiesFailed: 'Using default city list. Failed to load from server.',
    actionFailed: 'Failed to update ticket: {{message}}',
    fileTooLarge: 'File size ({{size}} MB) exceeds the maximum limit of {{max}}MB',
    fileType: 'Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed',
    fieldRequired: 'This field is required',
    maxCharacters: 'Must be at most {{max}} characters',
    controlCharacters: 'Must not contain control characters',
    bidiControls: 'Must not contain text-direction control characters',
    invalidEmail: 'Please provide a valid email address.',
    mobileRequired: 'Mobile number is required',
    mobileDigits: 'Mobile number must be {{digits}} digits',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least {{min}} characters',
    passwordTooLong: 'Password must be at most {{max}} characters',
    fullNameRequired: 'Full name is required',
    fullNameTooLong: 'Full name must be at most {{max}} characters',
    fullNameDigits: 'Full name should not contain numbers',
    cityRequired: 'City is required',
    descriptionRequired: 'Description is required',
    descriptionWords: 'Description should not exceed {{max}} words',
    selectCity: 'Please select a city.',
    selectCommittee: 'Please select a committee.',
    replyTextRequired: 'Reply text is required',
    invalidAccessKey: 'Invalid access key',
    invalidInput: 'Invalid input',
    roleInvalid: 'Role must be one of: {{roles}}',
    invalidBody: 'Invalid request body',
    invalidQuery: 'Invalid query parameters',
    notFound: 'Not found',
    unavailable: 'The service is temporarily unavailable: try again in a moment',
    internal: 'Internal server error',
    rejectionReasonRequired: 'A rejection reason is required',
    resolutionReasonRequired: 'A resolution reason is required',
    otherCity: 'This ticket belongs to another city',
    stale: 'This ticket was changed by someone else. Reload it and try again.',
    ticketChanged: 'The ticket changed since you loaded it',
    emailExists: 'A user with this email already exists',
    lastAdmin: 'At least one active admin must remain',
    cityNotFound: 'City not found',
    committeeNotFound: 'Committee not found',
    unknownCity: 'Unknown city',
    noCityPresident: 'No city president found for this city',
    signInToContinue: 'Sign in to continue',
    sessionExpired: 'Your session has expired',
    sessionInvalid: 'Your session is no longer valid: sign in again',
    noPermission: 'You do not have permission to do this',
    submitInProgress: 'This submit is already in progress: try again in a moment',
    uploadInterrupted: 'The upload was interrupted',
    fieldTooLong: 'This field is too long',
    tooManyFields: 'Too many form fields',
    slaTooManyExtensions: 'At most {{max}} interim replies per stage',
    slaTooManyExtraDays: 'An interim reply may push a stage at most {{max}} days past its first due date',
    slaExpectedByTooEarly: 'The expected date must be after the current due date',
    slaNoOpenStage: 'This ticket has no open stage to extend',
    notStageHolder: 'Only the holder of the current stage can post an interim reply',
    standInNotAllowed: 'The stand-in must be another active user of the same city and role, or higher',
    holidayNameRequired: 'Holiday name is required',
    reasonRequired: 'A reason is required',
    ratingNotOpen: 'This ticket cannot be rated now',
    alreadyRated: 'You have already rated this outcome',
    reopenWindowClosed: 'The time to reopen this ticket has passed',
    reopenNotAllowed: 'Only a resolved ticket can be reopened',
    alreadyReopened: 'This ticket has already been reopened once',
    appealNotAllowed: 'An appeal is possible after a rejection or a rating of 2 stars or fewer',
    appealWindowClosed: 'The time to appeal has passed',
    alreadyAppealed: 'This ticket has already been appealed once',
    caseClosed: 'This case is closed',
    appealAlreadyDecided: 'This appeal has already been decided',
    transferSamePlace: 'Choose another city or committee to transfer to',
    starsRange: 'Choose from 1 to 5 stars',
    reraNumberFormat: 'A Maharashtra RERA number is P followed by 11 digits',
    reraNumberInvalid: 'Enter the RERA registration number as the register writes it',
    projectNotFound: 'Project not found',
    projectExists: 'A project with this RERA number already exists',
    linkSelf: 'A ticket cannot be linked to itself',
    linkChain: 'A duplicate points to a primary that is not itself a duplicate',
    selectProject: 'Please choose a project from the list.',
  },
};
