import type { DevQuestion } from "./run-invented-set";

const fips = "NIST.FIPS.197.pdf";
const airmf = "NIST.AI.100-1.pdf";
const jwt = "rfc7519.pdf";
const library = "orchard-valley-library-handbook.pdf";
const bike = "kestrel-k7-owners-manual.pdf";
const council = "riverside-council-minutes.pdf";

const on = (document: string, pages: number[], fact: string) => ({ document, pages, fact });

/** The PDFs of ../shared/corpus the corpus questions need. */
export const devCorpusFiles = [fips, airmf, jwt];

/**
 * The drafter's development questions, written for tuning it, apart from the eval's holdout.
 * Facts printed only in a table may be abstained on, but an answer must still be right.
 */
export const devQuestions: Array<DevQuestion & { corpus: boolean }> = [
  // Invented documents.
  { question: "How long can books be borrowed from the Orchard Valley Library?", answer: on(library, [2], "21 days") },
  { question: "How many times can an item be renewed?", answer: on(library, [2], "three times") },
  { question: "What is the fine for a late book?", answer: on(library, [3], "20 cents per day") },
  { question: "How much does a replacement library card cost?", answer: on(library, [2], "3 euros") },
  { question: "How long can a study room be booked?", answer: on(library, [3], "two hours") },
  { question: "How many items can a member borrow at once?", answer: on(library, [2], "25 items") },
  { question: "What is the battery capacity of the Kestrel K7?", answer: on(bike, [1], "625 Wh") },
  { question: "How long does it take to charge the K7 battery?", answer: on(bike, [1], "4.5 hours") },
  { question: "What is the range of the K7 in Eco mode?", answer: on(bike, [1], "140 km") },
  { question: "How often should the chain be lubricated?", answer: on(bike, [2], "every 300 km") },
  { question: "When is the first service of the e-bike due?", answer: on(bike, [2], "500 km") },
  { question: "How long is the warranty on the frame?", answer: on(bike, [3], "ten years") },
  { question: "What tyre pressure should be used?", answer: on(bike, [2], "3.5 and 5 bar") },
  { question: "Are brake pads covered by the warranty?", answer: on(bike, [3], "not covered") },
  { question: "What budget did the council approve for Willow Park?", answer: on(council, [1], "48,000 euros") },
  { question: "When will the next council meeting be held?", answer: on(council, [1], "11 April 2024") },
  { question: "How many street lamps will be replaced?", answer: on(council, [1], "120 street lamps") },
  { question: "Who will present the annual accounts?", answer: on(council, [2], "Mr Haddad") },
  { question: "How long will the park renovation last?", answer: on(council, [1], "eleven weeks") },
  // Near misses on the invented documents, and questions no document touches.
  { question: "What is the fine for a late DVD?" },
  { question: "What is the battery capacity of the Kestrel K9?" },
  { question: "What budget did the council approve for Oak Park?" },
  { question: "How much does a replacement bike battery cost?" },
  { question: "Who chaired the January meeting of the council?" },
  { question: "Who founded the Riverside Community Council?" },
  { question: "Which company built the frame of the Kestrel K7?" },
  { question: "Who designed the Orchard Valley Library building?" },
  { question: "What is the capital of Australia?" },
  { question: "How do I reset the password of my router?" },
].map((question) => ({ ...question, corpus: false }));

devQuestions.push(
  ...[
    { question: "When does the AES standard become effective?", answer: on(fips, [2], "May 26, 2002") },
    { question: "How often will NIST reevaluate the AES standard?", answer: on(fips, [2], "every five years") },
    { question: "How many rows of bytes does the State have?", answer: on(fips, [13], "four rows") },
    { question: "How many bits does a word have in AES?", answer: on(fips, [10], "32 bits") },
    { question: "What is the basic unit for processing in the AES algorithm?", answer: on(fips, [12], "a byte") },
    { question: "Have any weak keys been identified for AES?", answer: on(fips, [30], "No weak or semi-weak keys") },
    { question: "How does the MixColumns() transformation operate on the State?", answer: on(fips, [21], "column") },
    // Section 5.1.4 says it, and so does the glossary of functions in section 2.2 (page 10).
    { question: "Which operation adds the Round Key to the State?", answer: on(fips, [10, 22], "XOR") },
    { question: "How many words does the Key Expansion generate?", answer: on(fips, [23], "Nb (Nr + 1) words") },
    {
      question: "Who approves Federal Information Processing Standards?",
      answer: on(fips, [1], "Secretary of Commerce"),
    },
    { question: "What are the four functions of the AI RMF Core?", answer: on(airmf, [8, 25], "GOVERN, MAP, MEASURE") },
    { question: "When is a formal review of the AI RMF expected?", answer: on(airmf, [3], "no later than 2028") },
    { question: "What is residual risk?", answer: on(airmf, [13], "risk remaining after risk treatment") },
    {
      question: "Which categories of AI bias has NIST identified?",
      answer: on(airmf, [23], "systemic, computational"),
    },
    { question: "How is reliability defined in the AI RMF?", answer: on(airmf, [18], "ability of an item to perform") },
    { question: "What does risk tolerance refer to?", answer: on(airmf, [12], "readiness to bear the") },
    {
      question: "Who is most likely to directly experience the impacts of AI?",
      answer: on(airmf, [42], "general public"),
    },
    { question: "How is JWT pronounced?", answer: on(jwt, [4], "jot") },
    { question: "What does the jti claim provide?", answer: on(jwt, [10], "unique identifier") },
    { question: "Which signature algorithms must JWT implementations support?", answer: on(jwt, [16], "HS256") },
    { question: "How long is the review period for registering a JWT claim?", answer: on(jwt, [17], "three-week") },
    { question: "How long should a registered claim name be?", answer: on(jwt, [18], "8 characters") },
    { question: "What does the exp claim identify?", answer: on(jwt, [9], "expiration time") },
    { question: "What is a NumericDate?", answer: on(jwt, [6], "number of seconds") },
    { question: "What is the block size of Twofish?" },
    { question: "What is the key length of AES-512?" },
    { question: "How many rounds does DES use?" },
    { question: "When will version 2.0 of the AI RMF be released?" },
    { question: "What is the maximum lifetime of a JWT?" },
    { question: "Which JWT claim carries the email address of the user?" },
  ].map((question) => ({ ...question, corpus: true })),
);
