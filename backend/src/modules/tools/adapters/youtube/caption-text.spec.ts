import { cleanCaption, decodeEntities } from './caption-text';

describe('cleanCaption (what youtube-transcript-plus leaves of a timedtext line)', () => {
  it.each([
    // The library decodes the XML layer; YouTube's HTML layer is left: &#39; &amp; &quot;
    ['I&#39;m here', "I'm here"],
    ['R&amp;D &amp; more', 'R&D & more'],
    ['He said &quot;hi&quot;', 'He said "hi"'],
    ['caf&#233; cr&#xE8;me', 'café crème'],
    ['5 &lt; 6 &gt; 4', '5 < 6 > 4'],
    ['non&nbsp;breaking', 'non breaking'],
    ['&unknown; stays', '&unknown; stays'],
    ['emoji &#128512;', 'emoji 😀'],
    ['bad &#0; code', 'bad code'],
    ['<font color="#E5E5E5">styled</font> text', 'styled text'],
    ['line one\nline two', 'line one line two'],
    ['  lots   of\tspace  ', 'lots of space'],
    ['[Music]', ''],
    ['[Applause] thank you', 'thank you'],
    ['[Música] hola', 'hola'],
    ['(upbeat music) and so', 'and so'],
    ['(laughs) right', 'right'],
    ['the answer (in short) is yes', 'the answer (in short) is yes'],
    ['♪ la la la ♪', ''],
    ['♪', ''],
    ['>> Speaker two here', 'Speaker two here'],
    ['- Hi there', 'Hi there'],
    ['well-known fact', 'well-known fact'],
  ])('%j → %j', (raw, expected) => {
    expect(cleanCaption(raw)).toBe(expected);
  });

  it('decodes one layer only, so a caption that shows an entity keeps it', () => {
    expect(decodeEntities('&amp;amp;')).toBe('&amp;');
  });
});
