import { type PlayerJson, playabilityProblem, withOwnTrackFirst } from './player-response';

const track = (languageCode: string, kind?: string) => ({ languageCode, kind, baseUrl: `https://www.youtube.com/api/timedtext?lang=${languageCode}` });
const langs = (p: PlayerJson) => p.captions!.playerCaptionsTracklistRenderer!.captionTracks!.map((t) => `${t.languageCode}${t.kind ? `:${t.kind}` : ''}`);

describe('playabilityProblem', () => {
  it.each([
    [{ playabilityStatus: { status: 'OK' } }, null],
    [{}, null],
    [{ playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'This video is private' } }, 'unavailable'],
    [{ playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm you’re not a bot' } }, 'refused'],
    [{ playabilityStatus: { status: 'ERROR', reason: 'This video is unavailable' } }, 'unavailable'],
    [{ playabilityStatus: { status: 'UNPLAYABLE', reason: 'Video unavailable' } }, 'unavailable'],
    [{ playabilityStatus: { status: 'AGE_CHECK_REQUIRED' } }, 'unavailable'],
  ])('%j → %s', (player, expected) => {
    expect(playabilityProblem(player as PlayerJson)).toBe(expected);
  });
});

describe('withOwnTrackFirst', () => {
  const player = (tracks: ReturnType<typeof track>[], extra: object = {}): PlayerJson => ({
    captions: { playerCaptionsTracklistRenderer: { captionTracks: tracks, ...extra } },
  });

  it('puts the written track in the spoken language (the automatic captions’ language) first', () => {
    expect(langs(withOwnTrackFirst(player([track('en'), track('de', 'asr'), track('de')])))).toEqual(['de', 'en', 'de:asr']);
  });

  it('matches a regional written track to the spoken language', () => {
    expect(langs(withOwnTrackFirst(player([track('en'), track('pt-BR'), track('pt', 'asr')])))).toEqual(['pt-BR', 'en', 'pt:asr']);
  });

  it('takes the automatic captions when nobody wrote captions in the spoken language', () => {
    expect(langs(withOwnTrackFirst(player([track('en'), track('fr'), track('es', 'asr')])))).toEqual(['es:asr', 'en', 'fr']);
  });

  it("follows YouTube's default track when there are no automatic captions", () => {
    const p = player([track('en'), track('ja')], { audioTracks: [{ captionTrackIndices: [0, 1], defaultCaptionTrackIndex: 1 }], defaultAudioTrackIndex: 0 });
    expect(langs(withOwnTrackFirst(p))).toEqual(['ja', 'en']);
  });

  it('keeps YouTube’s order otherwise', () => {
    expect(langs(withOwnTrackFirst(player([track('en'), track('fr')])))).toEqual(['en', 'fr']);
    expect(langs(withOwnTrackFirst(player([track('en')])))).toEqual(['en']);
  });
});
