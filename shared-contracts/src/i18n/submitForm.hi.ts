import type { submitFormEn } from './submitForm.en';
import type { Translation } from './text';

/** The submit form in Hindi, written for members (docs/glossary.md). */
export const submitFormHi: Translation<typeof submitFormEn> = {
  title: 'हेल्प डेस्क पर टिकट दर्ज करें',
  fields: {
    fullName: 'पूरा नाम',
    mobile: 'मोबाइल नंबर',
    email: 'ईमेल',
    city: 'शहर',
    committee: 'समिति',
    cityPresident: 'शहर अध्यक्ष',
    description: 'पूरा विवरण',
    attachment: 'संलग्न फ़ाइल',
    phoneUpdates: 'मुझे SMS और WhatsApp पर जानकारी भेजें',
    reraNumber: 'प्रोजेक्ट का RERA नंबर',
    project: 'प्रोजेक्ट',
    againstName: 'शिकायत किसके विरुद्ध है (फर्म या व्यक्ति)',
    concernsOfficeBearer: 'यह शिकायत मेरे चैप्टर के एक पदाधिकारी से संबंधित है',
    shieldIdentity: 'मेरी पहचान चैप्टर से गोपनीय रखें',
  },
  phoneUpdatesConsent: 'मैं ऊपर दिए मोबाइल नंबर पर इस टिकट के बारे में संदेश पाने के लिए सहमत हूँ।',
  /** The project field (ADR 0055): the plain field's hint, the typeahead's texts. */
  reraNumberHint: 'वैकल्पिक। MahaRERA प्रमाणपत्र के अनुसार, जैसे P52100012345।',
  projectPlaceholder: 'प्रोजेक्ट का नाम या RERA नंबर लिखें',
  projectNoMatch: 'कोई प्रोजेक्ट नहीं मिला',
  projectSearching: 'प्रोजेक्ट खोजे जा रहे हैं...',
  projectSearchFailed: 'प्रोजेक्ट नहीं खोजे जा सके। आप पूरा RERA नंबर लिख सकते हैं।',
  projectsFound_one: '{{count, number}} प्रोजेक्ट मिला',
  projectsFound_other: '{{count, number}} प्रोजेक्ट मिले',
  againstNameHint: 'वैकल्पिक। इस फर्म या व्यक्ति से जुड़े पदाधिकारी आपका टिकट नहीं देखेंगे।',
  concernsOfficeBearerHint: 'तब आपका टिकट सीधे एसोसिएशन के अध्यक्ष के पास जाएगा।',
  shieldIdentityHint:
    'चैप्टर के पदाधिकारियों को आपके नाम, ईमेल और मोबाइल के बजाय एक उपनाम दिखेगा; विवरण में भी अपना नाम न लिखें।',
  placeholders: {
    fullName: 'अपना पूरा नाम लिखें',
    mobile: '10 अंकों का मोबाइल नंबर',
    email: 'aap@udaharan.com',
    city: 'अपना शहर चुनें',
    committee: 'आपका सवाल किस समिति के लिए है?',
    cityPresident: 'पहले शहर चुनें',
    description: 'अपना सवाल या समस्या विस्तार से लिखें',
  },
  wordCount: '{{count, number}} / {{max, number}} शब्द',
  attachment: {
    hint: 'PDF, DOC, DOCX, JPG, JPEG, PNG (अधिकतम 20MB)',
    choose: 'फ़ाइल चुनें',
    noFile: 'कोई फ़ाइल नहीं चुनी गई',
    selected: 'चुनी गई फ़ाइल: {{name}} ({{size}})',
    remove: 'हटाएँ',
    removeLabel: '{{name}} हटाएँ',
  },
  submit: 'टिकट भेजें',
  submitting: 'भेजा जा रहा है...',
  uploadProgress: 'अपलोड की प्रगति',
  uploading: 'फ़ाइल अपलोड हो रही है: {{percent, number}}%',
  footer: {
    agreement: 'यह टिकट भेजकर आप हमारी गोपनीयता नीति और सेवा की शर्तों से सहमत होते हैं।',
    helpline: 'हेल्पलाइन: {{number}}',
  },
  privacyNotice: {
    title: 'आपका व्यक्तिगत डेटा',
    short:
      'हम आपका नाम, ईमेल, मोबाइल और आपकी शिकायत के शब्द केवल उसे संभालने के लिए उपयोग करते हैं, और उसके बंद होने के तीन वर्ष बाद तक रखते हैं। अपने टिकटों की लिंक से आप उन्हें डाउनलोड कर सकते हैं, सुधरवा सकते हैं या मिटवा सकते हैं।',
    whole: 'पूरी गोपनीयता सूचना पढ़ें (संस्करण {{version}})',
    grievance: 'शिकायत अधिकारी: {{name}}, {{email}}, {{phone}}',
  },
  submitted: 'आपका टिकट सफलतापूर्वक दर्ज हो गया है!',
  listsWarning: 'कुछ सूचियाँ लोड नहीं हो सकीं',
  retryLoading: 'फिर से लोड करें',
  submitErrorTitle: 'आपका टिकट नहीं भेजा जा सका',
  cityPresidentStates: {
    failed: 'उपलब्ध नहीं',
    notAssigned: 'अभी तय नहीं',
  },
};
