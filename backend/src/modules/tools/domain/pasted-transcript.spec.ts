import { checkTranscriptLines, pastedTranscriptLines, transcriptChars } from './pasted-transcript';
import { checkTranscript, transcriptCounter, TRANSCRIPT_MAX_CHARS } from './shared-with-client/transcript';
import { TranscriptTooLongError, TranscriptTooShortError } from './tools-errors';

describe('a pasted transcript (issue 24)', () => {
  it("reads YouTube's transcript panel: times on their own lines or before the text, sound cues gone", () => {
    const text = ['0:00', '[Music]', '0:04', "  Hi, I'm Dana   and today  ", '1:02:03', '0:15 Research finds new ideas.', '[00:21] Companies grow.', '(2:15) - Last words.'].join('\r\n');
    expect(pastedTranscriptLines(text)).toEqual(["Hi, I'm Dana and today", 'Research finds new ideas.', 'Companies grow.', 'Last words.']);
  });

  it('reads SRT and WebVTT: cue numbers, timings, the header and inline tags go', () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\nWelcome in.\n\n2\n00:00:04,500 --> 00:00:09,000\nWe bake 2 loaves.\n12';
    expect(pastedTranscriptLines(srt)).toEqual(['Welcome in.', 'We bake 2 loaves.']);
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:04.000 align:start\n<v Sam>Welcome <00:00:02.000><c.yellow>in</c>.\n';
    expect(pastedTranscriptLines(vtt)).toEqual(['Welcome in.']);
  });

  it('keeps plain text as it is, numbers included when it is not a cue file', () => {
    expect(pastedTranscriptLines('We need 12\neggs and 3 cups of flour.')).toEqual(['We need 12', 'eggs and 3 cups of flour.']);
  });

  it('counts the characters of the lines as one text, and holds them to the limits', () => {
    expect(transcriptChars(['ab', 'cd'])).toBe(5);
    expect(() => checkTranscriptLines([], 'pasted')).toThrow(TranscriptTooShortError);
    expect(() => checkTranscriptLines(['x'.repeat(39)], 'captions')).toThrow(TranscriptTooShortError);
    expect(() => checkTranscriptLines(['x'.repeat(40)], 'pasted')).not.toThrow();
    expect(() => checkTranscriptLines(['x'.repeat(TRANSCRIPT_MAX_CHARS + 1)], 'captions')).toThrow(TranscriptTooLongError);
    expect(new TranscriptTooShortError('pasted').kind).toBe('invalid');
    expect(new TranscriptTooShortError('captions').kind).toBe('unprocessable');
  });

  it('is checked and counted alike on the page (shared with the client)', () => {
    expect(checkTranscript('   ')).toMatchObject({ ok: false, reason: 'empty', message: 'Please paste a transcript' });
    expect(checkTranscript('too short')).toMatchObject({ ok: false, reason: 'short' });
    expect(checkTranscript('x'.repeat(TRANSCRIPT_MAX_CHARS + 1))).toMatchObject({ ok: false, reason: 'long', message: 'The transcript is too long: paste at most 200,000 characters.' });
    expect(checkTranscript(`  ${'x'.repeat(40)}  `)).toEqual({ ok: true, text: 'x'.repeat(40) });
    expect(transcriptCounter(` ${'x'.repeat(1234)} `)).toBe('1,234 / 200,000 characters');
  });
});
