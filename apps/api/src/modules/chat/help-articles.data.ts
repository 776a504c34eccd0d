/**
 * Help articles for patients (docs/chat.md, "Help"): what the assistant retrieves from when someone asks about
 * CareSlot. Written for patients, in plain words; edit here, keep each one short and true to how the product works.
 * `keywords` are the words people use that the text may not (searched with the title and body).
 */
export interface HelpArticle {
  id: string;
  title: string;
  keywords: string;
  body: string;
  link?: { label: string; href: string };
}

export const HELP_ARTICLES: HelpArticle[] = [
  {
    id: 'fees',
    title: 'Fees and currencies',
    keywords: 'cost price how much charge fee money pay pounds dollars gbp usd currency expensive first visit follow up',
    body:
      'Each provider sets their own fee, shown on their card and profile before you book. A first visit costs the ' +
      'provider’s first-visit fee; if you have seen the same provider before you can choose a follow-up, which usually ' +
      'costs less. In the UK fees are in pounds (GBP) and in the USA in US dollars (USD). CareSlot adds nothing on top ' +
      'of the fee you see.',
  },
  {
    id: 'email-code',
    title: 'The e-mailed code when you book',
    keywords: 'otp one time code verification code email code six digits 6 digit not received did not get code spam hold',
    body:
      'When you book, we e-mail you a 6-digit code to make sure it is really you. Type or paste it into the booking ' +
      'screen; once it is accepted, the payment buttons appear. Asking for the code also holds your chosen time for ' +
      '10 minutes so nobody else can take it while you pay. If the code does not arrive, check your spam folder, then ' +
      'ask for a new one. A code can be tried a few times only.',
  },
  {
    id: 'payment',
    title: 'Paying by card or wallet',
    keywords: 'payment pay card credit debit stripe paypal wallet apple google checkout secure declined failed',
    body:
      'You can pay by card or with a PayPal wallet. Card details are entered in the payment provider’s secure form and ' +
      'never stored by CareSlot. Your appointment is confirmed only once the payment succeeds; if a payment is declined ' +
      'or cancelled, nothing is charged and you can try again while your time is still held. A confirmation e-mail with ' +
      'a calendar invitation follows a successful payment.',
  },
  {
    id: 'cancellation',
    title: 'Cancelling or changing an appointment',
    keywords: 'cancel cancellation reschedule change move appointment booking refund policy',
    body:
      'Your upcoming appointments are listed on your profile page under Appointments. If a provider cancels your ' +
      'appointment, you get an e-mail and a full refund to the card or wallet you paid with. To cancel or move an ' +
      'appointment yourself, open your profile and follow the instructions there, or contact us and we will help.',
    link: { label: 'My appointments', href: '/userProfile' },
  },
  {
    id: 'refunds',
    title: 'Refunds',
    keywords: 'refund money back returned paid twice double charged slot taken',
    body:
      'A refund goes back to the card or wallet you paid with. You get a full refund automatically if a provider ' +
      'cancels your appointment, or if you paid for a time that somebody else booked a moment before you. Refunds ' +
      'usually appear within 5 to 10 working days, depending on your bank.',
  },
  {
    id: 'verification',
    title: 'How providers are verified',
    keywords: 'verified verify provider doctor check qualified registration licence license gmc gdc npi trust genuine real',
    body:
      'Only verified providers appear in search. Before a provider can be booked, our team checks their professional ' +
      'registration with the regulator of their region (for example the GMC or GDC in the UK, or their licence and NPI ' +
      'in the USA) and their identity. A provider whose registration lapses is taken out of search.',
  },
  {
    id: 'privacy',
    title: 'Privacy and your data',
    keywords: 'privacy data personal information gdpr hipaa who can see share sell cookies secure safe confidential chat conversation',
    body:
      'We use your details only to run your bookings: the provider you book sees your name, contact details and the ' +
      'reason for your visit. We never sell your data. Our conversations are kept for 30 days and then deleted, and ' +
      'signing out clears the conversation. The privacy page explains every cookie and what we keep.',
    link: { label: 'Privacy and cookies', href: '/privacy-cookie' },
  },
  {
    id: 'export',
    title: 'Downloading a copy of your data',
    keywords: 'export download copy my data information gdpr subject access request json',
    body:
      'Signed in, open your profile and choose "Download my data". You get a file with your account details, your ' +
      'appointments and your active sign-ins.',
    link: { label: 'My profile', href: '/userProfile' },
  },
  {
    id: 'delete-account',
    title: 'Deleting your account',
    keywords: 'delete remove close account erase forget me gdpr right to be forgotten deactivate',
    body:
      'Signed in, open your profile and choose "Delete my account", then confirm with your password. Your account and ' +
      'personal details are removed and you are signed out everywhere. Records of past appointments are kept without ' +
      'your name, because providers must keep them.',
    link: { label: 'My profile', href: '/userProfile' },
  },
  {
    id: 'contact',
    title: 'Contacting us',
    keywords: 'contact support help human person talk complaint email phone reach team customer service',
    body: 'Write to us through the contact page and our team answers by e-mail, usually within one working day.',
    link: { label: 'Contact us', href: '/contact-us' },
  },
  {
    id: 'booking',
    title: 'How to book an appointment',
    keywords: 'book booking how to make appointment schedule slot find doctor steps',
    body:
      'Search by speciality and postcode or ZIP, choose a provider and a free time on their profile, then confirm your ' +
      'details, describe the reason for your visit, enter the code we e-mail you and pay. You can also tell me what you ' +
      'need here, for example "a dentist near SW1A 1AA tomorrow".',
  },
  {
    id: 'account',
    title: 'Signing in and your password',
    keywords: 'sign in login log in password forgot reset account register sign up create verify email link locked',
    body:
      'Create an account with your e-mail address, then confirm it with the link we send you. If you forget your ' +
      'password, choose "Forgot password" on the sign-in page and we e-mail you a link to set a new one; the link works ' +
      'once and for one hour.',
    link: { label: 'Sign in', href: '/sign-in' },
  },
  {
    id: 'regions',
    title: 'Where CareSlot works',
    keywords: 'region country uk united kingdom usa united states america where available work operate england scotland wales',
    body:
      'CareSlot works in the United Kingdom and the United States. Choose your region at the top of the page: it ' +
      'decides which providers you see, the currency of fees and the emergency numbers we give.',
  },
  {
    id: 'about',
    title: 'What this assistant can do',
    keywords: 'what can you do help assistant bot chatbot who are you features',
    body:
      'I can find providers near a postcode or ZIP for the speciality and time you want, answer questions about how ' +
      'CareSlot works, and, when you are signed in, list your upcoming appointments. I cannot give medical advice. In ' +
      'an emergency, call 999 in the UK or 911 in the USA.',
  },
];
