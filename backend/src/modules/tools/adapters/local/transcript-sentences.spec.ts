import { cleanSentence, transcriptSentences } from './transcript-sentences';

describe('cleanSentence', () => {
  it.each([
    ['um so we we start here', 'So we start here.'],
    ['the the the cat sat', 'The cat sat.'],
    ['I I think I think it works', 'I think it works.'],
    ['it was, you know, really good', 'It was really good.'],
    ['it was you know really good', 'It was really good.'],
    ['do you know the way', 'Do you know the way.'],
    ['you know what I mean', 'You know what I mean.'],
    ['i think i\'m right and i\'ve seen it', "I think I'm right and I've seen it."],
    ['i.e. this one', 'I.e. this one.'],
    ['hello , world !!', 'Hello, world!'],
    ['okay, so here we go', 'Here we go.'],
    ['what is it ?', 'What is it?'],
    ['wait,,  what', 'Wait, what.'],
    ['"quoted start"', '"Quoted start".'],
    ['ends with comma,', 'Ends with comma.'],
    ['très très bien', 'Très bien.'],
    ['we need to we need to go', 'We need to go.'],
    ['you hear the first crack the first crack means light', 'You hear the first crack the first crack means light.'],
  ])('%s → %s', (input, expected) => {
    expect(cleanSentence(input)).toBe(expected);
  });

  it('leaves English fillers alone in other languages ("er" is German for "he")', () => {
    expect(cleanSentence('er sagt er kommt', false)).toBe('Er sagt er kommt.');
  });

  it('gives nothing for a sentence with no words', () => {
    expect(cleanSentence(' , . ')).toBe('');
  });
});

describe('transcriptSentences', () => {
  it('splits punctuated captions at sentence ends, across caption lines, not after "Mr."', () => {
    expect(transcriptSentences(['Hello there. Mr. Smith is', 'here today! Is he?', 'Yes.'], 'en')).toEqual([
      'Hello there.',
      'Mr. Smith is here today!',
      'Is he?',
    ]);
  });

  it('makes sentences of unpunctuated captions from whole lines', () => {
    const sentences = transcriptSentences(
      ['so today we look at the new phone', 'it has a big screen and a fast chip', 'but the battery is small', 'and it costs a lot of money'],
      'en',
    );
    expect(sentences).toEqual(['So today we look at the new phone it has a big screen and a fast chip.', 'But the battery is small and it costs a lot of money.']);
  });
});
