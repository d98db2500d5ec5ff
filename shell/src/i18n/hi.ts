import type { Translation } from 'shared-contracts';
import type { shellEn } from './en';

/** The shell's texts in Hindi (docs/glossary.md). */
export const shellHi: Translation<typeof shellEn> = {
  login: {
    welcome: 'हेल्प डेस्क प्रशासन पोर्टल में आपका स्वागत है। सिस्टम का उपयोग करने के लिए अपने ईमेल और पासवर्ड से साइन इन करें।',
    email: 'ईमेल',
    password: 'पासवर्ड',
    showPassword: 'पासवर्ड दिखाएँ',
    submit: 'साइन इन करें',
    submitting: 'साइन इन हो रहा है...',
    needHelp: 'मदद चाहिए?',
    helpDeskLogo: 'हेल्प डेस्क का लोगो',
    associationLogo: 'रियल-एस्टेट डेवलपर्स एसोसिएशन का लोगो',
    code: 'ऑथेंटिकेटर ऐप का कोड',
    codeHint: 'अपने ऑथेंटिकेटर ऐप का छह अंकों का कोड या अपना कोई रिकवरी कोड दर्ज करें।',
    verify: 'सत्यापित करें',
    verifying: 'सत्यापन हो रहा है...',
  },
  header: {
    toggleSidebar: 'मेनू खोलें या बंद करें',
    home: 'हेल्प डेस्क मुख्य पेज',
    logout: 'लॉग आउट',
    outOfOffice: 'कार्यालय से बाहर',
  },
  sidebar: {
    label: 'मुख्य मेनू',
    dashboard: 'डैशबोर्ड',
    users: 'उपयोगकर्ता',
    messages: 'न भेजे जा सके संदेश',
    chapters: 'शाखाएँ',
    integrations: 'इंटीग्रेशन',
    privacy: 'व्यक्तिगत डेटा',
    reports: 'रिपोर्ट',
    fileComplaint: 'शिकायत दर्ज करें',
    cannedResponses: 'तैयार उत्तर',
    logout: 'लॉग आउट',
    close: 'मेनू बंद करें',
  },
  notFound: {
    title: 'पेज नहीं मिला',
    body: 'आप जो पेज खोज रहे हैं वह मौजूद नहीं है या उसकी जगह बदल गई है।',
    home: 'शुरुआती पेज पर जाएँ',
  },
};
