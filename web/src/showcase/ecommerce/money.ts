// Amounts of the e-commerce sample: Canadian dollars in the interface language's format.

/** An amount in Canadian dollars, written as Canadians read it in the interface language ($49.95, 49,95 $). */
export const cad = (amount: number, language: string) =>
  new Intl.NumberFormat(`${language}-CA`, { style: 'currency', currency: 'CAD' }).format(amount);
