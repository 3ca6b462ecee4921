import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { isAppPath } from '../../../shared/lib/editor-prompt';
import { hasPendingChoice, postSignInPath } from '../../../shared/lib/pending-choice';
import { BackLink } from '../../../shared/ui/back-link';
import { Card } from '../../../shared/ui/card';
import { PencilIcon, UploadIcon, ZapIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { Spinner } from '../../../shared/ui/spinner';
import { Tabs } from '../../../shared/ui/tabs';
import { SignInPanel } from '../components/sign-in-panel';
import { SignUpForm } from '../components/sign-up-form';
import { TermsNotice } from '../components/terms-notice';
import styles from './auth-page.module.css';

const STEPS = [
  { icon: UploadIcon, title: 'Upload a photo', text: 'Any JPG or PNG.' },
  { icon: PencilIcon, title: 'Write a sentence', text: 'Say what should change.' },
  { icon: ZapIcon, title: 'Get edits in 20 seconds', text: 'Download, share, laugh.' },
] as const;

type AuthTab = 'signin' | 'signup';

/**
 * /auth (001 §2): a welcome with three steps, Sign In and Sign Up tabs, the terms notice and a
 * way back home. A signed-in visitor (also right after signing in or up here) goes on to
 * /pricing when a plan or pack choice is pending, else to /dashboard (001 §4).
 * `?tab=signup` opens the Sign Up tab; `?email=` fills in Sign In's e-mail. A sign-up refused
 * because the person already has an account offers "Sign in instead", which switches to Sign In
 * with the e-mail filled in.
 */
export function AuthPage() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<AuthTab>(searchParams.get('tab') === 'signup' ? 'signup' : 'signin');
  // "Sign in instead" after a refused sign-up (here, or `?email=` from the sign-up dialog).
  const [signInEmail, setSignInEmail] = useState(searchParams.get('email') ?? '');

  if (isLoading) {
    return (
      <div className={styles.loading}>
        <Spinner size="lg" label="Loading..." />
      </div>
    );
  }
  if (user) return <Navigate to={afterSignIn(searchParams.get('next'))} replace />;

  return (
    <div className={styles.page}>
      <section className={styles.welcome} aria-labelledby="auth-steps-title">
        <PageHeading
          title="Welcome"
          eyebrow="Magic Editor"
          subtitle="Sign in or create a free account to start editing photos with one sentence."
          className={styles.heading}
        />
        <h2 id="auth-steps-title" className={styles.stepsTitle}>
          How it works
        </h2>
        <ol className={styles.steps}>
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className={styles.step}>
              <span className={styles.stepIcon} aria-hidden="true">
                <Icon />
              </span>
              <span>
                <span className={styles.stepTitle}>
                  <span className={styles.stepNumber}>{index + 1}. </span>
                  {title}
                </span>
                <span className={styles.stepText}>{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      <Card className={styles.card}>
        <Tabs<AuthTab>
          label="Sign in or sign up"
          value={tab}
          onChange={setTab}
          items={[
            { value: 'signin', label: 'Sign In', panel: <SignInPanel key={signInEmail} defaultEmail={signInEmail} /> },
            {
              value: 'signup',
              label: 'Sign Up',
              panel: (
                <SignUpForm
                  layout="page"
                  showTerms={false}
                  onSignInInstead={(email) => {
                    setSignInEmail(email);
                    setTab('signin');
                  }}
                />
              ),
            },
          ]}
        />
        <div className={styles.terms}>
          <TermsNotice lead="By continuing you agree to our" />
        </div>
      </Card>

      {/* From 960 px it sits in the grid's "back" area, under the welcome text. */}
      <BackLink to="/" className={styles.back}>
        Back to Home
      </BackLink>
    </div>
  );
}

/**
 * Where a signed-in visitor goes from /auth: /pricing while a plan or pack choice is pending, else
 * the `next` path the sign-up dialog passed on (an example prompt's editor link), else /dashboard.
 */
export function afterSignIn(next: string | null): string {
  return next && isAppPath(next) && !hasPendingChoice() ? next : postSignInPath();
}
