import { randomInt } from 'node:crypto';
import { CARD_NUMBER_LENGTH } from '@kartu/core';

const cardIdAlphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
const cardIdLength = 24;

/** The Luhn check digit for a string of digits (ISO/IEC 7812), as payment cards use. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  // Doubling starts at the digit just left of where the check digit will go.
  for (let index = payload.length - 1, double = true; index >= 0; index -= 1, double = !double) {
    let digit = Number(payload[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit is the Luhn check digit of the others: catches most typing slips. */
export function hasValidCheckDigit(number: string): boolean {
  if (!/^\d{2,}$/.test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === Number(number.slice(-1));
}

/** A random 16-digit card number whose last digit is its Luhn check digit. spec: business-rules §5 */
export function generateCardNumber(): string {
  // A leading zero would read as a shorter number in spreadsheets and some POS systems.
  let payload = String(randomInt(1, 10));
  while (payload.length < CARD_NUMBER_LENGTH - 1) payload += String(randomInt(0, 10));
  return payload + String(luhnCheckDigit(payload));
}

/** A 24-character lowercase alphanumeric card id (about 124 random bits). spec: app-core §5 */
export function generateCardId(): string {
  let id = '';
  for (let index = 0; index < cardIdLength; index += 1) id += cardIdAlphabet[randomInt(cardIdAlphabet.length)];
  return id;
}
