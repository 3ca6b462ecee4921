import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { EDITOR_IMAGE_PARAM, imageIdFrom } from '../../../shared/lib/editor-prompt';

/**
 * Issue 26 (D38): the editor's address follows the version on screen (`/dashboard?image={id}`,
 * replaced, not pushed: Undo is not a page of the browser's history), so a reload reopens it.
 * An address that names an image the editor did not put there itself (a reload, a link from
 * My Edits) is `wanted`: the editor loads its history, then calls `loaded()`.
 */
export function useEditAddress(shownId: string | null) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const param = imageIdFrom(search);
  // The ids this editor wrote into the address: seeing them there again is no request to load.
  const written = useRef(new Set<string>());
  const [wanted, setWanted] = useState<string | null>(param);

  useEffect(() => {
    if (param && !written.current.has(param)) setWanted(param);
  }, [param]);

  useEffect(() => {
    if (!shownId) return;
    written.current.add(shownId);
    // While another image is asked for (or loading), its address stays.
    if (wanted || (param && !written.current.has(param))) return;
    if (shownId === param) return;
    void navigate({ search: `?${new URLSearchParams({ [EDITOR_IMAGE_PARAM]: shownId }).toString()}` }, { replace: true });
  }, [shownId, wanted, param, navigate]);

  /** The history of `wanted` is in the editor. */
  const loaded = useCallback(() => setWanted(null), []);

  /**
   * A new edit: the address no longer names an image. Always replaced: the address this render
   * read may be older than the router's (a navigation of ours still being rendered).
   */
  const clear = useCallback(() => {
    setWanted(null);
    void navigate({ search: '' }, { replace: true });
  }, [navigate]);

  return { wanted, loaded, clear };
}
