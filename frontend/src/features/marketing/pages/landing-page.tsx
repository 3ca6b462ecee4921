import { useNavigate } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { useSignUpDialog } from '../../../shared/lib/sign-up-dialog';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useVerificationToasts } from '../hooks/use-verification-toasts';
import { ImageIcon, SparklesIcon, VideoIcon } from '../../../shared/ui/icons';
import styles from './landing-page.module.css';

const STEPS = [
  { title: 'Upload a photo', text: 'Any JPG or PNG from your phone or computer.' },
  { title: 'Write a sentence', text: 'Say what should change: a new background, an outfit, something added or removed.' },
  { title: 'Get magic edits', text: 'Your edited image arrives in about 10-20 seconds, ready to download and share.' },
] as const;

/** The landing page (/ and /sales). The full page (demo, testimonials, FAQ, live card) follows. */
export function LandingPage() {
  useDocumentTitle('Magic Editor');
  useVerificationToasts();
  const navigate = useNavigate();
  const { data: user } = useGetCurrentUserQuery();
  const { openSignUp } = useSignUpDialog();

  // 000 §2: a signed-in user goes to the editor; a visitor gets the sign-up dialog.
  function getStarted() {
    if (user) void navigate('/dashboard');
    else openSignUp('signup');
  }

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>
            <SparklesIcon width={16} height={16} />
            Magic Editor
          </p>
          <h1 id="hero-title" className={styles.title}>
            Edit any photo with <span className={styles.highlight}>one sentence</span>
          </h1>
          <p className={styles.pitch}>
            Upload a photo, describe the change you want (swap the background, change an outfit, remove
            something or add something silly) and get your AI-edited image back in about 10-20 seconds.
            Verify your e-mail and your first 2 edits are free.
          </p>
          <div className={styles.actions}>
            <Button variant="primary" size="lg" aria-haspopup={user ? undefined : 'dialog'} onClick={getStarted}>
              Get Started For FREE
            </Button>
            <ButtonLink to="/pricing" variant="secondary" size="lg">
              See pricing
            </ButtonLink>
          </div>
        </div>
        <div className={styles.art} aria-hidden="true">
          <div className={styles.frame}>
            <ImageIcon width={40} height={40} />
          </div>
          <div className={styles.prompt}>"put a party hat on my cat"</div>
          <div className={`${styles.frame} ${styles.frameMagic}`}>
            <SparklesIcon width={40} height={40} />
          </div>
        </div>
      </section>

      <section className={styles.how} aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          How It Works
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* 000 §1-§2: video editing is coming soon; visitors can join the waitlist. */}
      <section className={styles.video} aria-labelledby="video-title">
        <span className={styles.videoIcon} aria-hidden="true">
          <VideoIcon width={28} height={28} />
        </span>
        <div className={styles.videoText}>
          <h2 id="video-title" className={styles.videoTitle}>
            Video Magic Is Coming Soon
          </h2>
          <p className={styles.stepText}>Edit videos with one sentence, just like photos.</p>
        </div>
        {user ? null : (
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => openSignUp('video')}>
            Join Video Waitlist
          </Button>
        )}
      </section>
    </>
  );
}
