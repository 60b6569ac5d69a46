import { analyseQuestion } from "./src/answering/question-analysis";
import { sharedLexicon } from "./src/answering/wordnet-lexicon";
const q = process.argv[2] as string;
const a = analyseQuestion(q, sharedLexicon());
console.log(a.type, a.subject, JSON.stringify(a.terms.map((t) => [t.surface, t.named, t.forms.slice(0, 4), t.related.slice(0, 8)])));
