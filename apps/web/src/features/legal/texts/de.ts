import { formatMonthYear, formatNumericDay } from '../../../shared/format/calendar-day';
import type { TLegalTexts } from './types';

/** The legal texts in German, the version that prevails over every translation. */
export const legalTextsDe: TLegalTexts = {
  impressum: (operator) => ({
    title: 'Impressum',
    sections: [
      {
        heading: 'Betreiber des Datenmarktplatzes',
        paragraphs: [operator.company, operator.address],
      },
      {
        heading: 'Registereintrag und Umsatzsteuer',
        paragraphs: [`Registereintrag: ${operator.register}`, `Umsatzsteuer-Identifikationsnummer: ${operator.vatId}`],
      },
      {
        heading: 'Kontakt',
        paragraphs: [`E-Mail: ${operator.email}`, `Telefon: ${operator.phone}`],
      },
      {
        heading: 'Rolle des Betreibers',
        paragraphs: [
          'Der Betreiber führt den Datenmarktplatz als Vermittler. Angebote von Dateien und API-Daten werden von ihren Anbietern veröffentlicht, die für deren Inhalt verantwortlich sind; Verträge über die Daten kommen unmittelbar zwischen Anbieter und Käufer zustande.',
        ],
      },
      {
        heading: 'Haftung für Links',
        paragraphs: [
          'Angebote verweisen auf Endpunkte und Webseiten Dritter. Auf deren Inhalte hat der Betreiber keinen Einfluss und übernimmt dafür keine Gewähr; verantwortlich ist der jeweilige Anbieter. Rechtswidrige Inhalte, die dem Betreiber gemeldet werden, entfernt er unverzüglich aus dem Katalog.',
        ],
      },
      {
        heading: 'Online-Streitbeilegung',
        paragraphs: [
          'Der Marktplatz richtet sich ausschließlich an Unternehmer, nicht an Verbraucher. Der Betreiber ist weder verpflichtet noch bereit, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
        ],
      },
    ],
  }),

  dataProtection: (operator) => ({
    title: 'Datenschutzerklärung',
    version: `Stand: ${formatMonthYear(operator.legalDates.privacyPolicy, 'de')}`,
    sections: [
      {
        heading: '1. Verantwortlicher',
        paragraphs: [
          `Verantwortlich für die Verarbeitung personenbezogener Daten auf diesem Marktplatz ist die ${operator.company}, ${operator.address}, E-Mail ${operator.email}, Telefon ${operator.phone}.`,
        ],
      },
      {
        heading: '2. Server-Logdateien',
        paragraphs: [
          'Bei jedem Aufruf werden IP-Adresse, Zeitpunkt, aufgerufene Adresse, verweisende Seite und Browser in Logdateien gespeichert, um den Dienst sicher zu betreiben (Art. 6 Abs. 1 lit. f DSGVO). Die Logdateien werden spätestens nach 7 Tagen gelöscht.',
        ],
      },
      {
        heading: '3. Kundenkonto und Verträge',
        paragraphs: [
          'Für Anmeldung, Angebote und Käufe verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse, Ihr Unternehmen und Ihre Transaktionen (Art. 6 Abs. 1 lit. b DSGVO). Kundendaten werden nach Vertragsende 10 Jahre aufbewahrt, wie es Handels- und Steuerrecht verlangen.',
        ],
      },
      {
        heading: '4. Kontaktaufnahme',
        paragraphs: [
          'Wenn Sie uns per E-Mail oder Telefon kontaktieren, verarbeiten wir Ihre Angaben zur Beantwortung Ihrer Anfrage. Kontaktdaten werden innerhalb eines Monats nach Erledigung der Anfrage gelöscht, sofern kein Vertrag etwas anderes erfordert.',
        ],
      },
      {
        heading: '5. Webanalyse',
        paragraphs: [
          'Mit Ihrer Einwilligung messen wir die Nutzung des Marktplatzes mit zwei Analysewerkzeugen, um ihn zu verbessern (Art. 6 Abs. 1 lit. a DSGVO). Die Daten des einen Werkzeugs werden bis zu 365 Tage, die des anderen bis zu 14 Monate gespeichert. Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen.',
        ],
      },
      {
        heading: '6. Conversion-Tracking',
        paragraphs: [
          'Mit Ihrer Einwilligung erfasst ein Conversion-Cookie, ob ein Besuch über eine Anzeige zu einer Registrierung oder einem Kauf geführt hat. Das Cookie ist 30 Tage gültig und identifiziert Sie nicht persönlich.',
        ],
      },
      {
        heading: '7. Content Delivery Network',
        paragraphs: [
          'Statische Dateien der Webanwendung werden über ein Content Delivery Network ausgeliefert, das Ihre IP-Adresse verarbeitet, um sie schnell bereitzustellen und Angriffe abzuwehren (Art. 6 Abs. 1 lit. f DSGVO).',
        ],
      },
      {
        heading: '8. Warenkorb und Zahlung',
        paragraphs: [
          'Ihr Warenkorb wird von einem Warenkorbdienst gespeichert, damit er beim nächsten Besuch noch vorhanden ist. Zahlungen wickelt ein Karten- und Bankzahlungsdienstleister ab, der die für die Zahlung nötigen Daten (Name, Betrag, Zahlungsdaten) erhält und in eigener Verantwortung verarbeitet.',
        ],
      },
      {
        heading: '9. Personenbezogene Daten in angebotenen Dateien und APIs',
        paragraphs: [
          'Für personenbezogene Daten in angebotenen Dateien und API-Daten ist bis zur Validierung der Transaktion der Anbieter verantwortlich, danach der Käufer. Der Betreiber handelt für diese Daten nur als Auftragsverarbeiter des Anbieters.',
        ],
      },
      {
        heading: '10. Bewerbungen',
        paragraphs: [
          'Bewerbungsunterlagen werden 6 Monate nach Abschluss des Bewerbungsverfahrens aufbewahrt; wenn Sie der Aufnahme in unseren Bewerberpool zustimmen, 2 Jahre.',
        ],
      },
      {
        heading: '11. Ihre Rechte',
        paragraphs: [
          'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Aufsichtsbehörde zu beschweren. Bitte richten Sie Anfragen an den oben genannten Verantwortlichen.',
        ],
      },
    ],
  }),

  terms: (operator) => ({
    title: 'Allgemeine Geschäftsbedingungen',
    version: `Fassung vom ${formatNumericDay(operator.legalDates.terms, 'de')}`,
    sections: [
      {
        heading: '1. Geltungsbereich und Beteiligte',
        paragraphs: [
          `Diese Bedingungen regeln die Nutzung des Datenmarktplatzes der ${operator.company} (Betreiber). Sie gelten für Kunden, die Daten anbieten (Kunde Anbieter), und Kunden, die Daten erwerben (Kunde Käufer). Der Marktplatz richtet sich ausschließlich an Unternehmer, nicht an Verbraucher.`,
        ],
      },
      {
        heading: '2. Der Betreiber als Vermittler',
        paragraphs: [
          'Der Betreiber stellt den Marktplatz bereit, auf dem Anbieter Dateien und API-Daten anbieten. Der Betreiber handelt ausschließlich als Vermittler: Der Vertrag über die Daten kommt unmittelbar zwischen Kunde Anbieter und Kunde Käufer zustande. Der Betreiber ist nicht Partei dieses Vertrags.',
        ],
      },
      {
        heading: '3. Transaktionen',
        paragraphs: [
          'Eine Transaktion ist bestätigt, sobald der Kunde Käufer auf KAUFEN oder ERHALTEN klickt. Der Kunde Käufer zahlt innerhalb von 30 Tagen; andernfalls wird die Transaktion automatisch storniert. Die Transaktion ist validiert, sobald sie bezahlt ist und die Daten bereitgestellt sind.',
        ],
      },
      {
        heading: '4. Provision, Rechnungen und Zahlung',
        paragraphs: [
          'Für jede Transaktion berechnet der Betreiber dem Kunden Anbieter eine Provision. Alle Entgelte verstehen sich in Euro zuzüglich der gesetzlichen Umsatzsteuer. Rechnungen sind 30 Tage nach Zugang fällig. Liegt ein Lastschriftmandat vor, wird der Betrag frühestens am 27. Tag nach Rechnungsstellung eingezogen. Für Jahresabonnements gezahlte Beträge werden nicht erstattet.',
        ],
      },
      {
        heading: '5. Pflichten der Kunden',
        paragraphs: [
          'Der Kunde Anbieter sichert zu, dass er die Daten anbieten darf, dass ihre Beschreibung zutrifft und dass die angebotenen Endpunkte erreichbar sind. Der Kunde Käufer nutzt die Daten nur im Rahmen der Lizenz- und Nutzungsbedingungen des Angebots.',
        ],
      },
      {
        heading: '6. Personenbezogene Daten in Dateien und APIs',
        paragraphs: [
          'Für personenbezogene Daten in den angebotenen Dateien und API-Daten ist bis zur Validierung der Transaktion der Kunde Anbieter verantwortlich, ab dann der Kunde Käufer. Der Betreiber handelt nur als Unterauftragnehmer (Auftragsverarbeiter) des Kunden Anbieter. Anfragen betroffener Personen sind an den jeweiligen Verantwortlichen zu richten.',
        ],
      },
      {
        heading: '7. Geistiges Eigentum',
        paragraphs: [
          'Die Rechte an angebotenen Daten verbleiben beim Kunden Anbieter oder seinen Lizenzgebern; der Kunde Käufer erhält die im Angebot beschriebenen Nutzungsrechte. Die Rechte am Marktplatz, seiner Software und seiner Marke verbleiben beim Betreiber.',
        ],
      },
      {
        heading: '8. Sperrung und Kündigung',
        paragraphs: [
          'Der Betreiber kann den Zugang zum Marktplatz sperren, wenn ein Kunde gegen diese Bedingungen verstößt. Erfüllt ein Kunde seine Pflichten nicht innerhalb von 7 Tagen nach Benachrichtigung, kann der Betreiber den Dienst kündigen. Bei missbräuchlicher Nutzung kann der Betreiber den Dienst ohne Vorankündigung unterbrechen. Für Wartungsarbeiten kann der Dienst unterbrochen werden.',
        ],
      },
      {
        heading: '9. Höhere Gewalt',
        paragraphs: [
          'Eine von höherer Gewalt betroffene Partei informiert die andere Partei unverzüglich. Dauert die höhere Gewalt länger als 30 Tage ab dieser Mitteilung, kann jede Partei den Vertrag kündigen.',
        ],
      },
      {
        heading: '10. Technischer Support und Missbrauch',
        paragraphs: [
          `Technischer Support erfolgt per E-Mail an ${operator.email} und über die FAQ. Missbrauch, etwa rechtswidrige Angebote, kann per E-Mail an dieselbe Adresse gemeldet werden.`,
        ],
      },
      {
        heading: '11. Änderungen dieser Bedingungen',
        paragraphs: [
          'Der Betreiber kündigt Änderungen mindestens sechs Wochen vor ihrem Inkrafttreten per E-Mail an. Ist eine Änderung für den Kunden nachteilig, hat er ein Sonderkündigungsrecht zum Zeitpunkt der Änderung. Verbesserungen, die ausschließlich dem Kunden zugutekommen, gelten ohne Ankündigung.',
        ],
      },
      {
        heading: '12. Schlussbestimmungen',
        paragraphs: [
          'Sollte eine Bestimmung dieser Bedingungen unwirksam sein oder werden, bleiben die übrigen Bestimmungen wirksam. Bei Abweichungen zwischen Übersetzungen gilt der deutsche Text. Es gilt deutsches Recht. Zuständig sind die Gerichte im Bezirk des Oberlandesgerichts Düsseldorf.',
        ],
      },
    ],
  }),
};
