import type { Translation } from 'shared-contracts';
import type { shellEn } from './en';

/** The shell's texts in Marathi (docs/glossary.md). */
export const shellMr: Translation<typeof shellEn> = {
  login: {
    welcome: 'हेल्प डेस्क प्रशासन पोर्टलवर तुमचे स्वागत आहे. प्रणाली वापरण्यासाठी तुमचा ईमेल आणि पासवर्ड वापरून साइन इन करा.',
    email: 'ईमेल',
    password: 'पासवर्ड',
    showPassword: 'पासवर्ड दाखवा',
    submit: 'साइन इन करा',
    submitting: 'साइन इन होत आहे...',
    needHelp: 'मदत हवी आहे?',
    helpDeskLogo: 'हेल्प डेस्कचा लोगो',
    associationLogo: 'रिअल-इस्टेट डेव्हलपर्स असोसिएशनचा लोगो',
    code: 'ऑथेंटिकेटर ॲपमधील कोड',
    codeHint: 'तुमच्या ऑथेंटिकेटर ॲपमधील सहा अंकी कोड किंवा तुमचा एखादा रिकव्हरी कोड टाका.',
    verify: 'पडताळा',
    verifying: 'पडताळणी होत आहे...',
  },
  header: {
    toggleSidebar: 'मेनू उघडा किंवा बंद करा',
    home: 'हेल्प डेस्क मुख्य पान',
    logout: 'लॉग आउट',
    outOfOffice: 'कार्यालयाबाहेर',
  },
  sidebar: {
    label: 'मुख्य मेनू',
    dashboard: 'डॅशबोर्ड',
    users: 'वापरकर्ते',
    messages: 'न पाठवता आलेले संदेश',
    chapters: 'शाखा',
    integrations: 'इंटिग्रेशन',
    privacy: 'वैयक्तिक डेटा',
    reports: 'अहवाल',
    fileComplaint: 'तक्रार नोंदवा',
    cannedResponses: 'तयार उत्तरे',
    logout: 'लॉग आउट',
    close: 'मेनू बंद करा',
  },
  notFound: {
    title: 'पान सापडले नाही',
    body: 'तुम्ही शोधत असलेले पान अस्तित्वात नाही किंवा त्याची जागा बदलली आहे.',
    home: 'सुरुवातीच्या पानावर जा',
  },
};
