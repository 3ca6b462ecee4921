import { PROMPT_SUGGESTIONS } from '../../../domain/shared-with-client/prompt-suggestions';
import { INTENT_ORDER, NAMED_COLOURS, parseEditIntents, UNSUPPORTED_EDIT_MESSAGE, type EditIntentKind } from './edit-intents';

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
    ['change the background to a beach at sunset', ['sunset']],
    ['add snow falling', ['snow']],
    ['add rain falling', ['rain']],
    ['make it rainy', ['rain']],
    ['give it a cartoon comic look', ['cartoon']],
    ['cartoonish', ['cartoon']],
    ['blur it', ['blur']],
    ['soft focus', ['blur']],
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
    // a background with no colour is not this intent
    expect(kinds('change the background to a beach')).toEqual([]);
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

  it('the refusal message says it cannot and names what it can do', () => {
    expect(UNSUPPORTED_EDIT_MESSAGE).toMatch(/^The local editing engine can't do that\. It understands: black and white, sepia/);
    for (const word of ['rain', 'snow falling', 'cartoon', 'caption in quotes', 'background colour', 'rotate']) {
      expect(UNSUPPORTED_EDIT_MESSAGE).toContain(word);
    }
  });

  it('understands every editor chip except the two that need a generative model', () => {
    const refused = PROMPT_SUGGESTIONS.filter((chip) => kinds(chip).length === 0);
    expect(refused).toEqual(['put the girl in a black dress', 'remove the person on the left']);
  });
});
