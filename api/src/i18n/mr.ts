import { COMMON_CATALOGUES } from 'shared-contracts/i18n/common';
import { submitFormMr } from 'shared-contracts/i18n/submitForm.mr';
import type { Catalogue, Translation } from './en';

/** The messages to members and staff in Marathi (docs/glossary.md); a missing text falls back to English. */
export const mr: Translation<Catalogue> = {
  email: {
    signature: 'हेल्प डेस्क',
    ticketSubmittedMember: {
      subject: 'तुमचे तिकीट #{{ticketId}} आम्हाला मिळाले',
      greeting: 'प्रिय {{name}},',
      body: 'धन्यवाद: तुमचे तिकीट "{{title}}" {{city}} शाखेला मिळाले आहे. त्यावर काही प्रगती झाली की आम्ही तुम्हाला कळवू.',
      shareLinkLabel: 'तुमचे तिकीट उघडा',
      memberLinkLabel: 'तुमची सर्व तिकिटे पाहा',
      memberLinkAbsent:
        'तुमची सर्व तिकिटे पाहण्यासाठी आधीच्या ईमेलमधील लिंक वापरा, किंवा खालील पानावर नवीन लिंक मागवा.',
      trackLinkLabel: 'तुमच्या तिकिटांची नवीन लिंक मागवा',
      keepPrivate: 'या लिंकमुळे पासवर्डशिवाय तुमची तिकिटे उघडतात: त्या कोणाशीही शेअर करू नका.',
    },
    ticketSubmittedStaff: {
      subject: '{{city}} मध्ये नवीन तिकीट #{{ticketId}}',
      body: '{{name}} यांनी {{city}} शाखेकडे तिकीट नोंदवले आहे: "{{title}}".',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    ticketStatusChanged: {
      subject: 'तुमचे तिकीट #{{ticketId}} आता {{statusLabel}} आहे',
      greeting: 'प्रिय {{name}},',
      body: 'तुमचे तिकीट "{{title}}" आता {{statusLabel}} आहे.',
      reason: 'कारण: {{text}}',
      resolution: 'निराकरण: {{text}}',
      openWithLink: 'तुमच्या पुष्टी ईमेलमधील लिंकने तुमचे तिकीट उघडा, किंवा नवीन लिंक मागवा:',
      trackLinkLabel: 'तुमच्या तिकिटांची नवीन लिंक मागवा',
    },
    ticketHandedOff: {
      subject: 'तिकीट #{{ticketId}} तुमची वाट पाहत आहे',
      body: '{{city}} शाखेचे तिकीट #{{ticketId}}, "{{title}}", आता तुमच्याकडे आहे ({{statusLabel}}).',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    ticketRepliedMember: {
      subject: 'तुमच्या तिकीट #{{ticketId}} वर नवीन उत्तर',
      greeting: 'प्रिय {{name}},',
      body: '{{author}} यांनी तुमच्या तिकीट "{{title}}" वर उत्तर दिले आहे:',
      openWithLink: 'तुमच्या पुष्टी ईमेलमधील लिंकने उत्तर द्या, किंवा नवीन लिंक मागवा:',
      trackLinkLabel: 'तुमच्या तिकिटांची नवीन लिंक मागवा',
    },
    ticketRepliedStaff: {
      subject: 'सदस्याने तिकीट #{{ticketId}} वर उत्तर दिले',
      body: '{{author}} यांनी तिकीट #{{ticketId}}, "{{title}}" वर उत्तर दिले:',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    stageReminder: {
      subject: 'स्मरणपत्र: तिकीट #{{ticketId}} ची देय वेळ {{due}} आहे',
      body: '{{city}} शाखेचे तिकीट #{{ticketId}}, "{{title}}", {{stageLabel}} च्या प्रतीक्षेत आहे, देय वेळ {{due}}.',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    stageEscalated: {
      subject: 'पुढे पाठवले: तिकीट #{{ticketId}} थकीत आहे',
      body: '{{city}} शाखेचे तिकीट #{{ticketId}}, "{{title}}", {{stageLabel}} मध्ये {{due}} पर्यंत देय होते आणि आता तुमच्याकडे पुढे पाठवले आहे.',
      actingFor: 'तुम्ही हे {{actingFor}} यांच्या जागी पर्यायी म्हणून स्वीकारत आहात.',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    interimReplyMember: {
      subject: 'तुमच्या तिकीट #{{ticketId}} ला अधिक वेळ लागेल',
      greeting: 'प्रिय {{name}},',
      body: 'तुमच्या तिकीट "{{title}}" ला {{stageLabel}} मध्ये अधिक वेळ लागेल. पुढील टप्पा {{expectedBy}} पर्यंत अपेक्षित आहे, या कारणासाठी:',
      openWithLink: 'तुमच्या पुष्टीकरण ईमेलमधील लिंकने तुमचे तिकीट उघडा, किंवा नवीन लिंक मागवा:',
      trackLinkLabel: 'तुमच्या तिकिटांची नवीन लिंक मिळवा',
    },
    memberLink: {
      subject: 'तुमच्या तिकिटांची लिंक',
      greeting: 'प्रिय {{name}},',
      body: 'तुम्ही तुमच्या तिकिटांची लिंक मागितली होती. ती आधीच्या ईमेलमधील लिंकची जागा घेते.',
      memberLinkLabel: 'तुमची सर्व तिकिटे पाहा',
      keepPrivate: 'या लिंकमुळे पासवर्डशिवाय तुमची तिकिटे उघडतात: ती कोणाशीही शेअर करू नका.',
      notYou: 'तुम्ही ही लिंक मागितली नसेल, तर या ईमेलकडे दुर्लक्ष करा.',
    },
    shareLinkRotated: {
      subject: 'तुमच्या तिकीट #{{ticketId}} ची नवीन लिंक',
      greeting: 'प्रिय {{name}},',
      body: 'हेल्प डेस्कने तुमच्या तिकीट "{{title}}" ची लिंक बदलली आहे. आधीच्या ईमेलमधील लिंकने ते आता उघडत नाही.',
      shareLinkLabel: 'तुमचे तिकीट उघडा',
      keepPrivate: 'या लिंकमुळे पासवर्डशिवाय तुमचे तिकीट उघडते: ती कोणाशीही शेअर करू नका.',
    },
    memberLinkRotated: {
      subject: 'तुमच्या तिकिटांची नवीन लिंक',
      greeting: 'प्रिय {{name}},',
      body: 'हेल्प डेस्कने तुमच्या तिकिटांची लिंक बदलली आहे. आधीच्या ईमेलमधील लिंकने ती आता उघडत नाहीत.',
      memberLinkLabel: 'तुमची सर्व तिकिटे पाहा',
      keepPrivate: 'या लिंकमुळे पासवर्डशिवाय तुमची तिकिटे उघडतात: ती कोणाशीही शेअर करू नका.',
    },
    unsubscribeNote: 'तुम्ही हेल्प डेस्ककडे तिकीट नोंदवले असल्यामुळे तुम्हाला हा ईमेल आला आहे.',
  },
  /** The stages as the history names them too (one copy, in shared-contracts). */
  stage: COMMON_CATALOGUES.mr.history?.stage,
  submitPage: {
    /** The form's own texts: the same copy as the public remote's form. */
    form: submitFormMr,
    chooseFileAgain: 'तुमची फाइल {{name}} ठेवली गेली नाही: ती पुन्हा निवडा.',
    heading: 'तिकीट यशस्वीपणे नोंदवले गेले!',
    ticketNumber: 'तिकीट #{{ticketId}}',
    shareLinkLabel: 'तुमचे तिकीट उघडा',
    keepPrivate: 'ही लिंक पासवर्डशिवाय तुमचे तिकीट उघडते: ती कोणालाही देऊ नका.',
    emailed: 'आम्ही ही लिंक आणि तुमच्या सर्व तिकिटांची लिंक तुम्हाला ईमेलनेही पाठवली आहे.',
    submitNew: 'नवीन तिकीट नोंदवा',
  },
  status: {
    pending: 'प्रलंबित',
    'in-review': 'तपासणीत',
    approved: 'मंजूर',
    resolved: 'निकाली',
    rejected: 'नाकारलेले',
  },
};
