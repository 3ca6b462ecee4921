import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { initialPromptFrom } from '../../../shared/lib/editor-prompt';
import { Card } from '../../../shared/ui/card';
import { notifyError } from '../../../shared/ui/notify';
import { useShareEdit } from '../../../shared/ui/share-edit';
import { useGeneration } from '../hooks/use-generation';
import { usePromptFilter } from '../hooks/use-prompt-filter';
import { useSaveResult } from '../hooks/use-save-result';
import { editorReducer, initialEditorState, missingInformation } from '../lib/workflow';
import { ChooseEditorStep } from './choose-editor-step';
import { ConfirmDialog } from './confirm-dialog';
import { CreditsBox } from './credits-box';
import { GenerationProgress } from './generation-progress';
import { HowItWorks } from './how-it-works';
import styles from './magic-editor.module.css';
import { PromptStep } from './prompt-step';
import { ResultsStep } from './results-step';
import { StepBar } from './step-bar';
import { UploadStep } from './upload-step';
import { VerifyEmailDialog } from './verify-email-dialog';

export interface MagicEditorProps {
  /**
   * The identity feature's Resend Email button, offered to a user whose e-mail is not verified
   * when Generate is refused (issue 24); `onSent` closes the offer. Composed in app/routes.
   */
  resendEmailButton?: (onSent: () => void) => ReactNode;
}

/**
 * The signed-in editor (000 §2, §4, §5, §8): the step bar and the four steps in one card, the
 * Available Credits box and How It Works beside it (above and below it on phones). Rendered for
 * a signed-in user only (the dashboard page decides).
 */
export function MagicEditor({ resendEmailButton }: MagicEditorProps = {}) {
  const navigate = useNavigate();
  // A prompt carried in from another page (/dashboard?prompt=…: the landing page's examples).
  const { search } = useLocation();
  const [state, dispatch] = useReducer(editorReducer, search, (query) => ({ ...initialEditorState, prompt: initialPromptFrom(query) }));
  // D14: images are shared to the community feed unless the user says otherwise.
  const [share, setShare] = useState(true);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const filter = usePromptFilter(state.prompt);
  const { generate, isGenerating, outOfCreditsOpen, closeOutOfCredits, verifyEmailOpen, closeVerifyEmail, refusedPrompt } = useGeneration();
  const onSavedChange = useCallback((isSaved: boolean) => dispatch({ type: 'savedChanged', isSaved }), []);
  const saving = useSaveResult(onSavedChange);
  // Issue 15: Share links to the result's /share/{id} page (asking first when it is private).
  const sharing = useShareEdit(state.result?.id ?? null);

  // When the screen changes, its heading takes focus (not on the first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const screen = isGenerating ? 'progress' : `step-${state.step}`;
  const shownScreen = useRef(screen);
  useEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    headingRef.current?.focus();
  }, [screen]);

  async function runGeneration() {
    const missing = missingInformation(state);
    if (missing || !state.image) {
      notifyError('Missing information', { description: missing ?? 'Please upload an image first.' });
      return;
    }
    const result = await generate({ image: state.image, prompt: state.prompt, style: state.style, share });
    dispatch(result ? { type: 'generationSucceeded', result } : { type: 'generationFailed' });
  }

  async function shareResult() {
    const id = state.result?.id;
    if (!id) {
      notifyError('Could not share the link', { description: 'This edit has no page to share. Download it instead.' });
      return;
    }
    await sharing.share({ id, prompt: state.prompt });
  }

  let content;
  if (isGenerating) {
    content = <GenerationProgress headingRef={headingRef} />;
  } else if (state.step === 1) {
    content = (
      <UploadStep
        image={state.image}
        onSelect={(image) => dispatch({ type: 'imageSelected', image })}
        onRemove={() => dispatch({ type: 'imageRemoved' })}
        onContinue={() => dispatch({ type: 'next' })}
        headingRef={headingRef}
      />
    );
  } else if (state.step === 2) {
    content = (
      <ChooseEditorStep
        onChoose={() => dispatch({ type: 'editorChosen' })}
        onBack={() => dispatch({ type: 'back' })}
        headingRef={headingRef}
      />
    );
  } else if (state.step === 3) {
    content = (
      <PromptStep
        image={state.image}
        prompt={state.prompt}
        filter={filter}
        share={share}
        onPromptChange={(prompt) => dispatch({ type: 'promptChanged', prompt })}
        onShareChange={setShare}
        onRemoveImage={() => dispatch({ type: 'imageRemoved' })}
        onBack={() => dispatch({ type: 'back' })}
        onGenerate={() => void runGeneration()}
        refusedPrompt={refusedPrompt}
        headingRef={headingRef}
      />
    );
  } else {
    content = (
      <ResultsStep
        result={state.result}
        prompt={state.prompt}
        isSaved={state.isSaved}
        saveBusy={saving.isBusy}
        onSave={() => void saving.save(state.result?.id ?? null)}
        onUnsave={() => void saving.remove(state.result?.id ?? null)}
        onShare={() => void shareResult()}
        shareBusy={sharing.busy}
        onRegenerate={() => setConfirmRegenerate(true)}
        onReset={() => dispatch({ type: 'reset' })}
        headingRef={headingRef}
      />
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.credits}>
        <CreditsBox />
      </div>
      <Card className={styles.workflow}>
        <StepBar step={state.step} />
        {content}
      </Card>
      <div className={styles.help}>
        <HowItWorks />
      </div>

      <ConfirmDialog
        open={confirmRegenerate}
        title="Regenerate this image?"
        description="A new version is made from the same photo and prompt. It uses 1 credit."
        confirmLabel="Regenerate"
        cancelLabel="Cancel"
        onCancel={() => setConfirmRegenerate(false)}
        onConfirm={() => {
          setConfirmRegenerate(false);
          void runGeneration();
        }}
      />
      <ConfirmDialog
        open={outOfCreditsOpen}
        title="You're out of credits!"
        description="Would you like to buy more credits to continue creating images?"
        confirmLabel="Buy Credits"
        cancelLabel="Not now"
        onCancel={closeOutOfCredits}
        onConfirm={() => {
          closeOutOfCredits();
          void navigate('/pricing');
        }}
      />
      <VerifyEmailDialog open={verifyEmailOpen} onClose={closeVerifyEmail} resendEmailButton={resendEmailButton} />
      {sharing.dialog}
    </div>
  );
}
