import { Link } from 'react-router-dom';
import { Card } from '../../../shared/ui/card';
import { ClockIcon, LockIcon, MailIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { ContactForm } from '../components/contact-form';
import { SupportEmail } from '../components/support-email';
import styles from './contact-page.module.css';

/**
 * /contact (001 §2, §9; D34): the contact form, the promise to reply within 24 hours and the
 * support address from the site configuration.
 */
export function ContactPage() {
  return (
    <>
      <PageHeading
        title="Contact Us"
        subtitle="A question about your credits, a billing problem or an idea for the editor? Send us a message."
      />
      <div className={styles.layout}>
        <Card as="section" className={styles.formCard} aria-label="Send us a message">
          <ContactForm />
        </Card>
        <Card as="aside" className={styles.aside} aria-labelledby="contact-other-ways">
          <h2 id="contact-other-ways" className={styles.asideTitle}>
            Good to know
          </h2>
          <ul className={styles.facts}>
            <li className={styles.fact}>
              <span className={styles.factIcon} aria-hidden="true">
                <ClockIcon />
              </span>
              <span>
                <span className={styles.factTitle}>We reply within 24 hours</span>
                <span className={styles.factText}>Every message is read by a person on our support team.</span>
              </span>
            </li>
            <li className={styles.fact}>
              <span className={styles.factIcon} aria-hidden="true">
                <MailIcon />
              </span>
              <span>
                <span className={styles.factTitle}>Prefer e-mail?</span>
                <span className={styles.factText}>
                  Write to <SupportEmail />. For billing questions, please write from the e-mail address of your account.
                </span>
              </span>
            </li>
            <li className={styles.fact}>
              <span className={styles.factIcon} aria-hidden="true">
                <LockIcon />
              </span>
              <span>
                <span className={styles.factTitle}>Locked out?</span>
                <span className={styles.factText}>
                  Use "Forgot password?" on the <Link to="/auth">Sign In</Link> page to get a reset link by e-mail.
                </span>
              </span>
            </li>
          </ul>
        </Card>
      </div>
    </>
  );
}
