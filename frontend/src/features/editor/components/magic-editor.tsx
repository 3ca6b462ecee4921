import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getErrorStatus, NETWORK_ERROR_MESSAGE } from '../../../shared/api/base-api';
import { useCredits } from '../../../shared/api/credits.api';
import { failureText } from '../../../shared/api/error-text';
import { useMakeEditPublicMutation } from '../../../shared/api/shared-edit.api';
import { initialPromptFrom } from '../../../shared/lib/editor-prompt';
import { Card } from '../../../shared/ui/card';
import { notifyError } from '../../../shared/ui/notify';
import { useShareEdit } from '../../../shared/ui/share-edit';
import { useGetEngineInfoQuery, useGetImageHistoryQuery, type GenerationSource, type GenerationStyle, type VariantCount } from '../api/editor.api';
import { useEditAddress } from '../hooks/use-edit-address';
import { useGeneration } from '../hooks/use-generation';
import { useNaturalSize } from '../hooks/use-natural-size';
import { useObjectUrl } from '../hooks/use-object-url';
import { usePromptFilter } from '../hooks/use-prompt-filter';
import { useSaveResult } from '../hooks/use-save-result';
import { EMPTY_MASK, isMaskEmpty, MASK_SHARE_MESSAGES, maskShareProblem, maskToPngBlob, type MaskState } from '../lib/mask';
import {
  canRedo,
  canUndo,
  currentVersion,
  editorReducer,
  initialEditorState,
  missingInformation,
  ORIGINAL,
  originalOf,
  type EditorState,
} from '../lib/workflow';
import { ChooseEditorStep } from './choose-editor-step';
import { ConfirmDialog } from './confirm-dialog';
import { CreditsBox } from './credits-box';
import { GenerationProgress } from './generation-progress';
import { HistoryError, HistoryLoading } from './history-status';
import { HowItWorks } from './how-it-works';
import { MaskPainter } from './mask-painter';
import styles from './magic-editor.module.css';
import { PromptStep, type PromptPhoto } from './prompt-step';
import { ResultsStep } from './results-step';
import { StepBar } from './step-bar';
import { UploadStep } from './upload-step';
import { VariantsGrid } from './variants-grid';
import { VersionStrip } from './version-strip';
import { VerifyEmailDialog } from './verify-email-dialog';

export interface MagicEditorProps {
  /**
   * The identity feature's Resend Email button, offered to a user whose e-mail is not verified
   * when Generate is refused (issue 24); `onSent` closes the offer. Composed in app/routes.
   */
  resendEmailButton?: (onSent: () => void) => ReactNode;
}

/** A number per chosen File, so that a mask painted on one upload is not taken for another's. */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 1;
function fileKey(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = nextFileKey++;
    fileKeys.set(file, key);
  }
  return key;
}

/** What the prompt step edits when it generates from `index` (a version, or the Original). */
interface EditSource {
  /** Identifies the photo: a mask belongs to one (D40: cleared when the photo changes). */
  key: string;
  /** The photo at full size: the brush paints over it, at its natural size. */
  src: string | null;
  photo: PromptPhoto;
}

function sourceAt(state: EditorState, index: number, uploadUrl: string | null): EditSource | null {
  const version = state.versions[index];
  if (version) {
    const name = `Version ${index + 1}`;
    const smallest = version.result.generatedRenditions[0]?.url;
    return {
      key: `version:${version.id}`,
      src: version.result.imageUrl,
      photo: { src: smallest ?? version.result.imageUrl, name, alt: `Your photo: ${name}` },
    };
  }
  if (state.image) {
    return {
      key: `file:${fileKey(state.image)}`,
      src: uploadUrl,
      photo: { src: uploadUrl, name: state.image.name, alt: `Your photo: ${state.image.name}` },
    };
  }
  const original = originalOf(state);
  if (!original?.originalUrl) return null;
  return {
    key: `original:${original.originalUrl}`,
    src: original.originalUrl,
    photo: { src: original.originalRenditions[0]?.url ?? original.originalUrl, name: 'Original photo', alt: 'Your photo: Original photo' },
  };
}

/** The Original's bytes when the upload itself is no longer in the page (after a reload). */
async function fetchOriginal(url: string): Promise<File> {
  const response = await fetch(new URL(url, globalThis.location.origin), { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}`);
  const blob = await response.blob();
  const type = blob.type === 'image/png' ? 'image/png' : 'image/jpeg';
  return new File([blob], type === 'image/png' ? 'original.png' : 'original.jpg', { type });
}

interface GenerationPlan {
  /** The index it is made from (ORIGINAL: the uploaded photo). */
  from: number;
  prompt: string;
  style: GenerationStyle;
  variants: VariantCount;
  /** The mask, already made (Regenerate repeats the one the version was made with). */
  mask?: Blob | null;
}

/**
 * The signed-in editor (000 §2, §4, §5, §8): the step bar and the four steps in one card, the
 * Available Credits box and How It Works beside it (above and below it on phones). Rendered for
 * a signed-in user only (the dashboard page decides).
 *
 * Issue 26: results form an edit chain (D38): "Edit this result" goes back to the prompt with the
 * result as the photo, the version strip walks the chain (Undo, Redo, a version), the address
 * follows the version on screen (`/dashboard?image={id}` reopens it after a reload or from My
 * Edits), the result is compared with a slider, Generate may ask for 2 or 4 variants (D39) and
 * send a painted mask (D40).
 */
export function MagicEditor({ resendEmailButton }: MagicEditorProps = {}) {
  const navigate = useNavigate();
  // A prompt carried in from another page (/dashboard?prompt=…: the landing page's examples).
  const { search } = useLocation();
  const [state, dispatch] = useReducer(editorReducer, search, (query) => ({ ...initialEditorState, prompt: initialPromptFrom(query) }));
  // D14: images are shared to the community feed unless the user says otherwise.
  const [share, setShare] = useState(true);
  const [variantCount, setVariantCount] = useState<VariantCount>(1);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const [painterOpen, setPainterOpen] = useState(false);
  // Asked for on the upload step, not first on the prompt step: its answer adds the local engine's
  // line and reorders the chips, which moved the brush button under a finger or a mouse there.
  useGetEngineInfoQuery();
  // D40: the strokes, for the photo they were painted on; the share the painter measured.
  const [mask, setMask] = useState<{ key: string; state: MaskState; share: number | null }>({ key: '', state: EMPTY_MASK, share: null });
  // Fetching the Original again (after a reload) before the request.
  const [preparing, setPreparing] = useState(false);
  const [publishing, setPublishing] = useState<string | null>(null);
  // The mask each version was made with, for Regenerate (the same request again).
  const masksOf = useRef(new Map<string, Blob>());
  const drawingMask = useRef(false);
  const filter = usePromptFilter(state.prompt);
  const { generate, isGenerating, outOfCreditsOpen, closeOutOfCredits, verifyEmailOpen, closeVerifyEmail, refusedPrompt } = useGeneration();
  const { data: credits } = useCredits();
  const [makePublic] = useMakeEditPublicMutation();
  const onSavedChange = useCallback((isSaved: boolean) => dispatch({ type: 'savedChanged', isSaved }), []);
  const saving = useSaveResult(onSavedChange);
  // Issue 15: Share links to the result's /share/{id} page (asking first when it is private).
  const sharing = useShareEdit(state.result?.id ?? null);

  // The address follows the version on screen (the first version while the Original is).
  const version = currentVersion(state);
  const address = useEditAddress(version?.id ?? state.versions[0]?.id ?? null);
  const { wanted, loaded } = address;
  const history = useGetImageHistoryQuery(wanted ?? skipToken, { refetchOnMountOrArgChange: true });
  const historyEmpty = Boolean(history.data && history.data.chain.length === 0);
  useEffect(() => {
    if (!wanted || !history.data || history.isFetching || history.originalArgs !== wanted || history.data.chain.length === 0) return;
    dispatch({ type: 'historyLoaded', id: wanted, history: history.data });
    loaded();
  }, [wanted, loaded, history.data, history.isFetching, history.originalArgs]);

  const uploadUrl = useObjectUrl(state.image);
  const source = sourceAt(state, state.current, uploadUrl);
  const maskState = source && mask.key === source.key ? mask.state : EMPTY_MASK;
  const maskShare = source && mask.key === source.key ? mask.share : null;
  const sourceKey = source?.key ?? '';
  // Stable, for the painter calls them from its effects.
  const onMaskChange = useCallback(
    (next: MaskState) => setMask((previous) => ({ key: sourceKey, state: next, share: previous.key === sourceKey ? previous.share : null })),
    [sourceKey],
  );
  const onMaskShareChange = useCallback(
    (value: number | null) =>
      setMask((previous) => {
        if (previous.key !== sourceKey) return { key: sourceKey, state: EMPTY_MASK, share: value };
        return previous.share === value ? previous : { ...previous, share: value };
      }),
    [sourceKey],
  );
  const naturalSize = useNaturalSize(state.step === 3 && painterOpen && source?.src ? source.src : null);

  const working = isGenerating || preparing;
  // When the screen changes, its heading takes focus (not on the first render).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const screen = working ? 'progress' : address.wanted ? 'history' : `step-${state.step}`;
  const shownScreen = useRef(screen);
  useEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    headingRef.current?.focus();
  }, [screen]);

  /** The photo of a generation from `from`: a version's id, the upload, or the Original fetched again. */
  async function sourceOf(from: number): Promise<GenerationSource | null> {
    const made = state.versions[from];
    if (made) return { sourceImageId: made.id };
    if (state.image) return { image: state.image };
    const url = originalOf(state)?.originalUrl;
    if (!url) return null;
    setPreparing(true);
    try {
      return { image: await fetchOriginal(url) };
    } catch {
      notifyError('Network Error', { description: NETWORK_ERROR_MESSAGE });
      return null;
    } finally {
      setPreparing(false);
    }
  }

  /** D40: the painted area as the PNG the server takes, or undefined when Generate must not go on. */
  async function paintedMask(): Promise<Blob | null | undefined> {
    if (!painterOpen || isMaskEmpty(maskState)) return null;
    const problem = maskShare === null ? null : maskShareProblem(maskShare);
    if (problem) {
      // The painter says the same under the photo.
      notifyError('Check the painted area', { description: MASK_SHARE_MESSAGES[problem] });
      return undefined;
    }
    if (naturalSize.status !== 'loaded') {
      notifyError('Check the painted area', { description: 'The photo is still loading. Try again in a moment.' });
      return undefined;
    }
    try {
      return await maskToPngBlob(naturalSize.width, naturalSize.height, maskState);
    } catch (error) {
      notifyError('Could not use the painted area', {
        description: error instanceof Error ? error.message : 'Clear it and paint again, or generate without it.',
      });
      return undefined;
    }
  }

  async function runGeneration(plan: GenerationPlan) {
    const missing = missingInformation({ image: state.image, prompt: plan.prompt, style: plan.style, versions: state.versions });
    if (missing) {
      notifyError('Missing information', { description: missing });
      return;
    }
    const photo = await sourceOf(plan.from);
    if (!photo) {
      if (!state.versions[plan.from] && !state.image && !originalOf(state)) {
        notifyError('Missing information', { description: 'Please upload an image first.' });
      }
      return;
    }
    const result = await generate({ ...photo, prompt: plan.prompt, style: plan.style, share, variants: plan.variants, mask: plan.mask ?? null });
    if (!result) {
      dispatch({ type: 'generationFailed' });
      return;
    }
    if (plan.mask) {
      for (const id of [result.id, ...(result.variants ?? []).map((variant) => variant.id)]) {
        if (id) masksOf.current.set(id, plan.mask);
      }
    }
    dispatch({ type: 'generationSucceeded', result, from: plan.from, prompt: plan.prompt, style: plan.style });
  }

  async function generateFromPrompt() {
    // A second press while the mask is drawn (before the request shows the progress screen) is the same press.
    if (drawingMask.current) return;
    drawingMask.current = true;
    let painted: Blob | null | undefined;
    try {
      painted = await paintedMask();
    } finally {
      drawingMask.current = false;
    }
    if (painted === undefined) return;
    await runGeneration({ from: state.current, prompt: state.prompt, style: state.style, variants: variantCount, mask: painted });
  }

  function regenerate() {
    // The same photo, prompt and mask as the version on screen, for 1 credit.
    if (version) {
      void runGeneration({
        from: state.current - 1,
        prompt: version.prompt,
        style: version.style,
        variants: 1,
        mask: masksOf.current.get(version.id) ?? null,
      });
    } else {
      void runGeneration({ from: ORIGINAL, prompt: state.prompt, style: state.style, variants: 1 });
    }
  }

  async function shareResult() {
    const id = state.result?.id;
    if (!id) {
      notifyError('Could not share the link', { description: 'This edit has no page to share. Download it instead.' });
      return;
    }
    await sharing.share({ id, prompt: version?.prompt ?? state.prompt });
  }

  /** D39: "Use this one". With "Share to community" on, the picked variant is made public. */
  async function pickVariant(id: string) {
    dispatch({ type: 'variantPicked', id });
    if (!share || state.variantGroup?.published.includes(id)) return;
    setPublishing(id);
    try {
      await makePublic(id).unwrap();
      dispatch({ type: 'variantPublished', id });
    } catch (error) {
      notifyError('Could not make the edit public', { description: failureText(error, 'Please try again.') });
    } finally {
      setPublishing(null);
    }
  }

  function startOver() {
    address.clear();
    dispatch({ type: 'reset' });
  }

  const original = originalOf(state);
  const strip =
    state.versions.length > 0 ? (
      <VersionStrip
        original={original?.originalUrl ? { src: original.originalUrl, renditions: original.originalRenditions } : null}
        versions={state.versions}
        current={state.current}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        onChoose={(index) => dispatch({ type: 'versionChosen', index })}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
      />
    ) : null;
  const group = state.variantGroup;
  const variantsGrid =
    group && version && group.variants.some((variant) => variant.id === version.id) ? (
      <VariantsGrid
        variants={group.variants}
        currentId={version.id}
        prompt={version.prompt}
        share={share}
        busyId={publishing}
        onPick={(id) => void pickVariant(id)}
      />
    ) : null;

  let painter: ReactNode = null;
  if (source?.src) {
    painter =
      naturalSize.status === 'loaded' ? (
        <MaskPainter
          imageSrc={source.src}
          imageAlt={source.photo.alt}
          naturalWidth={naturalSize.width}
          naturalHeight={naturalSize.height}
          state={maskState}
          onChange={onMaskChange}
          onShareChange={onMaskShareChange}
        />
      ) : (
        <p className={styles.painterNote} aria-live="polite">
          {naturalSize.status === 'error' ? 'The photo could not be loaded for painting.' : 'Loading the photo...'}
        </p>
      );
  }

  let content;
  if (working) {
    content = <GenerationProgress headingRef={headingRef} />;
  } else if (address.wanted) {
    content =
      history.isError || historyEmpty ? (
        <HistoryError
          notFound={historyEmpty || getErrorStatus(history.error) === 404}
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
          onStartOver={startOver}
          headingRef={headingRef}
        />
      ) : (
        <HistoryLoading headingRef={headingRef} />
      );
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
        photo={source?.photo ?? null}
        prompt={state.prompt}
        filter={filter}
        share={share}
        onPromptChange={(prompt) => dispatch({ type: 'promptChanged', prompt })}
        onShareChange={setShare}
        onRemoveImage={() => {
          if (state.versions.length > 0) address.clear();
          dispatch({ type: 'imageRemoved' });
        }}
        onBack={() => dispatch({ type: 'back' })}
        onGenerate={() => void generateFromPrompt()}
        refusedPrompt={refusedPrompt}
        variants={variantCount}
        onVariantsChange={setVariantCount}
        balance={credits?.balance ?? null}
        painter={painter}
        painterOpen={painterOpen}
        onPainterOpenChange={setPainterOpen}
        headingRef={headingRef}
      />
    );
  } else {
    content = (
      <ResultsStep
        result={state.result}
        prompt={version?.prompt ?? state.prompt}
        original={original?.originalUrl ? { src: original.originalUrl, renditions: original.originalRenditions } : null}
        hasParent={Boolean(version?.parentId)}
        isSaved={state.isSaved}
        saveBusy={saving.isBusy}
        onSave={() => void saving.save(state.result?.id ?? null)}
        onUnsave={() => void saving.remove(state.result?.id ?? null)}
        onShare={() => void shareResult()}
        shareBusy={sharing.busy}
        onRegenerate={() => setConfirmRegenerate(true)}
        onReset={startOver}
        onEdit={state.versions.length > 0 ? () => dispatch({ type: 'editCurrent' }) : undefined}
        variants={variantsGrid}
        versions={strip}
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
        <StepBar step={address.wanted && !working ? 4 : state.step} />
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
          regenerate();
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
