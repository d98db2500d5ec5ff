/**
 * The submit form's texts (docs/product.md#submit-form), copied exactly: the public remote's live
 * form and the api's page of the form posted without scripts (ADR 0035) read this one copy.
 */
export const submitFormEn = {
  title: 'Submit Helpdesk Ticket',
  fields: {
    fullName: 'Full Name',
    mobile: 'Mobile No',
    email: 'Email',
    city: 'City',
    committee: 'Committee',
    cityPresident: 'City President',
    description: 'Detailed Description',
    attachment: 'Attachment',
    phoneUpdates: 'Send me updates by SMS and WhatsApp',
    reraNumber: 'Project RERA number',
    project: 'Project',
    againstName: 'Complaint against (firm or person)',
    concernsOfficeBearer: 'This complaint concerns an office bearer of my chapter',
    shieldIdentity: 'Keep my identity from the chapter',
  },
  /** The opt-in's one-line consent text, under its box. */
  phoneUpdatesConsent: 'I agree to receive messages about this ticket on the mobile number above.',
  /** The project field (ADR 0055): the plain field's hint, the typeahead's texts. */
  reraNumberHint: 'Optional. As on the MahaRERA certificate, e.g. P52100012345.',
  projectPlaceholder: 'Type a project name or RERA number',
  projectNoMatch: 'No project found',
  projectSearching: 'Looking for projects...',
  projectSearchFailed: 'The projects could not be looked up. You can type the RERA number in full.',
  projectsFound_one: '{{count, number}} project found',
  projectsFound_other: '{{count, number}} projects found',
  /** One line under each "against whom" field (ADR 0048, ADR 0049). */
  againstNameHint: 'Optional. Office bearers tied to this firm or person will not handle your ticket.',
  concernsOfficeBearerHint: 'Your ticket then goes straight to the association president.',
  shieldIdentityHint:
    'Chapter office bearers see an alias instead of your name, email and mobile; leave your name out of the description too.',
  placeholders: {
    fullName: 'Enter your full name',
    mobile: '10-digit mobile number',
    email: 'you@example.com',
    city: 'Select your city',
    committee: 'Which committee is your query for?',
    cityPresident: 'Select a city first',
    description: 'Describe your query in detail',
  },
  wordCount: '{{count, number}} / {{max, number}} words',
  attachment: {
    hint: 'PDF, DOC, DOCX, JPG, JPEG, PNG (max 20MB)',
    choose: 'Choose File',
    noFile: 'No file selected',
    selected: 'Selected file: {{name}} ({{size}})',
    remove: 'Remove',
    removeLabel: 'Remove {{name}}',
  },
  submit: 'Submit Ticket',
  submitting: 'Submitting...',
  uploadProgress: 'Upload progress',
  uploading: 'Uploading attachment: {{percent, number}}%',
  footer: {
    agreement: 'By submitting this ticket, you agree to our privacy policy and terms of service.',
    helpline: 'Helpline: {{number}}',
  },
  /** The privacy notice on the form (ADR 0068): short, the whole a click away, the officer. */
  privacyNotice: {
    title: 'Your personal data',
    short:
      'We use your name, email, mobile and the words of your complaint only to handle it, and keep them until three years after it is closed. From the link to your tickets you can download, correct or erase them.',
    whole: 'Read the whole privacy notice (version {{version}})',
    grievance: 'Grievance Officer: {{name}}, {{email}}, {{phone}}',
  },
  submitted: 'Your ticket has been submitted successfully!',
  listsWarning: 'Some lists could not be loaded',
  retryLoading: 'Retry Loading',
  submitErrorTitle: 'Your ticket was not submitted',
  cityPresidentStates: {
    failed: 'Not available',
    notAssigned: 'Not assigned',
  },
};
