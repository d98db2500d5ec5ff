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
    reportMonthly: {
      subject: '{{city}} शाखा: {{monthLabel}} चा महिना',
      greeting: 'प्रिय {{name}},',
      body_one:
        '{{monthLabel}} मध्ये {{city}} शाखेला {{received}} तिकीट मिळाले: {{resolved}} सोडवली, {{rejected}} नाकारली आणि {{open}} अजून खुली आहेत.',
      body_other:
        '{{monthLabel}} मध्ये {{city}} शाखेला {{received}} तिकिटे मिळाली: {{resolved}} सोडवली, {{rejected}} नाकारली आणि {{open}} अजून खुली आहेत.',
      backlog_one: '{{backlog}} खुले तिकीट महिना संपण्याच्या 21 दिवसांहून अधिक आधी मिळाले होते.',
      backlog_other: '{{backlog}} खुली तिकिटे महिना संपण्याच्या 21 दिवसांहून अधिक आधी मिळाली होती.',
      rank_one: 'लीग तक्ता: {{chapters}} शाखेमध्ये क्रमांक {{rank}}, निर्देशांक 100 पैकी {{index}}.',
      rank_other: 'लीग तक्ता: {{chapters}} शाखांमध्ये क्रमांक {{rank}}, निर्देशांक 100 पैकी {{index}}.',
      notRanked: 'लीग तक्ता: या महिन्यात शाखेकडे मोजण्यासारखे काही नव्हते.',
      reportsLinkLabel: 'अहवाल उघडा',
    },
    ratingRequested: {
      subject: 'तुमच्या तिकीट #{{ticketId}} चा निकाल कसा होता?',
      greeting: 'प्रिय {{name}},',
      body_one:
        'तुमचे तिकीट "{{title}}" आता {{statusLabel}} आहे. कृपया {{days}} दिवसात निकालाला रेटिंग द्या: तो योग्य नसल्यास, तिकीट पेजवरून तुम्ही तिकीट पुन्हा उघडू शकता किंवा क्रेडाई अध्यक्षांकडे अपील करू शकता.',
      body_other:
        'तुमचे तिकीट "{{title}}" आता {{statusLabel}} आहे. कृपया {{days}} दिवसांत निकालाला रेटिंग द्या: तो योग्य नसल्यास, तिकीट पेजवरून तुम्ही तिकीट पुन्हा उघडू शकता किंवा क्रेडाई अध्यक्षांकडे अपील करू शकता.',
      outcomeLinkLabel: 'निकालाला रेटिंग देण्यासाठी तिकीट उघडा',
      memberLinkLabel: 'निकालाला रेटिंग द्या',
      openWithLink: 'तुमच्या पुष्टीकरण ईमेलमधील लिंकने तुमचे तिकीट उघडा, किंवा नवीन लिंक मागवा:',
      trackLinkLabel: 'तुमच्या तिकिटांची नवीन लिंक मिळवा',
    },
    appealFiledStaff: {
      subject: '{{city}} मधील तिकीट #{{ticketId}} वर अपील',
      body: 'सदस्याने {{city}} चॅप्टरच्या तिकीट #{{ticketId}}, "{{title}}", वर तुमच्याकडे अपील केली आहे. तुमचा निर्णय {{due}} पर्यंत अपेक्षित आहे. अपील:',
      dashboardLinkLabel: 'अपील उघडा',
    },
    appealDecidedMember: {
      subject: 'तिकीट #{{ticketId}} वरील तुमच्या अपीलवर निर्णय झाला',
      greeting: 'प्रिय {{name}},',
      upheld: 'क्रेडाई अध्यक्षांनी तुमच्या तिकीट "{{title}}" चा निकाल कायम ठेवला, या कारणासाठी:',
      remanded: 'क्रेडाई अध्यक्षांनी तुमचे तिकीट "{{title}}" शहर अध्यक्षांकडे परत पाठवले, या कारणासाठी:',
      dismissed: 'क्रेडाई अध्यक्षांनी तिकीट "{{title}}" वरील तुमची अपील फेटाळली, या कारणासाठी:',
      openWithLink: 'तुमच्या पुष्टीकरण ईमेलमधील लिंकने तुमचे तिकीट उघडा, किंवा नवीन लिंक मागवा:',
      trackLinkLabel: 'तुमच्या तिकिटांची नवीन लिंक मिळवा',
    },
    appealRemandedStaff: {
      subject: 'अपीलनंतर तिकीट #{{ticketId}} पुन्हा तुमच्याकडे आहे',
      body: 'क्रेडाई अध्यक्षांनी {{city}} चॅप्टरचे तिकीट #{{ticketId}}, "{{title}}", तुमच्याकडे परत पाठवले: {{reason}}. सदस्याची अपील:',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    ticketReopenedStaff: {
      subject: 'सदस्याने तिकीट #{{ticketId}} पुन्हा उघडले',
      body: 'सदस्याने {{city}} चॅप्टरचे तिकीट #{{ticketId}}, "{{title}}", पुन्हा उघडले. ते पुन्हा तुमच्याकडे आहे, या कारणासाठी:',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    ticketTransferredMember: {
      subject: 'तुमचे तिकीट #{{ticketId}} हस्तांतरित केले',
      greeting: 'प्रिय {{name}},',
      body: 'तुमचे तिकीट "{{title}}" {{from}} येथून {{to}} येथे हस्तांतरित केले: {{reason}}',
      openWithLink: 'तुमच्या पुष्टीकरण ईमेलमधील लिंकने तुमचे तिकीट उघडा, किंवा नवीन लिंक मागवा:',
      trackLinkLabel: 'तुमच्या तिकिटांची नवीन लिंक मिळवा',
    },
    ticketTransferredStaff: {
      subject: 'तिकीट #{{ticketId}} {{city}} कडे हस्तांतरित केले',
      body: 'तिकीट #{{ticketId}}, "{{title}}", {{from}} येथून {{to}} येथे हस्तांतरित केले: {{reason}}',
      dashboardLinkLabel: 'तिकीट उघडा',
    },
    memberLink: {
      subject: 'तुमच्या तिकिटांची लिंक',
      greeting: 'प्रिय {{name}},',
      body: 'तुम्ही तुमच्या तिकिटांची लिंक मागितली होती. आधीच्या ईमेलमधील लिंक वैध असेपर्यंत ही तीच लिंक आहे.',
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
    privacyRequestAnswered: {
      subject: 'तुमच्या वैयक्तिक डेटाबद्दलची तुमची विनंती',
      greeting: 'प्रिय सदस्य,',
      'correction-done': 'तुम्ही सांगितल्याप्रमाणे आम्ही तुमचा वैयक्तिक डेटा दुरुस्त केला आहे.',
      'erasure-done':
        'आम्ही तुमचा वैयक्तिक डेटा पुसला आहे. तुमची तिकिटे त्याशिवाय ठेवली आहेत, त्यामुळे त्यांच्या लिंकवर तुमची ओळख पटेल असे काहीही दिसत नाही.',
      'erasure-waiting':
        'आम्ही तुमचा वैयक्तिक डेटा पुसला आहे, फक्त ज्या तिकिटाचे अपील अजून खुले आहे ते सोडून: अपीलचा निर्णय होताच तेही पुसले जाईल.',
      'withdraw-consent-done':
        'यापुढे तुम्हाला SMS किंवा WhatsApp वर सूचना येणार नाहीत. तुमच्या तिकिटांचे ईमेल येत राहतील.',
      declined: 'आम्ही तुमची विनंती पूर्ण करू शकलो नाही. आमचे कारण:',
      grievance: 'तुमचे समाधान झाले नसल्यास आमच्या तक्रार अधिकाऱ्याला लिहा, आणि त्यानंतर भारतीय डेटा संरक्षण मंडळाला.',
    },
    retentionNotice: {
      subject: 'तिकीट #{{ticketId}} वरील तुमचा वैयक्तिक डेटा पुसला जाईल',
      greeting: 'प्रिय सदस्य,',
      body_one:
        'तिकीट #{{ticketId}} एका वर्षापूर्वी बंद झाले. {{date}} रोजी आम्ही त्यावरील तुमचा वैयक्तिक डेटा (तुमचे नाव, संपर्क तपशील, तुमचे शब्द आणि फायली) पुसू; आमच्या अहवालांसाठी त्याचे आकडे तसेच राहतील.',
      body_other:
        'तिकीट #{{ticketId}} {{count}} वर्षांपूर्वी बंद झाले. {{date}} रोजी आम्ही त्यावरील तुमचा वैयक्तिक डेटा (तुमचे नाव, संपर्क तपशील, तुमचे शब्द आणि फायली) पुसू; आमच्या अहवालांसाठी त्याचे आकडे तसेच राहतील.',
      keep: 'तुम्हाला काहीही करण्याची गरज नाही. प्रत ठेवायची असल्यास, त्याआधी तुमच्या तिकिटांच्या लिंकवरून तुमचा डेटा डाउनलोड करा.',
    },
    breachNoticeMember: {
      subject: 'हेल्प डेस्ककडे ठेवलेल्या वैयक्तिक डेटाचे उल्लंघन',
      greeting: 'प्रिय सदस्य,',
      body: 'तुमच्या तक्रारीच्या वैयक्तिक डेटाशी संबंधित एका उल्लंघनाबद्दल आम्हाला तुम्हाला कळवायचे आहे:',
      grievance: 'प्रश्नांसाठी आमच्या तक्रार अधिकाऱ्याला लिहा. तुम्ही भारतीय डेटा संरक्षण मंडळाकडेही तक्रार करू शकता.',
    },
    breachReportBoard: {
      subject: 'वैयक्तिक डेटा उल्लंघन अहवाल {{breachId}}',
      body: 'डेटा फिड्युशियरी या वैयक्तिक डेटा उल्लंघनाचा अहवाल देते:',
    },
    unsubscribeNote: 'तुम्ही हेल्प डेस्ककडे तिकीट नोंदवले असल्यामुळे तुम्हाला हा ईमेल आला आहे.',
  },
  phone: {
    ticketSubmittedMember:
      'हेल्प डेस्क: तुमचे तिकीट #{{1}} {{2}} चॅप्टरला मिळाले आहे. ते उघडा: {{3}} हे संदेश थांबवण्यासाठी STOP पाठवा.',
    ticketStatusChanged: 'हेल्प डेस्क: तुमचे तिकीट #{{1}} आता {{2}} आहे. हे संदेश थांबवण्यासाठी STOP पाठवा.',
    ticketRepliedMember:
      'हेल्प डेस्क: {{2}} यांनी तुमच्या तिकीट #{{1}} वर उत्तर दिले आहे. तुमच्या ईमेलमधील लिंकने वाचा. हे संदेश थांबवण्यासाठी STOP पाठवा.',
    interimReplyMember:
      'हेल्प डेस्क: तुमच्या तिकीट #{{1}} ला अधिक वेळ लागेल; पुढील पाऊल {{2}} पर्यंत अपेक्षित आहे. हे संदेश थांबवण्यासाठी STOP पाठवा.',
    ratingRequested:
      'हेल्प डेस्क: तुमच्या तिकीट #{{1}} वर निर्णय झाला आहे. कृपया रेटिंग द्या: {{2}} हे संदेश थांबवण्यासाठी STOP पाठवा.',
    appealDecidedMember:
      'हेल्प डेस्क: तिकीट #{{1}} वरील तुमच्या अपीलचा निकाल: {{2}}. हे संदेश थांबवण्यासाठी STOP पाठवा.',
    ticketTransferredMember:
      'हेल्प डेस्क: तुमचे तिकीट #{{1}} {{2}} येथे हस्तांतरित केले आहे. हे संदेश थांबवण्यासाठी STOP पाठवा.',
    appealOutcome: {
      upheld: 'निकाल कायम ठेवला',
      remanded: 'पुन्हा पुनरावलोकनासाठी परत पाठवले',
      dismissed: 'अपील फेटाळली',
    },
  },
  csv: {
    tickets: {
      number: 'तिकीट',
      receivedAt: 'मिळाले (भारतीय समय)',
      city: 'शाखा',
      committee: 'समिती',
      title: 'शीर्षक',
      member: 'सदस्य',
      status: 'स्थिती',
      stage: 'टप्पा',
      dueAt: 'देय (भारतीय समय)',
      firstActionAt: 'पहिली कार्यवाही (भारतीय समय)',
      finishedAt: 'सोडवले किंवा नाकारले (भारतीय समय)',
      firstActionHours: 'पहिल्या कार्यवाहीपर्यंत तास',
      resolutionHours: 'निराकरणापर्यंत तास',
      projectRera: 'RERA क्रमांक',
      projectName: 'प्रकल्प',
    },
    summary: {
      indicator: 'निर्देशक',
      value: 'मूल्य',
      from: 'पासून',
      to: 'पर्यंत',
      received: 'मिळाली',
      resolved: 'सोडवली',
      rejected: 'नाकारली',
      open: 'खुली',
      firstActionCount: 'पहिली कार्यवाही झालेली तिकिटे',
      firstActionMedianHours: 'पहिल्या कार्यवाहीपर्यंत तास, मध्यक',
      firstActionP90Hours: 'पहिल्या कार्यवाहीपर्यंत तास, 90वे शतमक',
      resolutionCount: 'सोडवलेली तिकिटे',
      resolutionMedianHours: 'निराकरणापर्यंत तास, मध्यक',
      resolutionP90Hours: 'निराकरणापर्यंत तास, 90वे शतमक',
      decided: 'निर्णय झालेली (सोडवली किंवा नाकारली)',
      rated: 'गुण दिलेली',
      ratingAverage: 'सरासरी गुण',
      answerRate: 'उत्तर दर',
      reopened: 'पुन्हा उघडलेली',
      reopenRate: 'पुन्हा उघडण्याचा दर',
      appealed: 'अपील केलेली',
      appealRate: 'अपील दर',
    },
    committees: {
      committee: 'समिती',
      none: 'समिती नाही',
      received: 'मिळाली',
      resolved: 'सोडवली',
      rejected: 'नाकारली',
      open: 'खुली',
    },
    statuses: { status: 'स्थिती', count: 'तिकिटे' },
    stages: {
      stage: 'टप्पा',
      counted: 'मोजलेले टप्पे',
      withinSla: 'वेळेत',
      share: 'वेळेत पूर्ण झालेला वाटा',
    },
    league: {
      rank: 'क्रमांक',
      previousRank: 'मागील महिना',
      city: 'शाखा',
      index: 'निर्देशांक',
      received: 'मिळाली',
      resolved: 'सोडवली',
      rejected: 'नाकारली',
      open: 'खुली',
      backlog: '21 दिवसांहून अधिक खुली',
      firstActionMedianHours: 'पहिल्या कार्यवाहीपर्यंत तास, मध्यक',
      resolutionMedianHours: 'निराकरणापर्यंत तास, मध्यक',
      resolutionP90Hours: 'निराकरणापर्यंत तास, 90वे शतमक',
      withinSlaShare: 'वेळेत पूर्ण झालेला वाटा',
      ratingAverage: 'सरासरी गुण',
      answerRate: 'उत्तर दर',
      reopenRate: 'पुन्हा उघडण्याचा दर',
      appealRate: 'अपील दर',
    },
  },
  /** The stages as the history names them too (one copy, in shared-contracts). */
  stage: COMMON_CATALOGUES.mr.history?.stage,
  privacy: {
    breach: {
      allCities: 'सर्व शहरे',
      memberDraft:
        '{{found}} रोजी आम्हाला आढळले की {{what}} हे {{occurred}} रोजी घडले आणि {{city}} मध्ये {{from}} ते {{to}} दरम्यान नोंदवलेल्या तक्रारींच्या वैयक्तिक डेटाशी संबंधित आहे, त्यात तुमचीही तक्रार आहे. आम्ही काय केले: [लिहा]. तुम्ही काय करू शकता: [लिहा]. आमचे तक्रार अधिकारी तुमच्या प्रश्नांची उत्तरे देतात.',
      boardDraft:
        'डेटा फिड्युशियरी: हेल्प डेस्क चालवणारी संघटना. उल्लंघन: {{what}} घडले: {{occurred}}; आढळले: {{found}}. बाधित वैयक्तिक डेटा: {{city}} मध्ये {{from}} ते {{to}} दरम्यान नोंदवलेल्या तक्रारींची नावे, ईमेल पत्ते, मोबाइल नंबर आणि तक्रारीचे शब्द. बाधित डेटा प्रिन्सिपल: {{affected}}. केलेले उपाय: [लिहा]. प्रत्येक बाधित डेटा प्रिन्सिपलला ईमेलने कळवले जाते.',
    },
  },
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
