import type { submitFormEn } from './submitForm.en';
import type { Translation } from './text';

/** The submit form in Marathi, written for members (docs/glossary.md). */
export const submitFormMr: Translation<typeof submitFormEn> = {
  title: 'हेल्प डेस्ककडे तिकीट नोंदवा',
  fields: {
    fullName: 'पूर्ण नाव',
    mobile: 'मोबाइल नंबर',
    email: 'ईमेल',
    city: 'शहर',
    committee: 'समिती',
    cityPresident: 'शहर अध्यक्ष',
    description: 'सविस्तर तपशील',
    attachment: 'जोडलेली फाइल',
    phoneUpdates: 'मला SMS आणि WhatsApp वर माहिती पाठवा',
    reraNumber: 'प्रकल्पाचा RERA क्रमांक',
    project: 'प्रकल्प',
    againstName: 'तक्रार कोणाविरुद्ध आहे (फर्म किंवा व्यक्ती)',
    concernsOfficeBearer: 'ही तक्रार माझ्या चॅप्टरच्या एका पदाधिकाऱ्याशी संबंधित आहे',
    shieldIdentity: 'माझी ओळख चॅप्टरपासून गोपनीय ठेवा',
  },
  phoneUpdatesConsent: 'वरील मोबाइल नंबरवर या तिकिटाबद्दल संदेश मिळण्यास माझी संमती आहे.',
  /** The project field (ADR 0055): the plain field's hint, the typeahead's texts. */
  reraNumberHint: 'ऐच्छिक. MahaRERA प्रमाणपत्रावर असल्याप्रमाणे, उदा. P52100012345.',
  projectPlaceholder: 'प्रकल्पाचे नाव किंवा RERA क्रमांक लिहा',
  projectNoMatch: 'कोणताही प्रकल्प सापडला नाही',
  projectSearching: 'प्रकल्प शोधत आहोत...',
  projectSearchFailed: 'प्रकल्प शोधता आले नाहीत. तुम्ही पूर्ण RERA क्रमांक लिहू शकता.',
  projectsFound_one: '{{count, number}} प्रकल्प सापडला',
  projectsFound_other: '{{count, number}} प्रकल्प सापडले',
  againstNameHint: 'ऐच्छिक. या फर्म किंवा व्यक्तीशी संबंधित पदाधिकारी तुमचे तिकीट हाताळणार नाहीत.',
  concernsOfficeBearerHint: 'तेव्हा तुमचे तिकीट थेट असोसिएशनच्या अध्यक्षांकडे जाईल.',
  shieldIdentityHint:
    'चॅप्टरच्या पदाधिकाऱ्यांना तुमचे नाव, ईमेल आणि मोबाइलऐवजी एक टोपणनाव दिसेल; वर्णनातही तुमचे नाव लिहू नका.',
  placeholders: {
    fullName: 'तुमचे पूर्ण नाव लिहा',
    mobile: '10 अंकी मोबाइल नंबर',
    email: 'tumhi@udaharan.com',
    city: 'तुमचे शहर निवडा',
    committee: 'तुमचा प्रश्न कोणत्या समितीसाठी आहे?',
    cityPresident: 'आधी शहर निवडा',
    description: 'तुमचा प्रश्न किंवा अडचण सविस्तर लिहा',
  },
  wordCount: '{{count, number}} / {{max, number}} शब्द',
  attachment: {
    hint: 'PDF, DOC, DOCX, JPG, JPEG, PNG (कमाल 20MB)',
    choose: 'फाइल निवडा',
    noFile: 'कोणतीही फाइल निवडलेली नाही',
    selected: 'निवडलेली फाइल: {{name}} ({{size}})',
    remove: 'काढा',
    removeLabel: '{{name}} काढा',
  },
  submit: 'तिकीट पाठवा',
  submitting: 'पाठवत आहे...',
  uploadProgress: 'अपलोडची प्रगती',
  uploading: 'फाइल अपलोड होत आहे: {{percent, number}}%',
  footer: {
    agreement: 'हे तिकीट पाठवून तुम्ही आमचे गोपनीयता धोरण आणि सेवेच्या अटी मान्य करता.',
    helpline: 'हेल्पलाइन: {{number}}',
  },
  privacyNotice: {
    title: 'तुमचा वैयक्तिक डेटा',
    short:
      'आम्ही तुमचे नाव, ईमेल, मोबाइल आणि तुमच्या तक्रारीचे शब्द फक्त ती हाताळण्यासाठी वापरतो, आणि ती बंद झाल्यानंतर तीन वर्षांपर्यंत ठेवतो. तुमच्या तिकिटांच्या लिंकवरून तुम्ही ते डाउनलोड करू शकता, दुरुस्त किंवा पुसून टाकायला सांगू शकता.',
    whole: 'संपूर्ण गोपनीयता सूचना वाचा (आवृत्ती {{version}})',
    grievance: 'तक्रार अधिकारी: {{name}}, {{email}}, {{phone}}',
  },
  submitted: 'तुमचे तिकीट यशस्वीपणे नोंदवले गेले!',
  listsWarning: 'काही याद्या लोड होऊ शकल्या नाहीत',
  retryLoading: 'पुन्हा लोड करा',
  submitErrorTitle: 'तुमचे तिकीट पाठवले गेले नाही',
  cityPresidentStates: {
    failed: 'उपलब्ध नाही',
    notAssigned: 'अजून ठरलेले नाही',
  },
};
