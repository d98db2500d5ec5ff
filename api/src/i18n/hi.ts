import { COMMON_CATALOGUES } from 'shared-contracts/i18n/common';
import { submitFormHi } from 'shared-contracts/i18n/submitForm.hi';
import type { Catalogue, Translation } from './en';

/** The messages to members and staff in Hindi (docs/glossary.md); a missing text falls back to English. */
export const hi: Translation<Catalogue> = {
  email: {
    signature: 'हेल्प डेस्क',
    ticketSubmittedMember: {
      subject: 'हमें आपका टिकट #{{ticketId}} मिल गया है',
      greeting: 'प्रिय {{name}},',
      body: 'धन्यवाद: आपका टिकट "{{title}}" {{city}} शाखा को मिल गया है। इसमें कोई भी प्रगति होने पर हम आपको लिखेंगे।',
      shareLinkLabel: 'अपना टिकट खोलें',
      memberLinkLabel: 'अपने सभी टिकट देखें',
      memberLinkAbsent: 'अपने सभी टिकट देखने के लिए पिछले ईमेल का लिंक इस्तेमाल करें, या नीचे दिए पेज पर नया लिंक मँगाएँ।',
      trackLinkLabel: 'अपने टिकटों का नया लिंक मँगाएँ',
      keepPrivate: 'इन लिंक से बिना पासवर्ड के आपके टिकट खुलते हैं: इन्हें किसी के साथ साझा न करें।',
    },
    ticketSubmittedStaff: {
      subject: '{{city}} में नया टिकट #{{ticketId}}',
      body: '{{name}} ने {{city}} शाखा को एक टिकट भेजा है: "{{title}}"।',
      dashboardLinkLabel: 'टिकट खोलें',
    },
    ticketStatusChanged: {
      subject: 'आपका टिकट #{{ticketId}} अब {{statusLabel}} है',
      greeting: 'प्रिय {{name}},',
      body: 'आपका टिकट "{{title}}" अब {{statusLabel}} है।',
      reason: 'कारण: {{text}}',
      resolution: 'समाधान: {{text}}',
      openWithLink: 'अपने पुष्टि ईमेल के लिंक से अपना टिकट खोलें, या नया लिंक मँगाएँ:',
      trackLinkLabel: 'अपने टिकटों का नया लिंक मँगाएँ',
    },
    ticketHandedOff: {
      subject: 'टिकट #{{ticketId}} आपका इंतज़ार कर रहा है',
      body: '{{city}} शाखा का टिकट #{{ticketId}}, "{{title}}", अब आपके पास है ({{statusLabel}})।',
      dashboardLinkLabel: 'टिकट खोलें',
    },
    ticketRepliedMember: {
      subject: 'आपके टिकट #{{ticketId}} पर नया जवाब',
      greeting: 'प्रिय {{name}},',
      body: '{{author}} ने आपके टिकट "{{title}}" पर जवाब दिया है:',
      openWithLink: 'अपने पुष्टि ईमेल के लिंक से जवाब दें, या नया लिंक मँगाएँ:',
      trackLinkLabel: 'अपने टिकटों का नया लिंक मँगाएँ',
    },
    ticketRepliedStaff: {
      subject: 'सदस्य ने टिकट #{{ticketId}} पर जवाब दिया',
      body: '{{author}} ने टिकट #{{ticketId}}, "{{title}}" पर जवाब दिया:',
      dashboardLinkLabel: 'टिकट खोलें',
    },
    stageReminder: {
      subject: 'अनुस्मारक: टिकट #{{ticketId}} की नियत तिथि {{due}} है',
      body: '{{city}} शाखा का टिकट #{{ticketId}}, "{{title}}", {{stageLabel}} की प्रतीक्षा में है, नियत समय {{due}}।',
      dashboardLinkLabel: 'टिकट खोलें',
    },
    stageEscalated: {
      subject: 'आगे बढ़ाया गया: टिकट #{{ticketId}} अतिदेय है',
      body: '{{city}} शाखा का टिकट #{{ticketId}}, "{{title}}", {{stageLabel}} में {{due}} तक देय था और अब आपको आगे बढ़ाया गया है।',
      actingFor: 'आप इसे {{actingFor}} के स्थानापन्न के रूप में प्राप्त कर रहे हैं।',
      dashboardLinkLabel: 'टिकट खोलें',
    },
    interimReplyMember: {
      subject: 'आपके टिकट #{{ticketId}} को और समय चाहिए',
      greeting: 'प्रिय {{name}},',
      body: 'आपके टिकट "{{title}}" को {{stageLabel}} में और समय चाहिए। अगला चरण {{expectedBy}} तक अपेक्षित है, इस कारण से:',
      openWithLink: 'अपनी पुष्टि ईमेल के लिंक से अपना टिकट खोलें, या नया लिंक मांगें:',
      trackLinkLabel: 'अपने टिकटों का नया लिंक पाएं',
    },
    memberLink: {
      subject: 'आपके टिकटों का लिंक',
      greeting: 'प्रिय {{name}},',
      body: 'आपने अपने टिकटों का लिंक माँगा था। यह पिछले ईमेल के लिंक की जगह लेता है।',
      memberLinkLabel: 'अपने सभी टिकट देखें',
      keepPrivate: 'इस लिंक से बिना पासवर्ड के आपके टिकट खुलते हैं: इसे किसी के साथ साझा न करें।',
      notYou: 'अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा कर सकते हैं।',
    },
    shareLinkRotated: {
      subject: 'आपके टिकट #{{ticketId}} का नया लिंक',
      greeting: 'प्रिय {{name}},',
      body: 'हेल्प डेस्क ने आपके टिकट "{{title}}" का लिंक बदल दिया है। पिछले ईमेल का लिंक अब इसे नहीं खोलता।',
      shareLinkLabel: 'अपना टिकट खोलें',
      keepPrivate: 'इस लिंक से बिना पासवर्ड के आपका टिकट खुलता है: इसे किसी के साथ साझा न करें।',
    },
    memberLinkRotated: {
      subject: 'आपके टिकटों का नया लिंक',
      greeting: 'प्रिय {{name}},',
      body: 'हेल्प डेस्क ने आपके टिकटों का लिंक बदल दिया है। पिछले ईमेल के लिंक अब इन्हें नहीं खोलते।',
      memberLinkLabel: 'अपने सभी टिकट देखें',
      keepPrivate: 'इस लिंक से बिना पासवर्ड के आपके टिकट खुलते हैं: इसे किसी के साथ साझा न करें।',
    },
    unsubscribeNote: 'आपको यह ईमेल इसलिए मिला है क्योंकि आपने हेल्प डेस्क पर टिकट दर्ज किया था।',
  },
  /** The stages as the history names them too (one copy, in shared-contracts). */
  stage: COMMON_CATALOGUES.hi.history?.stage,
  submitPage: {
    /** The form's own texts: the same copy as the public remote's form. */
    form: submitFormHi,
    chooseFileAgain: 'आपकी फ़ाइल {{name}} रखी नहीं गई: उसे फिर से चुनें।',
    heading: 'टिकट सफलतापूर्वक दर्ज हो गया!',
    ticketNumber: 'टिकट #{{ticketId}}',
    shareLinkLabel: 'अपना टिकट खोलें',
    keepPrivate: 'यह लिंक बिना पासवर्ड के आपका टिकट खोलता है: इसे किसी के साथ साझा न करें।',
    emailed: 'हमने यह लिंक और आपके सभी टिकटों का लिंक आपको ईमेल भी किया है।',
    submitNew: 'नया टिकट दर्ज करें',
  },
  status: {
    pending: 'लंबित',
    'in-review': 'समीक्षा में',
    approved: 'स्वीकृत',
    resolved: 'हल हो गया',
    rejected: 'अस्वीकृत',
  },
};
