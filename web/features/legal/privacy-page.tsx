import { COMPANY, LegalPage } from './legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      effective="November 11, 2022"
      intro={
        <p>
          This policy explains what personal data {COMPANY}, a Delaware limited liability company based in New York, collects when you use
          Herald, why, and the rights you have over it. We are the controller of that data.
        </p>
      }
      sections={[
        {
          heading: 'What we collect',
          body: [
            'Account data: your name, email address, password (stored only as a one-way hash), title, organisation, location and language.',
            'Profile and interests: the interests and topics you tell us about, your answers in the onboarding interview, and the profile our software derives from them.',
            'Usage data: the articles you open, feedback you send, and technical logs (IP address, browser, timestamps) needed to run and secure the service.',
          ],
        },
        {
          heading: 'Why we use it',
          body: [
            'To provide the service you asked for (performance of a contract): choosing and writing articles for your topics, sending breaking alerts and the daily brief you opted into, and running team accounts.',
            'To keep Herald secure and working (legitimate interest): preventing abuse, diagnosing faults, and measuring which features are used.',
            'We do not sell your personal data, and we do not use it for advertising.',
          ],
        },
        {
          heading: 'AI processing',
          body: [
            'Your profile and topics are processed by our own software and, when your account is configured to use one, by an AI model provider acting as our processor under a contract that forbids it from training on your data.',
          ],
        },
        {
          heading: 'Storage and transfers',
          body: [
            'Herald stores data on servers in the United States. When we transfer personal data from the European Economic Area, the United Kingdom or Switzerland, we rely on the European Commission\'s Standard Contractual Clauses or another lawful transfer mechanism.',
            'We keep account data while your account is open and delete it within 90 days of closure, except where the law requires us to keep records longer.',
          ],
        },
        {
          heading: 'Your rights under the GDPR',
          body: [
            'If you are in the EEA, the UK or Switzerland, you have the right to access your data, to have it corrected or erased, to restrict or object to its processing, to receive it in a portable format, and to withdraw consent at any time. You may also complain to your local data protection authority.',
            'Users elsewhere, including in California, may exercise the same rights; we answer every request within 30 days.',
          ],
        },
        {
          heading: 'Cookies and local storage',
          body: [
            'Strictly necessary: Herald keeps your sign-in tokens, your theme choice and similar settings in your browser\'s local storage. The service cannot work without them, so they need no consent.',
            'Usage tracking: we would only use cookies that measure how the product is used with your consent, and you can withdraw it at any time. Herald sets no advertising cookies.',
          ],
        },
        {
          heading: 'Data protection officer',
          body: ['Our data protection officer answers privacy questions and requests: write to privacy@heraldintel.com, or to the Data Protection Officer, ' + COMPANY + ', New York, NY, United States.'],
        },
        {
          heading: 'Governing law and changes',
          body: [
            'This policy is governed by the laws of the State of New York, and the courts located in New York County, New York have jurisdiction, without limiting the rights your local law gives you. We will announce material changes by email or in the product before they take effect.',
          ],
        },
      ]}
    />
  );
}
