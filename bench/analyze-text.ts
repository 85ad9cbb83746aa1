// `npx tsx bench/analyze-text.ts [--offers 20000]`: how fast the search index's text analysis runs on the realistic
// corpus (German, English and Chinese offers: title, keywords and description), once per language group and
// with cold caches first. Prints tokens per second.
import { parseArgs } from 'node:util';
import { analyzeText } from '../apps/server/src/modules/search/analysis/analyze-text';
import { machineLine } from './lib/bench-server';
import { generateRealisticOffers } from './lib/realistic-corpus/generate-realistic-offers';

const { values: args } = parseArgs({ options: { offers: { type: 'string', default: '20000' } } });
const texts: { text: string; language: string }[] = [];
for (const offer of generateRealisticOffers({ count: Number(args.offers) })) {
  texts.push({ text: `${offer.title}\n${offer.keywords.join(', ')}\n${offer.description}`, language: offer.language });
}

const lines = [
  '| texts | language | offers | characters | tokens | seconds | tokens/s |',
  '|---|---|---:|---:|---:|---:|---:|',
];
for (const pass of ['first pass', 'second pass']) {
  for (const language of ['de', 'en', 'zh', 'all']) {
    const chosen = texts.filter((text) => language === 'all' || text.language === language);
    let tokens = 0;
    let characters = 0;
    const started = performance.now();
    for (const { text, language: textLanguage } of chosen) {
      tokens += analyzeText(text, textLanguage).length;
      characters += text.length;
    }
    const seconds = (performance.now() - started) / 1000;
    lines.push(
      `| ${pass} | ${language} | ${chosen.length} | ${characters.toLocaleString('en')} | ${tokens.toLocaleString('en')} | ${seconds.toFixed(2)} | ${Math.round(tokens / seconds).toLocaleString('en')} |`,
    );
  }
}
lines.push('', machineLine());
console.log(lines.join('\n'));
