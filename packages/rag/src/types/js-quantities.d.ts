// js-quantities ships no types; these are the calls this project makes.
declare module "js-quantities" {
  interface Quantity {
    kind(): string;
  }
  interface QtyStatic {
    parse(text: string): Quantity | null;
  }
  const Qty: QtyStatic;
  export default Qty;
}
