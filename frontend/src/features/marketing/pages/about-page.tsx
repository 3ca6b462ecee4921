import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { PageHeading } from '../../../shared/ui/page-heading';
import { STEPS } from '../lib/landing-copy';
import styles from './about-page.module.css';

/**
 * /about (001 §2): what Magic Editor is, how it works, how credits work, the community feed,
 * privacy in brief, and the link to /contact. Claims stay within what the product does:
 * 10-20 s edits (000 §1), JPG/PNG up to 10 MB (D12), 2 watermarked credits on verification (D1),
 * failed edits free (D4), packs and plans (D8), pack credits never expire (D3), edits shared
 * unless switched off (D14), photos never used for training and metadata stripped (000 §2, D12).
 */
export function AboutPage() {
  return (
    <div className={styles.page}>
      <PageHeading
        title="About"
        eyebrow="Magic Editor"
        subtitle="Magic Editor turns one sentence into a funny, shareable photo edit. No layers, no masks, no editing skills."
        className={styles.heading}
      />

      <section className={styles.section} aria-labelledby="about-what">
        <h2 id="about-what" className={styles.sectionTitle}>
          What Magic Editor is
        </h2>
        <div className={styles.prose}>
          <p>
            Most photo edits people want are simple to say and fiddly to do: put us on a beach, make it snow, remove the stranger
            on the left, give the dog a tiny hat. Magic Editor lets you say it. You write the change in plain English and an AI
            image model edits your photo for you, keeping the people and the scene you started with.
          </p>
          <p>
            It is made for fun first: group-chat jokes, birthday cards, a new background for a profile picture, a product photo
            that needs a cleaner backdrop. And because edits are better shared, there is a community feed where people post their
            funniest results and laugh at each other's.
          </p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-how">
        <h2 id="about-how" className={styles.sectionTitle}>
          How it works
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <Card as="li" key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.muted}>{step.text}</p>
            </Card>
          ))}
        </ol>
        <p className={styles.prose}>
          Not sure what to write? The editor offers 12 suggestions to start from, such as "change the background to a beach at
          sunset" or "add snow falling". If a result is not quite right, regenerate it or try another prompt.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="about-credits">
        <h2 id="about-credits" className={styles.sectionTitle}>
          Credits, packs and plans
        </h2>
        <ul className={styles.facts}>
          <li>Each edit uses 1 credit. If an edit fails, the credit is given back: you only pay for results.</li>
          <li>
            Verify your e-mail address and you get 2 free credits, no card needed. Images made with free credits carry a small
            watermark.
          </li>
          <li>
            Credit packs, from 1 credit for $1 to 45 credits for $25, give you watermark-free images, and their credits never
            expire.
          </li>
          <li>
            Monthly plans (Starter, Creator and Pro, from $19 for 45 credits a month) add My Edits, your private collection of saved
            images. Unused plan credits roll over for one month, and you can cancel anytime.
          </li>
        </ul>
        <p>
          See every option on the <Link to="/pricing">pricing page</Link>.
        </p>
      </section>

      <section className={styles.section} aria-labelledby="about-community">
        <h2 id="about-community" className={styles.sectionTitle}>
          The community feed and laughs
        </h2>
        <div className={styles.prose}>
          <p>
            Edits made with "Share to community" switched on appear in the community feed as they are made, with the original photo
            beside the result and the prompt that made it. Anyone can leave a 😂 laugh, one per person, and the most laughed-at
            edits climb the <Link to="/leaderboard">leaderboard</Link>.
          </p>
          <p>The feed never shows your name or e-mail. Switch sharing off in the editor and an edit stays yours alone.</p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-privacy">
        <h2 id="about-privacy" className={styles.sectionTitle}>
          Your privacy in brief
        </h2>
        <ul className={styles.facts}>
          <li>Your photos are processed privately and are never used to train AI models.</li>
          <li>Location and other hidden data (EXIF) are stripped from every upload before it is stored.</li>
          <li>We use a single session cookie to keep you signed in, and no tracking or advertising cookies.</li>
          <li>You can download all of your data or delete your account at any time from your profile.</li>
        </ul>
        <p>
          The details are in our <Link to="/privacy">Privacy Policy</Link> and <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>

      <Card as="section" className={styles.cta} aria-labelledby="about-contact">
        <h2 id="about-contact" className={styles.sectionTitle}>
          Questions or ideas?
        </h2>
        <p>We read every message and reply within 24 hours. Tell us what you would like Magic Editor to do next.</p>
        <div className={styles.ctaActions}>
          <ButtonLink to="/contact" variant="primary">
            Contact us
          </ButtonLink>
          <ButtonLink to="/pricing" variant="secondary">
            See pricing
          </ButtonLink>
        </div>
      </Card>
    </div>
  );
}
