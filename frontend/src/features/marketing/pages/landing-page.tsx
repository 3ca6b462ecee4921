import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { FaqList } from '../../../shared/ui/faq-list';
import {
  ChevronRightIcon,
  CreditCardIcon,
  ImageIcon,
  PencilIcon,
  ShieldIcon,
  SparklesIcon,
  VideoIcon,
  ZapIcon,
  type IconProps,
} from '../../../shared/ui/icons';
import { NeedsAiModelMark } from '../../../shared/ui/needs-ai-model-mark';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { DemoVideo } from '../components/demo-video';
import { LandingSection } from '../components/landing-section';
import { useLandingActions } from '../hooks/use-landing-actions';
import { useVerificationToasts } from '../hooks/use-verification-toasts';
import { EXAMPLE_PROMPTS, FAQ, FEATURES, STEPS, TESTIMONIALS, type FeatureIcon } from '../lib/landing-copy';
import { scrollToSection } from '../lib/scroll-to-section';
import styles from './landing-page.module.css';

const FEATURE_ICONS: Record<FeatureIcon, (props: IconProps) => ReactNode> = {
  zap: ZapIcon,
  pencil: PencilIcon,
  image: ImageIcon,
  sparkles: SparklesIcon,
  shield: ShieldIcon,
  'credit-card': CreditCardIcon,
};

/** The example pair (public/assets/CREDITS.md): the editor's own output for this prompt. */
const EXAMPLE_EDIT = {
  prompt: 'add snow falling and make the colors warmer',
  before: { src: '/assets/original.jpg', alt: 'Before: a tabby cat looking into the camera' },
  after: { src: '/assets/edited.jpg', alt: 'After: the same cat with snow falling and warmer colors' },
  width: 451,
  height: 300,
} as const;

export interface LandingPageProps {
  /**
   * The live community edit card (000 §2). It belongs to the community feature, which this
   * feature may not import (ARCHITECTURE rule 9), so app/routes/landing.tsx composes it in.
   */
  liveCommunityCard?: ReactNode;
  /**
   * Which engine edits the photos (GET /api/generation/capabilities, composed in by
   * app/routes/landing.tsx the same way); undefined while unknown.
   */
  engine?: 'replicate' | 'local';
  /**
   * Example prompts the active engine cannot do (the local engine's unsupported chips): marked
   * "needs the AI model" and shown after the others. They still open the editor, which says the same.
   */
  needsAiModel?: readonly string[];
}

/** The examples, the ones the active engine does first (in their own order), the others after. */
export function orderedExamples(needsAiModel: readonly string[]) {
  return EXAMPLE_PROMPTS.map((example) => ({ ...example, needsAiModel: needsAiModel.includes(example.prompt) })).sort(
    (a, b) => Number(a.needsAiModel) - Number(b.needsAiModel),
  );
}

/**
 * Issue 15: the hero promises only what the active engine does. With the AI model, the spec's
 * kinds of edit (000 §1) in 10-20 seconds; with the server's own engine (and while the engine is
 * not known yet), what it really does: a new or blurred background behind a person (ADR 0024),
 * snow, a caption, a cartoon look, in seconds. Clothes and removing people are not promised.
 */
export const HERO_COPY = {
  replicate: {
    eyebrow: 'AI photo editor',
    pitch:
      'Upload a photo, describe the change you want (swap the background, change an outfit, remove something or add something silly) and get your AI-edited image back in about 10-20 seconds.',
  },
  local: {
    eyebrow: 'Photo editor',
    pitch:
      'Upload a photo, describe the change you want (put yourself on a beach at sunset, blur the background, add snow or a caption, or make it a cartoon) and get your edited image back in seconds.',
  },
} as const;

/**
 * The landing page (/ and /sales), its sections in the order of 000 §2: hero, How It Works,
 * example prompts, live community edit, features, demo video, testimonials, video coming soon,
 * FAQ, final call to action.
 */
export function LandingPage({ liveCommunityCard, engine, needsAiModel = [] }: LandingPageProps = {}) {
  const hero = HERO_COPY[engine === 'replicate' ? 'replicate' : 'local'];
  useVerificationToasts();
  const { signedIn, authLoading, pending, pendingPrompt, getStarted, joinVideoWaitlist, tryPrompt } = useLandingActions();
  // The sign-up dialog opens for visitors; while auth is unknown it most likely will.
  const startPopup = signedIn ? undefined : 'dialog';

  return (
    <div className={styles.page}>
      <section id="top" className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>
            <SparklesIcon width={16} height={16} />
            {hero.eyebrow}
          </p>
          <h1 id="hero-title" className={styles.title}>
            Edit any photo with <span className={styles.highlight}>one sentence</span>
          </h1>
          <p className={styles.pitch}>
            {hero.pitch} Verify your e-mail and your first 2 edits are free.
          </p>
          <div className={styles.actions}>
            <Button
              variant="primary"
              size="lg"
              aria-haspopup={startPopup}
              aria-busy={pending === 'get-started' || undefined}
              onClick={getStarted}
            >
              Get Started For FREE
            </Button>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => scrollToSection('demo', 'demo-title')}
            >
              <VideoIcon width={20} height={20} />
              Watch Demo
            </Button>
          </div>
          <p className={styles.reassurance}>2 free watermarked edits after e-mail verification. No credit card needed.</p>
        </div>

        <div className={styles.showcase}>
          <p className={styles.promptBubble}>
            <VisuallyHidden>Example prompt: </VisuallyHidden>
            <PencilIcon width={16} height={16} />
            &ldquo;{EXAMPLE_EDIT.prompt}&rdquo;
          </p>
          <div className={styles.pair}>
            <figure className={styles.shot}>
              <img
                src={EXAMPLE_EDIT.before.src}
                alt={EXAMPLE_EDIT.before.alt}
                width={EXAMPLE_EDIT.width}
                height={EXAMPLE_EDIT.height}
                decoding="async"
                fetchPriority="high"
              />
              <figcaption className={styles.shotLabel}>Before</figcaption>
            </figure>
            <figure className={styles.shot}>
              <img
                src={EXAMPLE_EDIT.after.src}
                alt={EXAMPLE_EDIT.after.alt}
                width={EXAMPLE_EDIT.width}
                height={EXAMPLE_EDIT.height}
                decoding="async"
              />
              <figcaption className={`${styles.shotLabel} ${styles.shotLabelMagic}`}>After</figcaption>
            </figure>
          </div>
        </div>
      </section>

      <LandingSection id="how-it-works" titleId="how-title" title="How It Works" lead="Three steps, no editing skills needed.">
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.card}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.cardTitle}>
                <VisuallyHidden>{`Step ${index + 1}: `}</VisuallyHidden>
                {step.title}
              </h3>
              <p className={styles.muted}>{step.text}</p>
            </li>
          ))}
        </ol>
      </LandingSection>

      <LandingSection
        id="examples"
        titleId="examples-title"
        title="Try Prompts Like These"
        lead="Name what should change and how. Short, specific sentences work best. Pick one to try it in the editor."
        band
      >
        <ul className={styles.prompts}>
          {orderedExamples(needsAiModel).map((example) => (
            <li key={example.prompt}>
              {/* Opens the editor with this prompt written in; a visitor signs up first. */}
              <button
                type="button"
                className={styles.promptCard}
                aria-haspopup={startPopup}
                aria-busy={pendingPrompt === example.prompt || undefined}
                onClick={() => tryPrompt(example.prompt)}
              >
                <span className={styles.promptKind}>
                  {example.kind}
                  {example.needsAiModel ? <NeedsAiModelMark /> : null}
                </span>{' '}
                <q className={styles.promptText}>{example.prompt}</q>
                <span className={styles.promptAction} aria-hidden="true">
                  Try this prompt
                  <ChevronRightIcon width={16} height={16} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection
        id="community"
        titleId="community-title"
        title="Live From the Community"
        lead="The newest shared edit appears here as soon as it is made. Laughing at it needs no account."
      >
        {liveCommunityCard ? (
          <div className={styles.liveSlot}>{liveCommunityCard}</div>
        ) : (
          <p className={styles.sectionFoot}>
            <Link to="/leaderboard">See the most laughed-at edits in the Hall of Fame</Link>
          </p>
        )}
      </LandingSection>

      <LandingSection id="features" titleId="features-title" title="Everything You Need for Funny Edits" band>
        <ul className={styles.features}>
          {FEATURES.map((feature) => {
            const Icon = FEATURE_ICONS[feature.icon];
            return (
              <li key={feature.title} className={styles.card}>
                <span className={styles.featureIcon} aria-hidden="true">
                  <Icon width={22} height={22} />
                </span>
                <h3 className={styles.cardTitle}>{feature.title}</h3>
                <p className={styles.muted}>{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </LandingSection>

      <LandingSection
        id="demo"
        titleId="demo-title"
        title="See It in Action"
        lead="Watch a photo go from upload to finished edit."
        titleProps={{ className: styles.focusTarget, tabIndex: -1 }}
      >
        <div className={styles.demo}>
          <DemoVideo />
        </div>
      </LandingSection>

      <LandingSection id="testimonials" titleId="testimonials-title" title="What People Make With It" band>
        <ul className={styles.testimonials}>
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className={`${styles.card} ${styles.testimonial}`}>
                <blockquote className={styles.quote}>
                  <p>&ldquo;{testimonial.quote}&rdquo;</p>
                </blockquote>
                <figcaption className={styles.person}>
                  <span className={styles.avatar} aria-hidden="true">
                    {testimonial.name.charAt(0)}
                  </span>
                  <span>
                    <span className={styles.personName}>{testimonial.name}</span>
                    <span className={styles.muted}>{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </LandingSection>

      {/* 000 §1-§2: video editing is coming soon; visitors can join the waitlist. */}
      <section id="video" className={styles.section} aria-labelledby="video-title">
        <div className={styles.video}>
          <span className={styles.videoIcon} aria-hidden="true">
            <VideoIcon width={28} height={28} />
          </span>
          <div className={styles.videoText}>
            <h2 id="video-title" className={styles.videoTitle}>
              Video Magic Is Coming Soon
            </h2>
            <p className={styles.muted}>
              {signedIn
                ? 'Edit short videos with one sentence, just like photos. It will appear in your Magic Editor when it launches.'
                : 'Edit short videos with one sentence, just like photos. Join the waitlist to hear first when it opens.'}
            </p>
          </div>
          {signedIn ? (
            <ButtonLink to="/dashboard" variant="secondary">
              Edit Photos Now
            </ButtonLink>
          ) : (
            <Button
              variant="secondary"
              aria-haspopup="dialog"
              aria-busy={pending === 'join-video-waitlist' || undefined}
              onClick={joinVideoWaitlist}
            >
              Join Video Waitlist
            </Button>
          )}
        </div>
      </section>

      <LandingSection id="faq" titleId="faq-title" title="Frequently Asked Questions" band className={styles.narrow}>
        <FaqList items={FAQ} />
      </LandingSection>

      <section id="get-started" className={styles.section} aria-labelledby="final-title">
        <div className={styles.finalCta}>
          <h2 id="final-title" className={styles.sectionTitle}>
            Ready to Make Your First Edit?
          </h2>
          <p className={styles.sectionLead}>
            Upload a photo, write one sentence and see the result in seconds. Your first 2 edits are free.
          </p>
          <Button
            variant="primary"
            size="lg"
            aria-haspopup={startPopup}
            aria-busy={pending === 'get-started' || undefined}
            onClick={getStarted}
          >
            {signedIn ? 'Open Magic Editor' : 'Start Editing For FREE'}
          </Button>
          {authLoading ? null : signedIn ? null : (
            <p className={styles.muted}>
              Already a member? <Link to="/auth">Log in</Link>
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
