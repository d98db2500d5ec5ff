/**
 * Every call of docs/product.md#calls and docs/architecture.md#api, relative to `/api`, in Fastify's `:param` form.
 * The api registers its routes with these and the client builds its URLs from them, so a path
 * exists once.
 */
export const API_PATHS = {
  auth: {
    login: '/auth/login',
    registerAdmin: '/auth/register-admin',
    check: '/auth/check',
    cityPresident: '/auth/city-president/:city',
    logout: '/auth/logout',
    sessions: '/auth/sessions',
    session: '/auth/sessions/:id',
    mfa: '/auth/mfa',
    mfaEnroll: '/auth/mfa/enroll',
    mfaConfirm: '/auth/mfa/confirm',
    /** Admins: the roles that must use a second factor; a user's sessions and second factor. */
    mfaPolicy: '/admin/mfa-policy',
    userSessions: '/admin/users/:id/sessions',
    userMfa: '/admin/users/:id/mfa',
  },
  users: {
    list: '/admin/users',
    byId: '/admin/users/:id',
    create: '/admin/users/new',
    update: '/admin/users/:id',
    filter: '/admin/users/filter',
    cityPresidents: '/users/city-presidents',
    myAbsence: '/users/me/absence',
    myStandIns: '/users/me/stand-ins',
    /** Declared firms and projects (ADR 0048): the caller's own, and any staff user's for admins. */
    myInterests: '/users/me/interests',
    interests: '/users/:id/interests',
  },
  committees: {
    list: '/committees/getAllCommittees',
    byId: '/committees/:id',
    create: '/committees',
  },
  cities: {
    list: '/cities/getAllCities',
    create: '/cities',
    assignCommittee: '/cities/committee/:id/assign',
    convenor: '/cities/:id/convenor',
    calendar: '/cities/:id/calendar',
    sla: '/cities/:id/sla',
  },
  sla: {
    defaults: '/sla',
  },
  tickets: {
    submit: '/tickets/submit',
    /** Staff file a complaint for a member who phoned, walked in or wrote (ADR 0066). */
    assisted: '/tickets/assisted',
    /** The submit form posted without scripts, answered with an HTML page (ADR 0035). */
    submitForm: '/tickets/submit-form',
    /** The form's current city and committee `<option>`s and a fresh submit key, as HTML (ADR 0035). */
    submitFormCities: '/tickets/submit-form/cities',
    submitFormCommittees: '/tickets/submit-form/committees',
    submitFormKey: '/tickets/submit-form/key',
    /** The privacy notice and the grievance officer as HTML, for the form without scripts (ADR 0068). */
    submitFormNotice: '/tickets/submit-form/notice',
    all: '/tickets/all',
    byUser: '/tickets/user/:id',
    latestByUser: '/tickets/user/:id/latest',
    byId: '/tickets/:id',
    status: '/tickets/:id/status',
    adminAction: '/tickets/:id/action',
    history: '/tickets/:id/history',
    replies: '/tickets/:id/replies',
    messages: '/tickets/:id/messages',
    stats: '/tickets/stats',
    cityStats: '/tickets/stats/cities',
    cityPresidentPending: '/tickets/citypresident/getcitypresidenttickets',
    cityPresidentAll: '/tickets/citypresident/all',
    cityPresidentAction: '/tickets/citypresident/:id/citypresidentaction',
    governorPending: '/tickets/governor/tickets',
    governorAction: '/tickets/governor/:id/action',
    observerAssigned: '/tickets/observer/assigned-tickets',
    observerAll: '/tickets/observer/all',
    observerAction: '/tickets/observer/:id/observerticketAction',
    convenorAssigned: '/tickets/convenor/assigned-tickets',
    convenorAction: '/tickets/convenor/:id/action',
    shareKey: '/tickets/:id/share-key',
    stages: '/tickets/:id/stages',
    interimReply: '/tickets/:id/interim-reply',
    rating: '/tickets/:id/rating',
    reopen: '/tickets/:id/reopen',
    appeal: '/tickets/:id/appeal',
    transfer: '/tickets/:id/transfer',
    /** A shielded member's identity, for the association president and admins, with a reason (ADR 0049). */
    unmask: '/tickets/:id/unmask',
    /** The step of whoever holds the ticket's open stage in another's place after a recusal (ADR 0048). */
    holderAction: '/tickets/:id/holder-action',
    /** Links between tickets (ADR 0056): add one, remove one. */
    links: '/tickets/:id/links',
    link: '/tickets/:id/links/:otherId',
  },
  /** Integrations (ADR 0063, 0064): API tokens and webhooks (admins). */
  integrations: {
    tokens: '/admin/tokens',
    token: '/admin/tokens/:id',
    webhooks: '/admin/webhooks',
    webhook: '/admin/webhooks/:id',
    deliveries: '/admin/webhooks/:id/deliveries',
    retryDelivery: '/admin/webhooks/:id/deliveries/:deliveryId/retry',
  },
  /** The register of RERA projects (ADR 0055). */
  projects: {
    search: '/projects',
    register: '/projects/register',
    byId: '/projects/:id',
    create: '/projects',
    update: '/projects/:id',
    import: '/projects/import',
  },
  /** Canned answers in en, hi and mr (ADR 0065). */
  cannedResponses: {
    list: '/canned-responses',
    create: '/canned-responses',
    byId: '/canned-responses/:id',
  },
  appeals: {
    list: '/appeals',
    decision: '/appeals/:id/decision',
  },
  /** The SMS gateway's and WhatsApp's webhooks: delivery receipts and STOP (ADR 0060). */
  phone: {
    whatsapp: '/phone/whatsapp',
    smsReceipts: '/phone/sms/receipts',
    smsInbound: '/phone/sms/inbound',
  },
  members: {
    links: '/members/links',
    key: '/members/:id/key',
    /** The member's rights (ADR 0050), by their private list link's key or signed in. */
    export: '/members/:id/export',
    requests: '/members/:id/requests',
  },
  /** Admins work the members' requests (ADR 0050). */
  privacy: {
    requests: '/privacy/requests',
    execute: '/privacy/requests/:id/execute',
    decline: '/privacy/requests/:id/decline',
    /** The privacy notice in a language (public), and a new version (admins): ADR 0068. */
    notice: '/privacy/notice',
    notices: '/privacy/notices',
    /** The breach register (admins): ADR 0069. */
    breaches: '/privacy/breaches',
    breachSend: '/privacy/breaches/:id/send',
  },
  files: {
    viewLink: '/files/view-link',
  },
  audit: {
    list: '/audit',
    export: '/audit/export.csv',
  },
  reports: {
    summary: '/reports/summary',
    timeseries: '/reports/timeseries',
    export: '/reports/export.csv',
    league: '/reports/league',
  },
  messages: {
    failed: '/messages/failed',
    retry: '/messages/:id/retry',
  },
  health: '/health',
  docs: '/docs',
} as const;

/** Where stored files are served from (outside `/api`, docs/product.md#calls). */
export const UPLOAD_PATHS = {
  attachment: '/uploads/attachments/:file',
  photo: '/uploads/photos/:file',
} as const;

/** Fills `:name` placeholders, each value URL-encoded: `pathFor('/tickets/:id', { id: 4 })`. */
export function pathFor(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The path of a stored file (docs/product.md#calls: /uploads/attachments/{file} or /uploads/photos/{file}). */
export function uploadPath(kind: 'attachment' | 'photo', file: string): string {
  return pathFor(kind === 'photo' ? UPLOAD_PATHS.photo : UPLOAD_PATHS.attachment, { file });
}
