import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useStoredText } from '../hooks/use-stored-text';
import { useYoutubeArticle, type ArticleSource } from '../hooks/use-youtube-article';
import { OPENAI_KEY_STORAGE_KEY } from '../lib/browser-storage';
import { ArticleInputForm } from './article-input-form';
import { ArticleProgress } from './article-progress';
import { ArticleResult } from './article-result';

/**
 * YouTube to Article for a signed-in user (001 §2, §4): input → processing → result, back to
 * input on failure. When the state changes, its heading takes focus so keyboard and
 * screen-reader users follow.
 */
export function YoutubeArticleTool() {
  const { state, setField, setSource, generate, cancel, editArticle, generateAnother } = useYoutubeArticle();
  const openaiKey = useStoredText(OPENAI_KEY_STORAGE_KEY);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const transcriptRef = useRef<HTMLTextAreaElement>(null);
  // Issue 24: after switching between the link and a pasted transcript, the new field takes focus.
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    (state.source === 'transcript' ? transcriptRef : urlRef).current?.focus();
  }, [state.source]);

  const shownPhase = useRef(state.phase);
  useEffect(() => {
    if (shownPhase.current === state.phase) return;
    shownPhase.current = state.phase;
    headingRef.current?.focus();
  }, [state.phase]);

  function onGenerate() {
    if (!generate(openaiKey.value)) (state.source === 'transcript' ? transcriptRef : urlRef).current?.focus();
  }

  function changeSource(source: ArticleSource) {
    switched.current = true;
    setSource(source);
  }

  function forgetKey() {
    openaiKey.forget();
    toast.success('Key forgotten', { description: 'Your OpenAI key was removed from this browser.' });
  }

  switch (state.phase) {
    case 'input':
      return (
        <ArticleInputForm
          fields={state.fields}
          urlError={state.urlError}
          source={state.source}
          transcriptError={state.transcriptError}
          captionsFailure={state.captionsFailure}
          onSourceChange={changeSource}
          onFieldChange={setField}
          openaiKey={openaiKey.value}
          onOpenaiKeyChange={openaiKey.change}
          onForgetOpenaiKey={forgetKey}
          onGenerate={onGenerate}
          headingRef={headingRef}
          urlRef={urlRef}
          transcriptRef={transcriptRef}
        />
      );
    case 'processing':
      return <ArticleProgress onCancel={cancel} headingRef={headingRef} />;
    case 'result':
      return (
        <ArticleResult
          article={state.article}
          title={state.title}
          writer={state.writer}
          onArticleChange={editArticle}
          onGenerateAnother={generateAnother}
          headingRef={headingRef}
        />
      );
  }
}
