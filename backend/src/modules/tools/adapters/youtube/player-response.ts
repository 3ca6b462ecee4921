/**
 * What the adapter reads in the Innertube player answer (POST /youtubei/v1/player) before
 * youtube-transcript-plus does: whether the video can be played at all, and which caption track
 * is the video's own. The library looks at neither (a private video reads as "no captions", and
 * it takes the first track, which may be a translation).
 */

interface CaptionTrackJson {
  languageCode?: string;
  kind?: string;
  baseUrl?: string;
}

interface TracklistJson {
  captionTracks?: CaptionTrackJson[];
  audioTracks?: Array<{ defaultCaptionTrackIndex?: number; captionTrackIndices?: number[] }>;
  defaultAudioTrackIndex?: number;
}

export interface PlayerJson {
  playabilityStatus?: { status?: string; reason?: string };
  captions?: { playerCaptionsTracklistRenderer?: TracklistJson };
  playerCaptionsTracklistRenderer?: TracklistJson;
}

/**
 * 'refused' when YouTube is blocking us (the "Sign in to confirm you're not a bot" check),
 * 'unavailable' when the video is private, removed, age- or region-restricted or not playable,
 * null when it plays.
 */
export function playabilityProblem(player: PlayerJson): 'refused' | 'unavailable' | null {
  const status = player.playabilityStatus?.status;
  if (status === undefined || status === 'OK') return null;
  const reason = player.playabilityStatus?.reason ?? '';
  if (status === 'LOGIN_REQUIRED' && /\bbot\b|confirm you/i.test(reason)) return 'refused';
  return 'unavailable';
}

/**
 * The player answer with the video's own caption track first, since the library takes the first
 * one. The automatic captions (kind 'asr') are always in the spoken language, so: a track written
 * by people in that language, else the automatic one; without automatic captions, YouTube's
 * default track (audioTracks[defaultAudioTrackIndex].defaultCaptionTrackIndex); else the order
 * YouTube gave. (The default track alone is not enough: it may follow the viewer's language and
 * point at a translation.)
 */
export function withOwnTrackFirst(player: PlayerJson): PlayerJson {
  const list = player.captions?.playerCaptionsTracklistRenderer ?? player.playerCaptionsTracklistRenderer;
  const tracks = list?.captionTracks;
  if (!list || !Array.isArray(tracks) || tracks.length < 2) return player;
  const own = ownTrackIndex(list, tracks);
  if (own <= 0) return player;
  list.captionTracks = [tracks[own], ...tracks.slice(0, own), ...tracks.slice(own + 1)];
  return player;
}

function ownTrackIndex(list: TracklistJson, tracks: CaptionTrackJson[]): number {
  const automatic = tracks.findIndex((t) => t.kind === 'asr');
  if (automatic >= 0) {
    const spoken = tracks[automatic].languageCode ?? '';
    const base = (code: string | undefined) => (code ?? '').toLowerCase().split('-')[0];
    const exact = tracks.findIndex((t) => t.kind !== 'asr' && t.languageCode === spoken);
    const sameLanguage = tracks.findIndex((t) => t.kind !== 'asr' && base(t.languageCode) === base(spoken));
    return exact >= 0 ? exact : sameLanguage >= 0 ? sameLanguage : automatic;
  }
  const byDefault = list.audioTracks?.[list.defaultAudioTrackIndex ?? 0]?.defaultCaptionTrackIndex;
  return typeof byDefault === 'number' && Number.isInteger(byDefault) && byDefault >= 0 && byDefault < tracks.length ? byDefault : 0;
}
