import { Link } from 'react-router-dom';
import { LegalDocument, LegalTable, type LegalSection } from '../components/legal-document';
import { SupportEmail } from '../components/support-email';

/** Change this date with every change of the text below. */
export const TERMS_LAST_UPDATED = { iso: '2026-11-28', label: 'November 28, 2026' } as const;

/*
 * The commercial terms are 001 §9's, word for word in substance: the plans and packs (D8), roll
 * over of subscription credits for 1 month (D3), pay-as-you-go credits never expire, all sales
 * final with no refunds for used credits, cancel anytime effective at the end of the billing
 * period (D9), support within 24 hours, minimum age 13, 30 days' notice of price changes.
 * The prices are repeated here as the text of a legal document (it states what was agreed on
 * its date); the pricing page reads the live catalogue (D8). Reporting and removal are D43's,
 * the AI-edited label and content credentials D42's.
 */
const PLANS = [
  { name: 'Starter', price: '$19', credits: 45 },
  { name: 'Creator', price: '$29', credits: 70 },
  { name: 'Pro', price: '$49', credits: 140 },
] as const;

const PACKS = [
  { credits: 1, price: '$1' },
  { credits: 7, price: '$5' },
  { credits: 15, price: '$10' },
  { credits: 45, price: '$25' },
] as const;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'the-service',
    title: 'The service',
    body: (
      <>
        <p>
          Magic Editor is an online photo editor: you upload a JPG or PNG photo, describe the change in one sentence, and an AI
          image model makes the edit, usually in 10-20 seconds. It also offers a public community feed where people share and laugh
          at edits, and tools such as YouTube to Article.
        </p>
        <p>
          These terms are the agreement between you and Magic Editor ("we", "us") for using the service. By creating an account
          or using the service you accept them. Our <Link to="/privacy">Privacy Policy</Link> explains how we handle your data.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 13 years old to use Magic Editor. If you are under the age of majority where you live, you need the permission of a parent or guardian.</li>
        <li>An account is for one person. Do not share it, and do not create more than one free account.</li>
        <li>Give accurate information when you sign up, and use an e-mail address you can receive mail at.</li>
        <li>
          Keep your password secret; you are responsible for what is done with your account. If you think someone else has
          access, change your password or use "Forgot password?" on the sign-in page, and tell us.
        </li>
      </ul>
    ),
  },
  {
    id: 'credits-and-payments',
    title: 'Credits and payments',
    body: (
      <>
        <p>
          Each edit uses 1 credit. An edit that fails costs nothing: the credit is returned automatically. When you verify your
          e-mail address you receive 2 free credits, once per account. Images made with free credits carry a watermark; images
          made with purchased credits do not.
        </p>
        <h3>Monthly plans</h3>
        <LegalTable>
          <table>
            <caption>Monthly subscription plans, billed in US dollars</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Price per month</th>
                <th scope="col">Credits per month</th>
              </tr>
            </thead>
            <tbody>
              {PLANS.map((plan) => (
                <tr key={plan.name}>
                  <th scope="row">{plan.name}</th>
                  <td>{plan.price}</td>
                  <td>{plan.credits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </LegalTable>
        <h3>Credit packs (pay as you go)</h3>
        <LegalTable>
          <table>
            <caption>One-time credit packs, billed in US dollars</caption>
            <thead>
              <tr>
                <th scope="col">Credits</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {PACKS.map((pack) => (
                <tr key={pack.credits}>
                  <th scope="row">
                    {pack.credits} {pack.credits === 1 ? 'credit' : 'credits'}
                  </th>
                  <td>{pack.price}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </LegalTable>
        <h3>The rules</h3>
        <ul>
          <li>
            <strong>Subscription credits roll over 1 month.</strong> Credits from a plan can be used during the billing period in
            which you receive them and the one after it; then they expire.
          </li>
          <li>
            <strong>Pay-as-you-go credits never expire.</strong>
          </li>
          <li>A subscription renews automatically every month, and is charged at the start of each billing period, until you cancel it.</li>
          <li>
            Moving to a higher plan takes effect at once: you pay the difference for the rest of the period and receive the extra
            credits for it. Moving to a lower plan takes effect at your next renewal.
          </li>
          <li>
            <strong>Cancel anytime.</strong> Cancelling takes effect at the end of the current billing period; you keep your plan
            until then. Saving images to My Edits is part of the paid plans, so when a plan ends the images saved there are removed.
          </li>
          <li>
            <strong>All sales are final. There are no refunds for used credits.</strong> This does not take away any right to a
            refund that the law where you live gives you.
          </li>
          <li>
            <strong>Prices may change.</strong> We tell you at least 30 days before a new subscription price applies to you, so you
            can cancel before it does. A price change never affects what you have already paid for.
          </li>
          <li>
            Payments are processed by Stripe. If a renewal payment fails, your plan stays active while the payment is retried; if it
            cannot be collected, the subscription ends.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Do not use Magic Editor to create, upload or share:</p>
        <ul>
          <li>anything illegal, or that infringes someone else's copyright, trademark or other rights;</li>
          <li>nudity or sexual content, or any sexualised image of a minor;</li>
          <li>images of other people without their consent, or edits meant to embarrass, harass, or deceive (for example a fake photo presented as real);</li>
          <li>violent, hateful or extremist content.</li>
        </ul>
        <p>And do not:</p>
        <ul>
          <li>abuse the free credits, for example by creating several accounts or automating sign-ups;</li>
          <li>try to get around the content filter, rate limits, watermarks or payment;</li>
          <li>scrape the service, overload it, or interfere with its security or with other people's use of it.</li>
        </ul>
        <p>We may refuse a prompt, hide an image from the community feed, or take the steps in sections 7 and 8 when these rules are broken.</p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and the community licence',
    body: (
      <>
        <p>
          You keep the rights to the photos you upload and the prompts you write, and you may use your edits as you like,
          including commercially, as long as you respect the rights of others (for example of people in the photo). Upload only
          photos you have the right to use.
        </p>
        <p>
          To run the service you give us permission to store, process and show your photos, prompts and edits to you, and to send
          them to the image model that makes the edit. We never use them to train AI models.
        </p>
        <p>
          <strong>Community licence.</strong> When you share an edit to the community (the "Share to community" switch in the
          editor, on by default), you give us a worldwide, non-exclusive, royalty-free licence to show it publicly, with its
          original photo, prompt and laugh count, in the community feed and on the leaderboard, and to let anyone view it and
          laugh at it. The licence ends when the image is hidden or deleted, or when you delete your account.
        </p>
        <p>The Magic Editor name, website, software and design belong to us.</p>
      </>
    ),
  },
  {
    id: 'ai-output',
    title: 'AI output',
    body: (
      <>
        <p>
          Edits and articles are made by AI models. They can be inaccurate, unexpected, or different from what you asked for, and
          someone else may receive a similar result. Check a result before you rely on it or publish it; you are responsible for
          how you use it. An AI edit is not a real photo: do not present it as one in a way that could mislead people.
        </p>
        <p>
          Articles from YouTube to Article are written from the video's captions and may contain mistakes. The video belongs to
          its creator; respect their rights when you publish an article based on it.
        </p>
      </>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting and removal',
    body: (
      <>
        <p>
          Anyone, signed in or not, can report an image in the community feed, the Hall of Fame or on a share page with its
          "Report" button, choosing a reason and adding details if they wish.
        </p>
        <ul>
          <li>
            A report of an <strong>intimate image shared without consent</strong>, or of <strong>sexual content involving a
            minor</strong>, hides the image from the site at once, until we have reviewed it.
          </li>
          <li>
            <strong>We review every report within 48 hours</strong>, and then either take the image down or leave it up. We never
            tell the owner of an image who reported it.
          </li>
          <li>
            An image we take down is deleted together with its original upload and every copy of it on the site, and it cannot be
            uploaded or made here again: trying gives "This image can't be used."
          </li>
          <li>
            Repeated or serious breaches, such as uploading an image of someone else without their consent, may get the account
            suspended (see section 8).
          </li>
          <li>Please report in good faith: reporting images to harass someone is itself a breach of these terms.</li>
        </ul>
        <h3>AI-edited labels and Content Credentials</h3>
        <p>
          Every image made with Magic Editor carries C2PA Content Credentials and an "AI-edited" label, which say that it was
          edited with AI by Magic Editor, with which model, and when. This is required by the transparency rules for AI-edited
          images (EU AI Act, Article 50). When you share or publish an image made here, do not remove or alter its Content
          Credentials or label, and do not present it as an unedited photo or misrepresent where it comes from.
        </p>
      </>
    ),
  },
  {
    id: 'suspension-and-deletion',
    title: 'Suspension, termination and account deletion',
    body: (
      <>
        <p>
          We may suspend or close an account that breaks these terms, that abuses the free credits, or when the law requires us to.
          A suspended account cannot sign in. Where we can, we tell you why and give you the chance to respond; for serious or
          repeated breaches we may act without notice.
        </p>
        <p>
          You can stop using Magic Editor at any time and delete your account with "Delete my account" in your{' '}
          <Link to="/profile">profile</Link>. Deleting your account cancels any subscription at once, with no refund for the rest of
          the billing period; unused credits are lost; and your images, including those shared in the community feed, are
          deleted. Records we must keep for accounting are kept without your name or e-mail address.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    body: (
      <p>
        We work to keep Magic Editor available and fast, and to switch to a backup image model when the main one has trouble, but
        we cannot promise that the service will always be available or free of errors. We may change, add or remove features. If
        we stop offering the service altogether, we tell you in advance.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <p>
          Magic Editor is provided "as is". As far as the law allows, we are not liable for indirect or consequential losses, such
          as lost profits or lost data, and our total liability to you for any claim is limited to the amount you paid us in the
          12 months before the claim.
        </p>
        <p>
          Nothing in these terms limits liability that cannot be limited by law, or takes away rights you have as a consumer
          where you live.
        </p>
      </>
    ),
  },
  {
    id: 'support',
    title: 'Support',
    body: (
      <p>
        Questions about your account, credits or billing? Use our <Link to="/contact">contact form</Link> or write to{' '}
        <SupportEmail />. Support replies within 24 hours.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        When we change these terms we update the "Last updated" date at the top, and we tell you by e-mail or in the app before an
        important change takes effect. If you do not agree with a change, you can cancel your subscription or delete your account
        before it applies to you.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Magic Editor support: <SupportEmail />, or our <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

/** /terms (001 §2 "static pages", §9; issue 13). */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={TERMS_LAST_UPDATED}
      intro={
        <p>
          Please read these terms before you buy credits or a plan. They cover your account, how credits, plans and payments work
          (including cancellation and refunds), what you may and may not do with Magic Editor, and who owns what.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
