import { formatMonthYear, formatNumericDay } from '../../../shared/format/calendar-day';
import type { TLegalTexts } from './types';

/** The legal texts in English: a translation; the German text prevails (terms, section 'Final provisions'). */
export const legalTextsEn: TLegalTexts = {
  impressum: (operator) => ({
    title: 'Impressum',
    sections: [
      {
        heading: 'Operator of the data marketplace',
        paragraphs: [operator.company, operator.address],
      },
      {
        heading: 'Commercial register and VAT',
        paragraphs: [`Register entry: ${operator.register}`, `VAT identification number: ${operator.vatId}`],
      },
      {
        heading: 'Contact',
        paragraphs: [`E-mail: ${operator.email}`, `Phone: ${operator.phone}`],
      },
      {
        heading: 'Role of the operator',
        paragraphs: [
          'The operator runs the data marketplace as a broker. Offers of files and API data are published by their suppliers, who are responsible for their content; contracts about the data are concluded directly between supplier and buyer.',
        ],
      },
      {
        heading: 'Liability for links',
        paragraphs: [
          'Offers link to endpoints and web sites of third parties. The operator has no influence on their content and takes no responsibility for it; the respective provider is responsible. Unlawful content reported to the operator will be removed from the catalogue without delay.',
        ],
      },
      {
        heading: 'Online dispute resolution',
        paragraphs: [
          'The marketplace addresses business users only, not consumers. The operator is neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.',
        ],
      },
    ],
  }),

  dataProtection: (operator) => ({
    title: 'Privacy policy',
    version: `As of ${formatMonthYear(operator.legalDates.privacyPolicy, 'en')}`,
    sections: [
      {
        heading: '1. Controller',
        paragraphs: [
          `The controller for the processing of personal data on this marketplace is ${operator.company}, ${operator.address}, e-mail ${operator.email}, phone ${operator.phone}.`,
        ],
      },
      {
        heading: '2. Server logs',
        paragraphs: [
          'Each visit stores the IP address, time, requested address, referring page and browser in server logs to run the service securely (Art. 6 (1) (f) GDPR). The logs are deleted after 7 days at the latest.',
        ],
      },
      {
        heading: '3. Customer account and contracts',
        paragraphs: [
          'To sign in, offer data and buy data we process your name, e-mail address, company and the transactions you make (Art. 6 (1) (b) GDPR). Customer data is kept for 10 years after the end of the contract, as commercial and tax law requires.',
        ],
      },
      {
        heading: '4. Contact',
        paragraphs: [
          'When you write to us by e-mail or phone, we process your details to answer your request. Contact data is deleted within 1 month after the request has been dealt with, unless a contract requires otherwise.',
        ],
      },
      {
        heading: '5. Analytics',
        paragraphs: [
          'With your consent we measure the use of the marketplace with two analytics tools to improve it (Art. 6 (1) (a) GDPR). The data of one tool is kept for up to 365 days, that of the other for up to 14 months. You can withdraw your consent at any time with effect for the future.',
        ],
      },
      {
        heading: '6. Conversion tracking',
        paragraphs: [
          'With your consent a conversion cookie records whether a visit that came through an advertisement led to a registration or a purchase. The cookie is valid for 30 days and does not identify you personally.',
        ],
      },
      {
        heading: '7. Content delivery network',
        paragraphs: [
          'Static files of the web application are delivered through a content delivery network, which processes your IP address to deliver them quickly and to fend off attacks (Art. 6 (1) (f) GDPR).',
        ],
      },
      {
        heading: '8. Shopping cart and payment',
        paragraphs: [
          'Your cart is kept by a shopping cart service so that it is still there on your next visit. Payments are processed by a card and bank payment provider, which receives the data needed for the payment (name, amount, payment details) and processes it under its own responsibility.',
        ],
      },
      {
        heading: '9. Personal data in offered files and APIs',
        paragraphs: [
          'For personal data contained in offered files and API data, the supplier is responsible until the transaction is validated and the buyer afterwards. For such data the operator acts only as a processor on behalf of the supplier.',
        ],
      },
      {
        heading: '10. Applications',
        paragraphs: [
          'Application documents are kept for 6 months after the application procedure has ended; if you agree to join our applicant pool, for 2 years.',
        ],
      },
      {
        heading: '11. Your rights',
        paragraphs: [
          'You have the right of access, rectification, erasure, restriction of processing, data portability and objection, and the right to lodge a complaint with a supervisory authority. Please send requests to the controller named above.',
        ],
      },
    ],
  }),

  terms: (operator) => ({
    title: 'General Terms and Conditions',
    version: `Version of ${formatNumericDay(operator.legalDates.terms, 'en')}`,
    sections: [
      {
        heading: '1. Scope and parties',
        paragraphs: [
          `These terms govern the use of the data marketplace operated by ${operator.company} (the operator). They apply to customers who offer data (customer supplier) and customers who acquire data (customer buyer). The marketplace addresses businesses only, not consumers.`,
        ],
      },
      {
        heading: '2. The operator as broker',
        paragraphs: [
          'The operator provides the marketplace on which suppliers offer files and API data. The operator acts solely as a broker: the contract for the data is concluded directly between customer supplier and customer buyer. The operator is not a party to this contract.',
        ],
      },
      {
        heading: '3. Transactions',
        paragraphs: [
          'A transaction is confirmed when the customer buyer clicks BUY or RECEIVE. The customer buyer pays within 30 days; otherwise the transaction is cancelled automatically. The transaction is validated once it has been paid and the data has been provided.',
        ],
      },
      {
        heading: '4. Commission, invoices and payment',
        paragraphs: [
          'For each transaction the operator charges the customer supplier a commission. All fees are stated in euros plus VAT at the statutory rate. Invoices are due 30 days after receipt. Where a direct debit mandate has been given, the amount is debited no earlier than the 27th day after the invoice. Amounts paid for annual subscriptions are non-refundable.',
        ],
      },
      {
        heading: '5. Obligations of the customers',
        paragraphs: [
          'The customer supplier guarantees that it may offer the data, that its description is correct and that the offered endpoints are available. The customer buyer uses the data only within the licence and usage terms of the offer.',
        ],
      },
      {
        heading: '6. Personal data in files and APIs',
        paragraphs: [
          'The customer supplier is responsible for personal data contained in the offered files and API data until the transaction is validated; from then on the customer buyer is responsible. The operator acts only as a subcontractor (processor) of the customer supplier. Requests of data subjects are to be addressed to the respective controller.',
        ],
      },
      {
        heading: '7. Intellectual property',
        paragraphs: [
          'The rights to offered data remain with the customer supplier or its licensors; the customer buyer obtains the rights of use described in the offer. The rights to the marketplace, its software and its brand remain with the operator.',
        ],
      },
      {
        heading: '8. Suspension and termination',
        paragraphs: [
          'The operator may suspend access to the marketplace if a customer breaches these terms. If a customer does not meet its obligations within 7 days of being notified, the operator may terminate the service. Where the marketplace is used in bad faith, the operator may interrupt the service without notice. The service may be interrupted for maintenance.',
        ],
      },
      {
        heading: '9. Force majeure',
        paragraphs: [
          'A party affected by force majeure informs the other party without delay. If the force majeure lasts longer than 30 days from this notification, either party may terminate the contract.',
        ],
      },
      {
        heading: '10. Technical support and abuse',
        paragraphs: [
          `Technical support is provided by e-mail to ${operator.email} and through the FAQ. Abuse, such as unlawful offers, can be reported by e-mail to the same address.`,
        ],
      },
      {
        heading: '11. Changes to these terms',
        paragraphs: [
          'The operator announces changes by e-mail at least six weeks before they take effect. If a change is to the customer’s disadvantage, the customer has a special right to terminate the contract with effect from the date of the change. Improvements that only benefit the customer take effect without notice.',
        ],
      },
      {
        heading: '12. Final provisions',
        paragraphs: [
          'Should any provision of these terms be or become invalid, the remaining provisions remain in force. Where translations differ, the German text prevails. German law applies. The courts in the district of the Düsseldorf court of appeal (Oberlandesgericht Düsseldorf) have jurisdiction.',
        ],
      },
    ],
  }),
};
