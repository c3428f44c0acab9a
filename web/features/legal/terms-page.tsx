import { COMPANY, LegalPage } from './legal-page';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Use"
      effective="October 1, 2022"
      intro={
        <p>
          These terms govern your use of Herald, the intelligence feed operated by {COMPANY} ("Herald", "we", "us"). By creating an account or
          using the service you agree to them. If you use Herald on behalf of an organisation, you accept them for that organisation too.
        </p>
      }
      sections={[
        {
          heading: 'The service',
          body: [
            'Herald reads public sources such as news, scientific studies, legislation, regulations, court records, securities filings, clinical trials, patents and trademarks, and writes short articles about developments relevant to the topics you follow. Articles are generated automatically and cite their sources by number.',
            'Generated articles are summaries, not professional advice. Check the cited sources before you rely on a statement for a legal, medical, financial or engineering decision.',
          ],
        },
        {
          heading: 'Your account',
          body: [
            'You must give accurate registration details and keep them current. Your account is personal: do not share your password, sign-in links or codes with anyone, and do not let anyone else use your session. Tell us at once if you believe your account has been used without your permission.',
            'Account administrators may invite colleagues to a team account and manage their roles. The organisation that owns a team account is responsible for the people it invites.',
          ],
        },
        {
          heading: 'Acceptable use',
          body: [
            <ul key="list" className="list-disc space-y-1 pl-6">
              <li>Do not redistribute, resell or republish Herald articles or feeds outside your organisation without our written permission.</li>
              <li>Do not scrape, crawl or harvest the service by automated means, or access it other than through the interfaces we provide.</li>
              <li>Do not try to break, probe or overload the service, or to reach data of other users or accounts.</li>
              <li>Do not use the service for anything unlawful.</li>
            </ul>,
          ],
        },
        {
          heading: 'Intellectual property',
          body: [
            'The Herald name, logo and marks belong to us; you may not use them without our written permission, including in domain names, advertising or to suggest an endorsement. The software and the generated articles are licensed to you for your own use while your account is active. Source documents remain the property of their publishers and are linked, quoted and summarised under their own terms.',
          ],
        },
        {
          heading: 'Availability and changes',
          body: [
            'We work to keep Herald available and accurate but provide it "as is", without warranties of any kind, to the extent the law allows. We may change or discontinue features. When we change these terms in a way that matters, we will tell you by email or in the product before the change takes effect.',
          ],
        },
        {
          heading: 'Liability',
          body: [
            'To the extent the law allows, we are not liable for indirect or consequential losses, or for decisions taken on the basis of generated content. Our total liability for any claim is limited to the fees you paid us in the twelve months before the claim.',
          ],
        },
        {
          heading: 'Ending your use',
          body: [
            'You may stop using Herald and ask us to close your account at any time. We may suspend or close accounts that break these terms, after notice where that is reasonable.',
          ],
        },
        {
          heading: 'Governing law',
          body: ['These terms are governed by the laws of the State of New York, and the state and federal courts located in New York County, New York have exclusive jurisdiction over any dispute arising from them.'],
        },
        {
          heading: 'Contact',
          body: [`${COMPANY}, New York, NY, United States. Write to us through the feedback form in the product or at legal@heraldintel.com.`],
        },
      ]}
    />
  );
}
