-- The privacy notice and the breach register (ADR 0068, 0069). A notice is published as one
-- version in every language at once; each ticket records the version its member was shown.
CREATE TABLE "privacy_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"grievance_name" text NOT NULL,
	"grievance_email" text NOT NULL,
	"grievance_phone" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" integer,
	CONSTRAINT "privacy_notices_language_check" CHECK ("privacy_notices"."language" in ('en', 'hi', 'mr'))
);
--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_notices_version_language_idx" ON "privacy_notices" USING btree ("version","language");--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "notice_version" integer;--> statement-breakpoint
CREATE TABLE "privacy_breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"what" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"city_id" integer,
	"tickets_from" timestamp with time zone NOT NULL,
	"tickets_to" timestamp with time zone NOT NULL,
	"affected" integer NOT NULL,
	"member_notice" text NOT NULL,
	"board_report" text NOT NULL,
	"board_email" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	CONSTRAINT "privacy_breaches_status_check" CHECK ("privacy_breaches"."status" in ('draft', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD CONSTRAINT "privacy_breaches_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD CONSTRAINT "privacy_breaches_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_breaches" ADD CONSTRAINT "privacy_breaches_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_breaches_found_idx" ON "privacy_breaches" USING btree ("found_at","id");--> statement-breakpoint
-- The first notice (version 1), in the three languages of the form; admins publish the next ones.
INSERT INTO "privacy_notices" ("version", "language", "text", "grievance_name", "grievance_email", "grievance_phone", "published_at") VALUES
(1, 'en', E'Who we are: the association of real-estate developers runs this help desk and is the Data Fiduciary for what you give it.\n\nWhat we keep: your name, email address and mobile number, the words of your complaint and your replies, and the file you attach.\n\nWhy: only to handle your complaint: to pass it to the chapter that can act, to tell you what happens to it, and to count complaints in our reports (counts only, without names).\n\nHow long: until three years after your complaint is closed. We email you at least 48 hours before we erase it.\n\nYour rights: from the link to your tickets we email you, you can download your data, ask us to correct it or to erase it, and withdraw your consent to SMS and WhatsApp messages at once. You can complain to the Grievance Officer below, and then to the Data Protection Board of India.\n\nIf your data is ever exposed, we tell you and the Board.', 'Grievance Officer', 'grievance@helpdesk.example', '+91 20 0000 0000', now()),
(1, 'hi', E'हम कौन हैं: रियल-एस्टेट डेवलपर्स का संघ यह हेल्प डेस्क चलाता है और आपके दिए गए डेटा का डेटा फ़िड्यूशियरी है।\n\nहम क्या रखते हैं: आपका नाम, ईमेल पता और मोबाइल नंबर, आपकी शिकायत और आपके जवाबों के शब्द, और आपकी संलग्न फ़ाइल।\n\nक्यों: केवल आपकी शिकायत संभालने के लिए: उसे उस चैप्टर तक पहुँचाने के लिए जो कार्रवाई कर सके, आपको बताने के लिए कि उसका क्या हुआ, और हमारी रिपोर्टों में शिकायतें गिनने के लिए (केवल संख्याएँ, नामों के बिना)।\n\nकितने समय तक: शिकायत बंद होने के तीन वर्ष बाद तक। मिटाने से कम से कम 48 घंटे पहले हम आपको ईमेल करते हैं।\n\nआपके अधिकार: आपके टिकटों की जो लिंक हम ईमेल करते हैं, उससे आप अपना डेटा डाउनलोड कर सकते हैं, उसे सुधारने या मिटाने के लिए कह सकते हैं, और SMS व WhatsApp संदेशों की सहमति तुरंत वापस ले सकते हैं। आप नीचे दिए शिकायत अधिकारी से, और फिर भारतीय डेटा संरक्षण बोर्ड से शिकायत कर सकते हैं।\n\nयदि कभी आपका डेटा उजागर होता है, तो हम आपको और बोर्ड को बताते हैं।', 'शिकायत अधिकारी', 'grievance@helpdesk.example', '+91 20 0000 0000', now()),
(1, 'mr', E'आम्ही कोण: रिअल-इस्टेट विकासकांची संघटना ही हेल्प डेस्क चालवते आणि तुम्ही दिलेल्या डेटाची डेटा फिड्युशियरी आहे.\n\nआम्ही काय ठेवतो: तुमचे नाव, ईमेल पत्ता आणि मोबाइल नंबर, तुमच्या तक्रारीचे आणि उत्तरांचे शब्द, आणि तुम्ही जोडलेली फाइल.\n\nका: फक्त तुमची तक्रार हाताळण्यासाठी: ती कारवाई करू शकणाऱ्या चॅप्टरकडे पोहोचवण्यासाठी, तिचे काय झाले ते तुम्हाला कळवण्यासाठी, आणि आमच्या अहवालांत तक्रारी मोजण्यासाठी (फक्त आकडे, नावांशिवाय).\n\nकिती काळ: तक्रार बंद झाल्यानंतर तीन वर्षांपर्यंत. पुसण्यापूर्वी किमान 48 तास आधी आम्ही तुम्हाला ईमेल करतो.\n\nतुमचे अधिकार: तुमच्या तिकिटांची जी लिंक आम्ही ईमेल करतो, तिथून तुम्ही तुमचा डेटा डाउनलोड करू शकता, तो दुरुस्त करण्यास किंवा पुसण्यास सांगू शकता, आणि SMS व WhatsApp संदेशांची संमती लगेच मागे घेऊ शकता. तुम्ही खालील तक्रार अधिकाऱ्याकडे, आणि नंतर भारतीय डेटा संरक्षण मंडळाकडे तक्रार करू शकता.\n\nतुमचा डेटा कधी उघड झाला, तर आम्ही तुम्हाला आणि मंडळाला कळवतो.', 'तक्रार अधिकारी', 'grievance@helpdesk.example', '+91 20 0000 0000', now());
