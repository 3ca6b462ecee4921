/**
 * One caption line as YouTube sends it → plain text. YouTube escapes its timedtext twice
 * (`I&amp;#39;m`, `R&amp;amp;D`); youtube-transcript-plus undoes the XML layer only, so the HTML
 * layer (named and numeric entities) is undone here, then styling tags, sound cues ("[Music]",
 * "(applause)", ♪ lyrics ♪) and speaker marks (">>") go, and whitespace becomes single spaces.
 */
export function cleanCaption(raw: string): string {
  let text = decodeEntities(raw);
  text = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  text = text.replace(/<\/?[a-zA-Z][^<>]*>/g, ' '); // <font color="#E5E5E5">, <i>, </b>
  text = text.replace(/\[[^\]]*\]/g, ' '); // [Music], [Applause], [Música], [inaudible]
  text = text.replace(/\(([^)]*)\)/g, (whole, inner: string) => (SOUND_CUE.test(inner.trim()) ? ' ' : whole));
  text = text.replace(/[♪♫][^♪♫]*[♪♫]/g, ' '); // sung lyrics between notes
  text = text.replace(/[♪♫]/g, ' ');
  text = text.replace(/(^|\s)(>>|-)(?=\s|$)/g, ' '); // speaker changes
  return text.replace(/\s+/g, ' ').trim();
}

/** Parenthesised sound descriptions ("(music)", "(upbeat music)", "(audience laughing)"). */
const SOUND_CUE =
  /^((soft|upbeat|gentle|dramatic|intense|light|somber|tense|bright|calm|cheerful|background|electronic|mellow|dark|inspirational|suspenseful|no) )*(music|applause|laughter|laughs|laughing|cheering|cheers|clapping|inaudible|silence|sighs|coughs|indistinct( chatter)?|crowd( \w+)?|audience( \w+)?|music playing|music continues|music ends|bell rings|beeping)$/i;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
};

/** `&amp;` `&#39;` `&#x27;` and the common named entities; anything else is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|[a-zA-Z]{2,8});/g, (whole, _body: string, dec?: string, hex?: string) => {
    if (dec !== undefined || hex !== undefined) {
      const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
      const usable = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return usable ? String.fromCodePoint(code) : ' ';
    }
    return NAMED[whole.slice(1, -1).toLowerCase()] ?? whole;
  });
}
