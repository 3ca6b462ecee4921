import { PROMPT_SUGGESTIONS } from '../../../domain/shared-with-client/prompt-suggestions';
import { CSS_COLOURS } from './css-colours';
import {
  canDoLocally,
  coloursIn,
  INTENT_ORDER,
  LOCAL_ENGINE_CAPABILITIES,
  NAMED_COLOURS,
  NO_SUBJECT_MESSAGE,
  parseEditIntents,
  readPrompt,
  supportedEdits,
  UNKNOWN_BACKGROUND_MESSAGE,
  UNSUPPORTED_EDIT_MESSAGE,
  type EditIntent,
  type EditIntentKind,
} from './edit-intents';

const kinds = (prompt: string, style?: string): EditIntentKind[] => parseEditIntents(prompt, style).map((i) => i.kind);

describe('D10 local engine: prompt → intents', () => {
  it.each<[string, EditIntentKind[]]>([
    ['make it black and white', ['grayscale']],
    ['Black & White please', ['grayscale']],
    ['convert to greyscale', ['grayscale']],
    ['MONOCHROME', ['grayscale']],
    ['turn it into a vintage sepia photo', ['sepia']],
    ['make it look like an old photo', ['sepia']],
    ['make it brighter', ['brighten']],
    ['lighten it up a bit', ['brighten']],
    ['make it darker', ['darken']],
    ['make the lighting more dramatic', ['dramatic']],
    ['make the colors warmer', ['warm']],
    ['make it cooler', ['cool']],
    ['colder tones', ['cool']],
    ['give it a sunset glow', ['sunset']],
    ['golden hour light', ['sunset']],
    ['add snow falling', ['snow']],
    ['add rain falling', ['rain']],
    ['make it rainy', ['rain']],
    ['give it a cartoon comic look', ['cartoon']],
    ['cartoonish', ['cartoon']],
    ['blur it', ['blur']],
    ['soft focus', ['blur']],
    ['make it dreamy', ['blur']],
    ['pixelate the photo', ['pixelate']],
    ['make it 8-bit', ['pixelate']],
    ['mirror it', ['mirror']],
    ['flip it horizontally', ['mirror']],
    ['flip it', ['mirror']],
    ['flip it vertically', ['flip-vertical']],
    ['turn it upside down', ['flip-vertical']],
    ['make it more colorful', ['saturate']],
    ['vibrant colours', ['saturate']],
    ['make it brighter and more colorful', ['brighten', 'saturate']],
  ])('%s', (prompt, expected) => {
    expect(kinds(prompt)).toEqual(expected);
  });

  it('reads several intents from one prompt and returns them in the application order', () => {
    const got = kinds('add the caption "Snow day", add snow falling, make it black and white and mirror it');
    expect(got).toEqual(['mirror', 'grayscale', 'snow', 'caption']);
    expect(got).toEqual([...got].sort((a, b) => INTENT_ORDER.indexOf(a) - INTENT_ORDER.indexOf(b)));
  });

  it('reads the rotation angle and direction', () => {
    expect(parseEditIntents('rotate it')).toEqual([{ kind: 'rotate', degrees: 90 }]);
    expect(parseEditIntents('rotate it 180 degrees')).toEqual([{ kind: 'rotate', degrees: 180 }]);
    expect(parseEditIntents('rotate left')).toEqual([{ kind: 'rotate', degrees: 270 }]);
    expect(parseEditIntents('rotate 90 degrees counterclockwise')).toEqual([{ kind: 'rotate', degrees: 270 }]);
    expect(parseEditIntents('rotate it upside down')).toEqual([{ kind: 'rotate', degrees: 180 }]);
  });

  it('takes a quoted caption verbatim (double, curly or single quotes) and does not read its words as instructions', () => {
    expect(parseEditIntents('add the caption "Best day ever"')).toEqual([{ kind: 'caption', text: 'Best day ever' }]);
    expect(parseEditIntents('add the caption “make it black and white”')).toEqual([{ kind: 'caption', text: 'make it black and white' }]);
    expect(parseEditIntents("with the text 'Hello <world>'")).toEqual([{ kind: 'caption', text: 'Hello <world>' }]);
    // an apostrophe is not a quote
    expect(kinds("it's a cat, make it warmer")).toEqual(['warm']);
  });

  it('reads a solid or a gradient background colour, and keeps those colour words out of the other intents', () => {
    expect(parseEditIntents('a pink background')).toEqual([{ kind: 'background', from: NAMED_COLOURS.pink, to: null }]);
    expect(parseEditIntents('add a gradient background from blue to purple')).toEqual([
      { kind: 'background', from: NAMED_COLOURS.blue, to: NAMED_COLOURS.purple },
    ]);
    expect(parseEditIntents('put a #ff8800 background behind it')).toEqual([{ kind: 'background', from: [255, 136, 0], to: null }]);
    const oneColourGradient = parseEditIntents('a blue gradient background')[0];
    expect(oneColourGradient).toMatchObject({ kind: 'background', from: NAMED_COLOURS.blue });
    expect(oneColourGradient.kind === 'background' && oneColourGradient.to).toBeTruthy();
    expect(kinds('add a black and white background and make it warmer')).toEqual(['warm', 'background']);
    // a background scene is not this intent (ADR 0024: it replaces what is behind the person)
    expect(kinds('change the background to a beach')).toEqual(['replace-background']);
  });

  it('the cartoon style adds the cartoon intent', () => {
    expect(kinds('make it warmer', 'cartoon')).toEqual(['cartoon', 'warm']);
    expect(kinds('make it warmer', 'realistic')).toEqual(['warm']);
  });

  it('finds nothing in prompts it cannot do, including the two chips it refuses', () => {
    expect(kinds('remove the person on the left')).toEqual([]);
    expect(kinds('put the girl in a black dress')).toEqual([]);
    expect(kinds('make me look like a superhero')).toEqual([]);
  });

  it('the refusal message is short (issue 15): it says the edit needs the AI model; the list is in details', () => {
    expect(UNSUPPORTED_EDIT_MESSAGE).toMatch(/^The local editing engine can't do that edit: it needs the AI model\./);
    expect(UNSUPPORTED_EDIT_MESSAGE.length).toBeLessThan(160);
    const supported = supportedEdits();
    expect(supported).toEqual(LOCAL_ENGINE_CAPABILITIES.map((c) => c.name));
    for (const word of ['rain', 'snow falling', 'cartoon / comic look', 'a caption in quotes', 'a colour frame around the photo', 'rotate', 'blur the background behind a person']) {
      expect(supported).toContain(word);
    }
  });

  it.each(LOCAL_ENGINE_CAPABILITIES.map((c) => [c.name, c.example]))('the example of "%s" is a prompt the engine does entirely: %s', (_name, example) => {
    expect(kinds(example).length).toBeGreaterThan(0);
    expect(canDoLocally(example)).toBe(true);
  });

  it('the list names every intent: each kind is reached by some example', () => {
    const reached = new Set(LOCAL_ENGINE_CAPABILITIES.flatMap((c) => kinds(c.example)));
    for (const kind of INTENT_ORDER) {
      // flip-vertical shares "mirror / flip" with mirror
      if (kind !== 'flip-vertical') expect([kind, reached.has(kind)]).toEqual([kind, true]);
    }
  });

  it('a new scene behind the subject is done locally; a background it cannot draw or only mentions is not (issue 15: the chip is marked)', () => {
    expect(canDoLocally('change the background to a beach at sunset')).toBe(true);
    expect(canDoLocally('replace the backdrop with a city at night')).toBe(true);
    expect(readPrompt('change the background to the moon').unmet).toEqual(['a background it cannot draw']);
    expect(canDoLocally('change the background to the moon')).toBe(false);
    // The cartoon style does not make a background it cannot draw possible.
    expect(canDoLocally('change the background to the moon', 'cartoon')).toBe(false);
    // A background it only hears about, with no edit of it: the snowfall is done, the wish is not.
    expect(kinds('add falling leaves in the background and add snow falling')).toEqual(['snow']);
    expect(readPrompt('add falling leaves in the background and add snow falling').unmet).toEqual(['a new background scene']);
    // A background colour frame is something it does.
    expect(readPrompt('add a pink background').unmet).toEqual([]);
    expect(canDoLocally('add a pink background')).toBe(true);
    // The word inside a caption is the caption's, not a request.
    expect(canDoLocally('add the caption "Background check"')).toBe(true);
    // Nothing understood: not done; the cartoon style is done whatever the words.
    expect(canDoLocally('remove the person on the left')).toBe(false);
    expect(canDoLocally('remove the person on the left', 'cartoon')).toBe(true);
  });

  it('does ten of the twelve chips entirely; the other two need the AI model', () => {
    expect(PROMPT_SUGGESTIONS.filter((chip) => !canDoLocally(chip))).toEqual(['put the girl in a black dress', 'remove the person on the left']);
  });

  it('understands every editor chip except the two that need a generative model', () => {
    const refused = PROMPT_SUGGESTIONS.filter((chip) => kinds(chip).length === 0);
    expect(refused).toEqual(['put the girl in a black dress', 'remove the person on the left']);
  });

  describe('ADR 0024: the background behind the person', () => {
    const sunset = { kind: 'replace-background', scene: { kind: 'beach', time: 'sunset' } } as const;
    it.each<[string, EditIntent[]]>([
      ['change the background to a beach at sunset', [sunset]],
      ['Replace the background with a beach at sunset!', [sunset]],
      ['put me on a beach at sunset', [sunset]],
      ['put him on the beach at dusk', [sunset]],
      ['a day at the beach', [{ kind: 'replace-background', scene: { kind: 'beach', time: 'day' } }]],
      ['change the background to a tropical beach', [{ kind: 'replace-background', scene: { kind: 'beach', time: 'day' } }]],
      ['give me a new beach background', [{ kind: 'replace-background', scene: { kind: 'beach', time: 'day' } }]],
      ['change the background to snow', [{ kind: 'replace-background', scene: { kind: 'snow' } }]],
      ['change the background to a snowy landscape', [{ kind: 'replace-background', scene: { kind: 'snow' } }]],
      ['put her in a winter wonderland', [{ kind: 'replace-background', scene: { kind: 'snow' } }]],
      ['replace the background with a city at night', [{ kind: 'replace-background', scene: { kind: 'city-night' } }]],
      ['swap out the backdrop for the New York skyline', [{ kind: 'replace-background', scene: { kind: 'city-night' } }]],
      ['take us to the city', [{ kind: 'replace-background', scene: { kind: 'city-night' } }]],
      ['change the background to pink', [{ kind: 'replace-background', scene: { kind: 'colour', colour: NAMED_COLOURS.pink } }]],
      ['make the background light blue', [{ kind: 'replace-background', scene: { kind: 'colour', colour: CSS_COLOURS.lightblue } }]],
      ['change the background to #ff8800', [{ kind: 'replace-background', scene: { kind: 'colour', colour: [255, 136, 0] } }]],
      ['put me on a coral background', [{ kind: 'replace-background', scene: { kind: 'colour', colour: CSS_COLOURS.coral } }]],
      ['replace the background with a blue to pink gradient', [{ kind: 'replace-background', scene: { kind: 'gradient', from: NAMED_COLOURS.blue, to: NAMED_COLOURS.pink } }]],
      ['blur the background', [{ kind: 'blur-background' }]],
      ['make the background blurry', [{ kind: 'blur-background' }]],
      ['a blurred background please', [{ kind: 'blur-background' }]],
      ['bokeh', [{ kind: 'blur-background' }]],
      ['portrait mode', [{ kind: 'blur-background' }]],
      ['remove the background', [{ kind: 'remove-background' }]],
      ['make the background transparent', [{ kind: 'remove-background' }]],
      ['cut me out, no background', [{ kind: 'remove-background' }]],
      ['get rid of the backdrop', [{ kind: 'remove-background' }]],
    ])('%s', (prompt, expected) => {
      expect(parseEditIntents(prompt)).toEqual(expected);
      expect(canDoLocally(prompt)).toBe(true);
    });

    it("reads the scene's words as the scene only: no sunset glow, no darker photo, no snowfall, no whole-picture blur", () => {
      expect(kinds('change the background to a beach at sunset')).toEqual(['replace-background']);
      expect(kinds('replace the background with a city at night')).toEqual(['replace-background']);
      expect(kinds('change the background to snow')).toEqual(['replace-background']);
      expect(kinds('blur the background')).toEqual(['blur-background']);
      // while the other clauses are read as before
      expect(kinds('change the background to a city at night and make it black and white')).toEqual(['replace-background', 'grayscale']);
      expect(kinds('remove the background, then add the caption "Me"')).toEqual(['remove-background', 'caption']);
      expect(kinds('put me on a beach at sunset and blur the background')).toEqual(['replace-background', 'blur-background']);
      expect(kinds('blur it')).toEqual(['blur']);
    });

    it('a new background and a transparent one cannot both be had: the new one wins', () => {
      expect(kinds('remove the background and change the background to pink')).toEqual(['replace-background']);
    });

    it('comes first in the order (the model sees the photo as it was taken)', () => {
      expect(INTENT_ORDER.slice(0, 3)).toEqual(['replace-background', 'blur-background', 'remove-background']);
      expect(kinds('mirror it and put me on a beach')).toEqual(['replace-background', 'mirror']);
    });

    it.each([
      'change the background to the moon',
      'replace the background with Paris',
      'change the background',
      'make the background darker',
      'make the background black and white',
      'change the background to a city during the day',
      'put me on a beach at night',
    ])('"%s" is a background it cannot draw: refused whatever else the prompt says', (prompt) => {
      expect(readPrompt(prompt)).toMatchObject({ intents: [], unknownBackground: true });
      expect(readPrompt(`${prompt} and make it black and white`)).toMatchObject({ unknownBackground: true });
      expect(canDoLocally(prompt)).toBe(false);
    });

    it('leaves what is not about the background alone', () => {
      // putting someone in clothes is not a scene
      expect(readPrompt('put the girl in a black dress')).toEqual({ intents: [], unknownBackground: false, unmet: [] });
      expect(readPrompt('remove the person on the left')).toEqual({ intents: [], unknownBackground: false, unmet: [] });
      // the older colour frame: "add" a background colour
      expect(kinds('add a pink background')).toEqual(['background']);
      expect(kinds('put a #ff8800 background behind it')).toEqual(['background']);
    });

    it('its refusals are short and say what works', () => {
      expect(UNKNOWN_BACKGROUND_MESSAGE).toMatch(/^The local editing engine can't draw that background\. It can do a beach \(at sunset\), snow, a city at night, a colour or a gradient/);
      expect(UNKNOWN_BACKGROUND_MESSAGE.length).toBeLessThan(180);
      expect(NO_SUBJECT_MESSAGE).toMatch(/found no person in this photo/);
      expect(NO_SUBJECT_MESSAGE.length).toBeLessThan(160);
    });
  });

  describe('colour names', () => {
    it('reads our named colours, the CSS names (one word or several), and hex', () => {
      expect(coloursIn('pink')).toEqual([NAMED_COLOURS.pink]);
      expect(coloursIn('dark slate grey')).toEqual([CSS_COLOURS.darkslategrey]);
      expect(coloursIn('light blue and hot pink')).toEqual([CSS_COLOURS.lightblue, CSS_COLOURS.hotpink]);
      expect(coloursIn('lime green')).toEqual([CSS_COLOURS.limegreen]);
      expect(coloursIn('a blue violet gradient')).toEqual([NAMED_COLOURS.blue, NAMED_COLOURS.violet]);
      expect(coloursIn('#abc and #a0b0c0')).toEqual([
        [170, 187, 204],
        [160, 176, 192],
      ]);
      expect(coloursIn('the moon')).toEqual([]);
    });

    it('has all 148 CSS colour keywords but snow (a scene), with their sRGB values', () => {
      expect(Object.keys(CSS_COLOURS)).toHaveLength(147);
      expect(CSS_COLOURS).not.toHaveProperty('snow');
      expect(CSS_COLOURS.rebeccapurple).toEqual([102, 51, 153]);
      expect(CSS_COLOURS.tomato).toEqual([255, 99, 71]);
    });
  });
});
