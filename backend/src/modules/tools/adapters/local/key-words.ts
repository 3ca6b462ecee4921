/**
 * The words a stretch of English text is about, for the local writer's headings and introduction:
 * the most frequent words that are not function words, weighted against the other sections so
 * that every heading says what is particular to its section.
 */

const STOP_WORDS = new Set(
  (
    'a about above actually after again against ago ahead all almost along already also although always am among an and another any anybody anyone ' +
    'anything anyway anyways are around as ask asked at away back basically be became because become been before began begin behind being below ' +
    'best better between big both bring but by call called came can cannot can’t can\'t come comes coming could couldn’t couldn\'t day days did didn’t ' +
    'didn\'t do does doesn’t doesn\'t doing done don’t don\'t down during each either else enough even ever every everybody everyone everything exactly ' +
    'far feel few find first for found from front get gets getting give given gives go goes going gone gonna good got gotta great guess guy guys had ' +
    'hasn’t hasn\'t has have haven’t haven\'t having he he’s he\'s hello her here hers herself hey hi him himself his how however i i’m i\'m i’ve i\'ve ' +
    'i’ll i\'ll i’d i\'d if in inside instead into is isn’t isn\'t it it’s it\'s its itself just keep kind knew know known knows last later least less ' +
    'let let’s let\'s like little long look looked looking looks lot lots made make makes making many maybe me mean means might mine more most much ' +
    'must my myself need needs never new next nice no nobody none nor not nothing now of off often oh okay ok old on once one ones only onto or other ' +
    'others otherwise our ours ourselves out over own part people person pretty probably put quite rather really right said same saw say saying says ' +
    'second see seem seems seen several shall she she’s she\'s should shouldn’t shouldn\'t show side since so some somebody someone something ' +
    'sometimes somewhere soon sort start started still stuff such sure take taken takes talk talked talking tell than thank thanks that that’s ' +
    'that\'s the their theirs them themselves then there there’s there\'s these they they’re they\'re thing things think thinking third this those ' +
    'though thought through time times to today together told too took top toward towards tried try trying turn two under until up upon us use used ' +
    'using very video videos want wanted wants was wasn’t wasn\'t watch way ways we we’re we\'re we’ve we\'ve well went were weren’t weren\'t what ' +
    'what’s what\'s whatever when where whether which while who whole whom whose why will with within without won’t won\'t work works would wouldn’t ' +
    'wouldn\'t yeah year years yes yet you you’re you\'re you’ve you\'ve your yours yourself yourselves um uh gonna wanna kinda sorta literally ' +
    'obviously definitely certainly simply totally three four five six seven eight nine ten hundred thousand million'
  ).split(/\s+/),
);

/** Lower-case content words of `text` (3+ letters, no function words, "'s" taken off). */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? [])
    .map((w) => w.replace(/['’]s$/, '').replace(/-+$/, ''))
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
}

/** For each section's text, its key words, best first (at most `max`, each used at least twice). */
export function sectionKeyWords(sections: string[], max = 3): string[][] {
  const counts = sections.map((text) => {
    const c = new Map<string, number>();
    for (const w of contentWords(text)) c.set(w, (c.get(w) ?? 0) + 1);
    return c;
  });
  const spread = new Map<string, number>();
  for (const c of counts) for (const w of c.keys()) spread.set(w, (spread.get(w) ?? 0) + 1);
  return counts.map((c) =>
    [...c.entries()]
      .filter(([, n]) => n >= 2)
      .map(([w, n], order) => ({ w, order, score: n * Math.log(1 + sections.length / spread.get(w)!) }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, max)
      .map((x) => x.w),
  );
}

/** "coffee", "beans", "roasting" → "Coffee, Beans and Roasting". */
export function headingOf(words: string[]): string {
  const titled = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  if (titled.length <= 1) return titled.join('');
  return `${titled.slice(0, -1).join(', ')} and ${titled[titled.length - 1]}`;
}
