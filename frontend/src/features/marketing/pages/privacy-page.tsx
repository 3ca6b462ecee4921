import { Link } from 'react-router-dom';
import { LegalDocument, LegalTable, type LegalSection } from '../components/legal-document';
import { SupportEmail } from '../components/support-email';

/** Change this date with every change of the text below. */
export const PRIVACY_LAST_UPDATED = { iso: '2026-11-28', label: 'November 28, 2026' } as const;

/*
 * The Privacy Policy (issue 13). Every statement is what the product does: D12 (metadata
 * stripped), D14 (community feed public unless switched off), D18 (session cookie, argon2id),
 * D19 (IP and hashed device identifier), D23 (60 / 365 days), D9 (My Edits emptied when a plan
 * ends), D24 (mail), D27 (Stripe), D10 (Replicate), D33 (the user's own OpenAI key), D35 (data
 * download and account deletion), D36 (reset links), D42 (content credentials), D43 (reports,
 * takedowns and their fingerprints), 001 §9 (minimum age 13).
 */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Magic Editor ("we", "us") is an online photo editor: you upload a photo, describe the change in one sentence, and an AI
          image model makes the edit. We decide how the personal data described here is used, and we are responsible for it.
        </p>
        <p>
          You can reach us about anything in this policy at <SupportEmail /> or through our <Link to="/contact">contact form</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <h3>Your account</h3>
        <p>
          Your e-mail address, username, and (if you give them) your first and last name; your password, which we store only as a
          one-way hash (argon2id), so nobody, including us, can read it; whether you have verified your e-mail; your plan or credit
          status. We use these to run your account, sign you in, and send you the e-mails the service needs: the verification
          link, password reset links, security notices such as "your password was changed", and notices about your subscription.
          We do not send marketing e-mail.
        </p>
        <h3>Your photos and prompts</h3>
        <p>
          The photos you upload, the sentence you write, and the edited image that comes back. We use them to make your edit, to
          show it to you, to keep it in My Edits if you save it, and to show it in the community feed if you share it (see
          section 5).
        </p>
        <h3>Credits and payments</h3>
        <p>
          A ledger of your credits: every grant (for example the 2 free credits when you verify your e-mail), purchase, use,
          refund and expiry, with its date. For purchases and subscriptions we keep the plan or pack, the amount, the dates and
          the payment processor's reference. Payments are handled by our payment processor, Stripe. Your card number is entered on
          Stripe's page and goes straight to Stripe: card data never touches our servers. Stripe tells us only the card's brand,
          last four digits and expiry date, which we show in your profile, and your invoices.
        </p>
        <h3>Security and abuse prevention</h3>
        <p>
          Your IP address and a hashed device identifier. The identifier is calculated in your browser from its characteristics,
          and only its one-way hash (SHA-256) is sent to us. We use them to keep the free credits fair and the service safe: at
          most 3 new accounts per IP address a day, one free account per device, and limits on repeated sign-in attempts, password
          reset requests, contact messages and data downloads. When a sign-up looks like a repeat, we may ask you to complete a
          captcha (Cloudflare Turnstile).
        </p>
        <h3>Laughs</h3>
        <p>
          When you laugh at a community edit we record that this account or browser laughed at that image, so that each person
          counts once. For visitors who are not signed in this is a random identifier kept in the browser.
        </p>
        <h3>Messages you send us</h3>
        <p>
          When you use the contact form we keep your name, e-mail address, subject and message, and forward them to our support
          mailbox so that we can answer you. We record the sender's IP address to limit the form to 5 messages an hour.
        </p>
        <h3>YouTube to Article</h3>
        <p>
          The video link and the optional title you enter. We fetch the video's captions from YouTube to write the article. If you
          use your own OpenAI key, see section 8.
        </p>
        <h3>Cookies and browser storage</h3>
        <p>
          We use one cookie: the session cookie that keeps you signed in. It is strictly necessary, cannot be read by scripts on
          the page, and ends when you sign out. We use no advertising, analytics or tracking cookies. Your browser's local storage
          keeps a few settings on your device only: a plan or credit pack you chose before signing in, the identifier for laughs,
          and, if you enter them, your OpenAI key and WordPress site details for YouTube to Article.
        </p>
      </>
    ),
  },
  {
    id: 'your-photos',
    title: 'How we handle your photos',
    body: (
      <ul>
        <li>
          Your photos are processed privately and are <strong>never used to train AI models</strong>, ours or anyone else's. The
          image model provider receives your photo and prompt only to make the edit you asked for.
        </li>
        <li>
          Before we store an upload we turn it the right way up and <strong>remove all of its metadata</strong>, including EXIF data,
          GPS location, camera details and the time it was taken. The images we keep and show never carry your location.
        </li>
        <li>Photos are stored in our own database. Links from the image provider expire, so we copy each result to our storage at once.</li>
        <li>Images made with free credits carry a small watermark; images paid for with purchased credits do not.</li>
      </ul>
    ),
  },
  {
    id: 'content-credentials',
    title: 'Content Credentials',
    body: (
      <>
        <p>
          Every image made with Magic Editor carries signed <strong>C2PA Content Credentials</strong> and an "AI-edited" label.
          They say that the image was edited with AI by Magic Editor, which AI model made the edit, and when. This is how we meet
          the transparency rules for AI-edited images (EU AI Act, Article 50), and anyone can check them, for example at
          contentcredentials.org/verify.
        </p>
        <p>
          The credentials refer to the photo you uploaded <strong>only by a hash</strong> (a fingerprint calculated from the
          file): they carry no copy or thumbnail of your photo, no location, no camera details and nothing about your account.
        </p>
      </>
    ),
  },
  {
    id: 'community-feed',
    title: 'The community feed',
    body: (
      <>
        <p>
          Magic Editor has a public community feed and a leaderboard of the funniest edits. An edit appears there, with its
          original photo, the edited image, the prompt and its laugh count, <strong>unless you switch off "Share to community"</strong>
          in the editor before you generate it. The switch is on by default. The feed does not show your name, username or e-mail.
        </p>
        <p>
          Please do not share photos of other people without their consent. If you want an edit you shared taken out of the feed,
          write to us and we will hide it; deleting your account removes all of your images, shared ones included. We may hide any
          image that breaks our <Link to="/terms">Terms of Service</Link>. If an image shows you without your consent or breaks
          those rules, use "Report" on it (see section 6).
        </p>
      </>
    ),
  },
  {
    id: 'reports',
    title: 'Reports and takedowns',
    body: (
      <>
        <p>
          Anyone can report an image in the community feed, the Hall of Fame or on a share page. A report stores the image
          reported, the reason, the details the reporter chose to add, and the time. If the reporter is signed in, we also store
          their account. For a visitor who is not signed in we do not store the IP address itself, only a keyed hash of it, which we
          use for nothing but counting one report per image and at most 10 reports an hour.
        </p>
        <p>
          <strong>The owner of a reported image is never told who reported it.</strong> If we take an image down, we tell its owner
          that it was removed after a report, never by whom.
        </p>
        <p>
          When we take an image down we delete it and its copies on the site, and keep only a <strong>fingerprint</strong> of it:
          a SHA-256 hash of the file and a 64-bit perceptual hash of its pixels, never the image itself. We use the fingerprint to
          refuse the same picture if someone uploads or makes it again.
        </p>
        <ul>
          <li>Reports and our decisions are deleted one year after the decision; a report that is still open is kept until it is decided.</li>
          <li>The fingerprint of a taken-down image is kept as long as the block on that image stands.</li>
          <li>
            "Download my data" includes the reports you made (with their outcome) and the reports about your images (without who made
            them).
          </li>
          <li>When you delete your account, your reports stay with us until they are decided and deleted as above, but they are no longer linked to you.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep your data',
    body: (
      <LegalTable>
        <table>
          <caption>What we keep, and for how long</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Images saved to My Edits</th>
              <td>60 days after you save them, then they leave My Edits.</td>
            </tr>
            <tr>
              <th scope="row">Favourite images</th>
              <td>365 days after you mark them as a favourite.</td>
            </tr>
            <tr>
              <th scope="row">My Edits when a plan ends</th>
              <td>
                My Edits is a feature of paid plans. When your plan ends, your saved images are removed from My Edits, and the
                private ones are deleted.
              </td>
            </tr>
            <tr>
              <th scope="row">Images you shared</th>
              <td>In the community feed until they are hidden or you delete your account.</td>
            </tr>
            <tr>
              <th scope="row">Your account, photos and other images</th>
              <td>Until you delete your account. Deleting it deletes all of your images, your laughs, your sessions and your personal data.</td>
            </tr>
            <tr>
              <th scope="row">Credit ledger and payment records</th>
              <td>
                Kept after your account is deleted, because tax and accounting law requires it, but anonymised: they are no longer
                linked to your account and carry no name or e-mail address.
              </td>
            </tr>
            <tr>
              <th scope="row">Hashed device identifier and sign-up IP address</th>
              <td>
                Kept after your account is deleted, no longer linked to it, so that deleting and re-creating an account cannot be used
                to collect free credits again.
              </td>
            </tr>
            <tr>
              <th scope="row">Reports and our decisions</th>
              <td>
                One year after the decision. A report that is still open is kept until it is decided. When you delete your account,
                the reports you made are no longer linked to it.
              </td>
            </tr>
            <tr>
              <th scope="row">Fingerprints of taken-down images</th>
              <td>As long as the block on that image stands. A fingerprint is two hashes, never the image.</td>
            </tr>
            <tr>
              <th scope="row">Password reset links</th>
              <td>Valid for 1 hour and for one use only.</td>
            </tr>
            <tr>
              <th scope="row">Contact messages</th>
              <td>As long as we need them to answer you and follow up on your request.</td>
            </tr>
          </tbody>
        </table>
      </LegalTable>
    ),
  },
  {
    id: 'processors',
    title: 'Who processes data for us',
    body: (
      <>
        <p>We do not sell your personal data and we show no advertising. We share data only with the services that run Magic Editor for us:</p>
        <ul>
          <li>
            <strong>Stripe</strong> (payments): your card details, billing address and the purchase. Stripe processes payments under
            its own privacy policy.
          </li>
          <li>
            <strong>Replicate</strong> (image model): your photo and your prompt, to make the edit.
          </li>
          <li>
            <strong>Our SMTP e-mail provider</strong>: your e-mail address and the content of the e-mails we send you, and the
            messages you send us through the contact form.
          </li>
          <li>
            <strong>Cloudflare Turnstile</strong> (captcha): only when a sign-up needs one, to check that a person is signing up.
          </li>
          <li>
            <strong>Our hosting provider</strong>: runs our servers and the database in which your account and images are stored.
          </li>
          <li>
            <strong>OpenAI</strong> (optional, YouTube to Article only): if you enter your own OpenAI API key, the video's captions
            are sent to OpenAI under your key to write the article. The key stays in your browser, is sent with each request and used
            for that one request; we never store it or write it to a log.
          </li>
        </ul>
        <p>
          We may also disclose data when the law requires it, for example to answer a valid request from a court or authority.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can use these rights at any time, free of charge:</p>
        <ul>
          <li>
            <strong>Access and download</strong>: "Download my data" in your <Link to="/profile">profile</Link> gives you a zip file
            with your account, subscription, credit ledger, a list of your images and your reports (section 6) in a JSON file,
            plus your images themselves.
          </li>
          <li>
            <strong>Deletion</strong>: "Delete my account" in your <Link to="/profile">profile</Link> cancels any subscription at once
            and deletes your images, laughs, sessions and personal data (see section 7 for what is kept anonymised).
          </li>
          <li>
            <strong>Correction</strong>: if something we hold about you is wrong, write to us and we will correct it. You can change
            your password in your profile yourself.
          </li>
          <li>
            <strong>Objection and restriction</strong>: you can object to how we use your data or ask us to limit it, for example to
            take a shared image out of the community feed.
          </li>
          <li>
            <strong>Contact and complaints</strong>: write to <SupportEmail /> with any question. You may also complain to the data
            protection authority where you live.
          </li>
        </ul>
        <p>We answer requests within 24 hours and complete them within one month at the latest.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        All traffic is encrypted (HTTPS). Passwords are stored only as hashes, the session cookie cannot be read by scripts, and
        requests from other websites that would change your account are refused. Resetting your password signs you out everywhere
        and we e-mail you when your password changes. No system is perfectly secure; if we learn of a breach that affects your
        data, we will tell you.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Minimum age',
    body: (
      <p>
        You must be at least 13 years old to use Magic Editor. We do not knowingly collect data from children under 13; if we learn
        that an account belongs to a child under 13, we delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the "Last updated" date at the top. If a change affects how we use data you have
        already given us, we tell you by e-mail or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about your data or this policy: <SupportEmail />, or our <Link to="/contact">contact form</Link>. We reply within 24
        hours.
      </p>
    ),
  },
];

/** /privacy (001 §2 "static pages"; issue 13). */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_LAST_UPDATED}
      intro={
        <p>
          This policy explains what personal data Magic Editor collects when you use the website, why, how long we keep it, who
          helps us process it, and how you can download or delete it. The short version: we use your data to run the service, we
          never use your photos to train AI, we use no tracking cookies, and you can take your data with you or delete your
          account at any time from your profile.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
