import { COMMON_CATALOGUES } from 'shared-contracts/i18n/common';
import { submitFormEn } from 'shared-contracts/i18n/submitForm.en';
/**
 * The api's catalogue: the texts of the messages it sends (email, SMS, WhatsApp), in English. A
 * language is one more file of the same shape (`hi.ts`, `mr.ts`) added to `catalogues` in
 * index.ts. `{{name}}` is filled with a parameter (escaped in the HTML body).
 */
export const en = {
  email: {
    signature: 'Help Desk',
    ticketSubmittedMember: {
      subject: 'We received your ticket #{{ticketId}}',
      greeting: 'Dear {{name}},',
      body: 'Thank you: your ticket "{{title}}" was received by the {{city}} chapter. We will write to you when it moves.',
      shareLinkLabel: 'Open your ticket',
      memberLinkLabel: 'See all your tickets',
      memberLinkAbsent:
        'To see all your tickets, use the link from an earlier email, or ask for a new one on the page below.',
      trackLinkLabel: 'Get a new link to your tickets',
      keepPrivate: 'These links open your tickets without a password: do not share them.',
    },
    ticketSubmittedStaff: {
      subject: 'New ticket #{{ticketId}} in {{city}}',
      body: '{{name}} submitted a ticket to the {{city}} chapter: "{{title}}".',
      dashboardLinkLabel: 'Open the ticket',
    },
    ticketStatusChanged: {
      subject: 'Your ticket #{{ticketId}} is now {{statusLabel}}',
      greeting: 'Dear {{name}},',
      body: 'Your ticket "{{title}}" is now {{statusLabel}}.',
      reason: 'Reason: {{text}}',
      resolution: 'Resolution: {{text}}',
      openWithLink: 'Open your ticket with the link from your confirmation email, or ask for a new link:',
      trackLinkLabel: 'Get a new link to your tickets',
    },
    ticketHandedOff: {
      subject: 'Ticket #{{ticketId}} is waiting for you',
      body: 'Ticket #{{ticketId}} of the {{city}} chapter, "{{title}}", is now with you ({{statusLabel}}).',
      dashboardLinkLabel: 'Open the ticket',
    },
    ticketRepliedMember: {
      subject: 'New reply on your ticket #{{ticketId}}',
      greeting: 'Dear {{name}},',
      body: '{{author}} replied on your ticket "{{title}}":',
      openWithLink: 'Reply with the link from your confirmation email, or ask for a new link:',
      trackLinkLabel: 'Get a new link to your tickets',
    },
    ticketRepliedStaff: {
      subject: 'The member replied on ticket #{{ticketId}}',
      body: '{{author}} replied on ticket #{{ticketId}}, "{{title}}":',
      dashboardLinkLabel: 'Open the ticket',
    },
    stageReminder: {
      subject: 'Reminder: ticket #{{ticketId}} is due {{due}}',
      body: 'Ticket #{{ticketId}} of the {{city}} chapter, "{{title}}", is waiting for the {{stageLabel}}, due {{due}}.',
      dashboardLinkLabel: 'Open the ticket',
    },
    stageEscalated: {
      subject: 'Escalated: ticket #{{ticketId}} is overdue',
      body: 'Ticket #{{ticketId}} of the {{city}} chapter, "{{title}}", was due {{due}} at the {{stageLabel}} and is escalated to you.',
      actingFor: 'You receive it standing in for {{actingFor}}.',
      dashboardLinkLabel: 'Open the ticket',
    },
    interimReplyMember: {
      subject: 'Your ticket #{{ticketId}} needs more time',
      greeting: 'Dear {{name}},',
      body: 'Your ticket "{{title}}" needs more time at the {{stageLabel}}. The next step is expected by {{expectedBy}}, for this reason:',
      openWithLink: 'Open your ticket with the link from your confirmation email, or ask for a new link:',
      trackLinkLabel: 'Get a new link to your tickets',
    },
    reportMonthly: {
      subject: '{{city}} chapter: the month of {{monthLabel}}',
      greeting: 'Dear {{name}},',
      /** Counted by `received` (each text shown with a number has a form for one and for more). */
      body_one:
        'In {{monthLabel}} the {{city}} chapter received {{received}} ticket: {{resolved}} resolved, {{rejected}} rejected and {{open}} still open.',
      body_other:
        'In {{monthLabel}} the {{city}} chapter received {{received}} tickets: {{resolved}} resolved, {{rejected}} rejected and {{open}} still open.',
      /** Counted by `backlog`. */
      backlog_one: '{{backlog}} open ticket was received more than 21 days before the month ended.',
      backlog_other: '{{backlog}} open tickets were received more than 21 days before the month ended.',
      /** Counted by `chapters`. */
      rank_one: 'League table: rank {{rank}} of {{chapters}} chapter, index {{index}} of 100.',
      rank_other: 'League table: rank {{rank}} of {{chapters}} chapters, index {{index}} of 100.',
      notRanked: 'League table: the chapter had nothing to score this month.',
      reportsLinkLabel: 'Open the reports',
    },
    ratingRequested: {
      subject: 'How was the outcome of your ticket #{{ticketId}}?',
      greeting: 'Dear {{name}},',
      /** Counted by `days`. */
      body_one:
        'Your ticket "{{title}}" is now {{statusLabel}}. Please rate the outcome within {{days}} day: if it is not right, you can reopen the ticket or appeal to the Credai President from the ticket page.',
      body_other:
        'Your ticket "{{title}}" is now {{statusLabel}}. Please rate the outcome within {{days}} days: if it is not right, you can reopen the ticket or appeal to the Credai President from the ticket page.',
      outcomeLinkLabel: 'Open the ticket to rate the outcome',
      memberLinkLabel: 'Rate the outcome',
      openWithLink: 'Open your ticket with the link from your confirmation email, or ask for a new link:',
      trackLinkLabel: 'Get a new link to your tickets',
    },
    appealFiledStaff: {
      subject: 'Appeal on ticket #{{ticketId}} in {{city}}',
      body: 'The member appealed ticket #{{ticketId}} of the {{city}} chapter, "{{title}}", to you. Your decision is due by {{due}}. The appeal:',
      dashboardLinkLabel: 'Open the appeals',
    },
    appealDecidedMember: {
      subject: 'Your appeal on ticket #{{ticketId}} was decided',
      greeting: 'Dear {{name}},',
      upheld: 'The Credai President upheld the outcome of your ticket "{{title}}", for this reason:',
      remanded:
        'The Credai President sent your ticket "{{title}}" back to the City President, for this reason:',
      dismissed: 'The Credai President dismissed your appeal on the ticket "{{title}}", for this reason:',
      openWithLink: 'Open your ticket with the link from your confirmation email, or ask for a new link:',
      trackLinkLabel: 'Get a new link to your tickets',
    },
    appealRemandedStaff: {
      subject: 'Ticket #{{ticketId}} is back with you after an appeal',
      body: 'The Credai President sent ticket #{{ticketId}} of the {{city}} chapter, "{{title}}", back to you: {{reason}}. The member\'s appeal:',
      dashboardLinkLabel: 'Open the ticket',
    },
    ticketReopenedStaff: {
      subject: 'Ticket #{{ticketId}} was reopened by the member',
      body: 'The member reopened ticket #{{ticketId}} of the {{city}} chapter, "{{title}}". It is with you again, for this reason:',
      dashboardLinkLabel: 'Open the ticket',
    },
    ticketTransferredMember: {
      subject: 'Your ticket #{{ticketId}} was transferred',
      greeting: 'Dear {{name}},',
      body: 'Your ticket "{{title}}" was transferred from {{from}} to {{to}}: {{reason}}',
      openWithLink: 'Open your ticket with the link from your confirmation email, or ask for a new link:',
      trackLinkLabel: 'Get a new link to your tickets',
    },
    ticketTransferredStaff: {
      subject: 'Ticket #{{ticketId}} was transferred to {{city}}',
      body: 'Ticket #{{ticketId}}, "{{title}}", was transferred from {{from}} to {{to}}: {{reason}}',
      dashboardLinkLabel: 'Open the ticket',
    },
    memberLink: {
      subject: 'Your link to your tickets',
      greeting: 'Dear {{name}},',
      body: 'You asked for the link to your tickets. It is the same link as in earlier emails while that one is valid.',
      memberLinkLabel: 'See all your tickets',
      keepPrivate: 'This link opens your tickets without a password: do not share it.',
      notYou: 'If you did not ask for it, you can ignore this email.',
    },
    shareLinkRotated: {
      subject: 'A new link to your ticket #{{ticketId}}',
      greeting: 'Dear {{name}},',
      body: 'The Help Desk replaced the link to your ticket "{{title}}". The link of earlier emails no longer opens it.',
      shareLinkLabel: 'Open your ticket',
      keepPrivate: 'This link opens your ticket without a password: do not share it.',
    },
    memberLinkRotated: {
      subject: 'A new link to your tickets',
      greeting: 'Dear {{name}},',
      body: 'The Help Desk replaced the link to your tickets. The links of earlier emails no longer open them.',
      memberLinkLabel: 'See all your tickets',
      keepPrivate: 'This link opens your tickets without a password: do not share it.',
    },
    privacyRequestAnswered: {
      subject: 'Your request about your personal data',
      greeting: 'Dear member,',
      'correction-done': 'We corrected your personal data as you asked.',
      'erasure-done':
        'We erased your personal data. Your tickets are kept without it, so the links to them show nothing that names you.',
      'erasure-waiting':
        'We erased your personal data, except on a ticket whose appeal is still open: it is erased as soon as the appeal is decided.',
      'withdraw-consent-done':
        'You will no longer get updates by SMS or WhatsApp. Emails about your tickets continue.',
      declined: 'We could not do what you asked. Our reason:',
      grievance:
        'If you are not satisfied, you may write to our grievance officer, and then to the Data Protection Board of India.',
    },
    retentionNotice: {
      subject: 'Your personal data on ticket #{{ticketId}} will be erased',
      greeting: 'Dear member,',
      body_one:
        'Ticket #{{ticketId}} was closed more than a year ago. On {{date}} we will erase your personal data on it (your name, contact details, words and files); its numbers stay for our reports.',
      body_other:
        'Ticket #{{ticketId}} was closed more than {{count}} years ago. On {{date}} we will erase your personal data on it (your name, contact details, words and files); its numbers stay for our reports.',
      keep: 'Nothing is needed from you. To keep a copy, download your data from the link to your tickets before then.',
    },
    breachNoticeMember: {
      subject: 'A breach of personal data kept by the Help Desk',
      greeting: 'Dear member,',
      body: 'We must tell you of a breach that touches the personal data of your complaint:',
      grievance:
        'For questions, write to our grievance officer. You may also complain to the Data Protection Board of India.',
    },
    breachReportBoard: {
      subject: 'Personal data breach report {{breachId}}',
      body: 'The Data Fiduciary reports this personal data breach:',
    },
    unsubscribeNote: 'You receive this email because you submitted a ticket to the Help Desk.',
  },
  /** The breach register's drafts (services/privacy/breaches.ts, ADR 0069), reviewed before sending. */
  privacy: {
    breach: {
      allCities: 'every city',
      memberDraft:
        'On {{found}} we found that {{what}} It happened on {{occurred}} and touches the personal data of complaints filed in {{city}} between {{from}} and {{to}}, among them yours. What we did: [say what was done]. What you can do: [say what the member can do]. Our grievance officer answers your questions.',
      boardDraft:
        'Data Fiduciary: the association that runs the Help Desk. Breach: {{what}} Occurred on {{occurred}}; found on {{found}}. Personal data touched: names, email addresses, mobile numbers and complaint texts of complaints filed in {{city}} between {{from}} and {{to}}. Data Principals affected: {{affected}}. Measures taken: [say what was done]. Each affected Data Principal is notified by email.',
    },
  },
  /** The submit form's pages answered without scripts (routes/tickets/publicSubmitForm.ts, ADR 0035). */
  submitPage: {
    /** The form's own texts: the same copy as the public remote's form. */
    form: submitFormEn,
    chooseFileAgain: 'Your file {{name}} was not kept: choose it again.',
    heading: 'Ticket Submitted Successfully!',
    ticketNumber: 'Ticket #{{ticketId}}',
    shareLinkLabel: 'Open your ticket',
    keepPrivate: 'This link opens your ticket without a password: do not share it.',
    emailed: 'We also emailed you this link and the link to all your tickets.',
    submitNew: 'Submit a New Ticket',
  },
  /** The column headers and row names of the reports' CSV files (services/reports/csv.ts). */
  /**
   * SMS and WhatsApp (ADR 0060): one template per event the member receives, numbered as WhatsApp
   * numbers a template's values; what an operator registers with the SMS gateway (DLT) and Meta.
   */
  phone: {
    ticketSubmittedMember:
      'Help Desk: your ticket #{{1}} was received by the {{2}} chapter. Open it: {{3}} Reply STOP to stop these messages.',
    ticketStatusChanged: 'Help Desk: your ticket #{{1}} is now {{2}}. Reply STOP to stop these messages.',
    ticketRepliedMember:
      'Help Desk: {{2}} replied on your ticket #{{1}}. Read it with the link from your email. Reply STOP to stop these messages.',
    interimReplyMember:
      'Help Desk: your ticket #{{1}} needs more time; expect the next step by {{2}}. Reply STOP to stop these messages.',
    ratingRequested:
      'Help Desk: your ticket #{{1}} has an outcome. Please rate it: {{2}} Reply STOP to stop these messages.',
    appealDecidedMember:
      'Help Desk: your appeal on ticket #{{1}} was {{2}}. Reply STOP to stop these messages.',
    ticketTransferredMember:
      'Help Desk: your ticket #{{1}} was transferred to {{2}}. Reply STOP to stop these messages.',
    appealOutcome: { upheld: 'upheld', remanded: 'sent back for a new review', dismissed: 'dismissed' },
  },
  csv: {
    tickets: {
      number: 'Ticket',
      receivedAt: 'Received (IST)',
      city: 'Chapter',
      committee: 'Committee',
      title: 'Title',
      member: 'Member',
      status: 'Status',
      stage: 'Stage',
      dueAt: 'Due (IST)',
      firstActionAt: 'First action (IST)',
      finishedAt: 'Resolved or rejected (IST)',
      firstActionHours: 'Hours to first action',
      resolutionHours: 'Hours to resolution',
      projectRera: 'RERA number',
      projectName: 'Project',
    },
    summary: {
      indicator: 'Indicator',
      value: 'Value',
      from: 'From',
      to: 'To',
      received: 'Received',
      resolved: 'Resolved',
      rejected: 'Rejected',
      open: 'Open',
      firstActionCount: 'Tickets with a first action',
      firstActionMedianHours: 'Hours to first action, median',
      firstActionP90Hours: 'Hours to first action, 90th percentile',
      resolutionCount: 'Tickets resolved',
      resolutionMedianHours: 'Hours to resolution, median',
      resolutionP90Hours: 'Hours to resolution, 90th percentile',
      decided: 'Decided (resolved or rejected)',
      rated: 'Rated',
      ratingAverage: 'Rating average',
      answerRate: 'Answer rate',
      reopened: 'Reopened',
      reopenRate: 'Reopen rate',
      appealed: 'Appealed',
      appealRate: 'Appeal rate',
    },
    committees: {
      committee: 'Committee',
      none: 'No committee',
      received: 'Received',
      resolved: 'Resolved',
      rejected: 'Rejected',
      open: 'Open',
    },
    statuses: { status: 'Status', count: 'Tickets' },
    stages: {
      stage: 'Stage',
      counted: 'Stages counted',
      withinSla: 'Within their time',
      share: 'Share within their time',
    },
    league: {
      rank: 'Rank',
      previousRank: 'Last month',
      city: 'Chapter',
      index: 'Index',
      received: 'Received',
      resolved: 'Resolved',
      rejected: 'Rejected',
      open: 'Open',
      backlog: 'Open over 21 days',
      firstActionMedianHours: 'Hours to first action, median',
      resolutionMedianHours: 'Hours to resolution, median',
      resolutionP90Hours: 'Hours to resolution, 90th percentile',
      withinSlaShare: 'Share within their time',
      ratingAverage: 'Rating average',
      answerRate: 'Answer rate',
      reopenRate: 'Reopen rate',
      appealRate: 'Appeal rate',
    },
  },
  /** The stages as the history names them too (one copy, in shared-contracts). */
  stage: COMMON_CATALOGUES.en.history.stage,
  /** The statuses as the messages name them. */
  status: {
    pending: 'pending',
    'in-review': 'in review',
    approved: 'approved',
    resolved: 'resolved',
    rejected: 'rejected',
  },
};

export type Catalogue = typeof en;

/** Another language's catalogue: the English keys, each optional (a missing text falls back to English). */
export type Translation<T> = { [K in keyof T]?: T[K] extends string ? string : Translation<T[K]> };
