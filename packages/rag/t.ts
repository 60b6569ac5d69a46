import { analyseQuestion } from "./src/answering/question-analysis";
import { sharedLexicon } from "./src/answering/wordnet-lexicon";
for (const q of process.argv.slice(2)) {
  const a = analyseQuestion(q, sharedLexicon());
  console.log(q, "\n  type", a.type, "counted", a.counted, "attr", a.attribute?.surface, "terms", a.terms.map((t) => t.surface + (t.answerWord ? "*" : "")).join(" "));
}
