/**
 * spec: app-core §4 Single-card mode: exactly one card and a home page without the add-card
 * button; the wallet then opens that card straight away.
 */
export function isSingleCardMode({ cardCount, addCardButton }: { cardCount: number; addCardButton: boolean }): boolean {
  return cardCount === 1 && !addCardButton;
}
